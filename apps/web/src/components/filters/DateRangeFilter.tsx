import { DATE_FORMAT } from '@it4u/shared';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PickedRange } from './dateRange.ts';

type Common = { disabled?: boolean };
/** A range that is always set (e.g. the supplies report), or one that may be cleared to mean "any date". */
type Props =
  | (Common & { value: PickedRange; onChange: (range: PickedRange) => void; allowClear?: false })
  | (Common & { value: PickedRange | null; onChange: (range: PickedRange | null) => void; allowClear: true });

/** A date range in DD-MM-YYYY with the presets Today and This Month. */
export function DateRangeFilter(props: Props) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('common.dateRange.label')}
      value={props.value}
      format={DATE_FORMAT}
      allowClear={props.allowClear === true}
      disabled={props.disabled}
      // (a disabled picker without a value must allow empty ends, or antd warns)
      allowEmpty={props.disabled && !props.value ? [true, true] : undefined}
      presets={[
        { label: t('common.dateRange.today'), value: () => [dayjs().startOf('day'), dayjs()] },
        { label: t('common.dateRange.thisMonth'), value: () => [dayjs().startOf('month'), dayjs()] },
      ]}
      onChange={(range) => {
        if (range?.[0] && range[1]) props.onChange([range[0], range[1]]);
        else if (props.allowClear) props.onChange(null);
      }}
    />
  );
}
