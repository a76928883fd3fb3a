import { Select } from 'antd';

type Props = {
  /** The accessible name of the select. */
  label: string;
  /** The first option, '' for "any". */
  allLabel: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  width: number;
  disabled?: boolean;
};

/** A filter select of a table whose first option, '' (e.g. "All statuses"), filters nothing out. */
export function SelectFilter({ label, allLabel, options, value, onChange, width, disabled }: Props) {
  return (
    <Select<string>
      aria-label={label}
      value={value}
      onChange={onChange}
      disabled={disabled}
      style={{ width }}
      options={[{ value: '', label: allLabel }, ...options]}
    />
  );
}
