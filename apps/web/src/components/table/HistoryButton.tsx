import { HistoryOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

type Props = {
  label: string;
  disabled: boolean;
  onClick: () => void;
  /** Why there is no history (shown on hover), if there is none. */
  hint?: string;
};

/** The History button of a table row. */
export function HistoryButton({ label, disabled, onClick, hint }: Props) {
  return (
    <Tooltip title={hint}>
      <Button type="link" size="small" icon={<HistoryOutlined aria-hidden />} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </Tooltip>
  );
}
