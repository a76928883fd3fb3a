import { DATE_FORMAT } from '@it4u/shared';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PickedRange } from '../dateRange.ts';

type Props = { value: PickedRange; onChange: (range: PickedRange) => void; disabled?: boolean };

/** A date range in DD-MM-YYYY with the presets Today and This Month. */
export function DateRangeFilter({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('supplies.filter.range')}
      value={value}
      format={DATE_FORMAT}
      allowClear={false}
      disabled={disabled}
      presets={[
        { label: t('supplies.filter.today'), value: () => [dayjs().startOf('day'), dayjs()] },
        { label: t('supplies.filter.thisMonth'), value: () => [dayjs().startOf('month'), dayjs()] },
      ]}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange([range[0], range[1]]);
      }}
    />
  );
}
