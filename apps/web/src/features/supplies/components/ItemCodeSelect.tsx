import type { SupplyItem } from '@it4u/shared';
import { Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { useDebounced } from '../../../components/form/useDebounced.ts';
import { ScanButton } from '../../../components/scan/ScanButton.tsx';
import { useItemOptionsQuery } from '../useItemOptionsQuery.ts';

type Props = {
  value?: string;
  onChange?: (itemCode: string) => void;
  /** The chosen catalogue item, for its name and unit. */
  onPick?: (item: SupplyItem) => void;
  status?: 'error' | 'warning' | '';
};

/** Item code: a searchable select of catalogue items (asks the server as you type), or read from a label. */
export function ItemCodeSelect({ value, onChange, onPick, status }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const items = useItemOptionsQuery(q, open);
  const found = items.data?.items ?? [];
  const options = found.map((item) => ({ value: item.itemCode, label: `${item.itemCode} — ${item.name}` }));
  if (value && !found.some((item) => item.itemCode === value)) options.unshift({ value, label: value });

  /** A code read from a label: the item of that code, as if picked (its name and unit come with it). */
  const scanned = async (code: string) => {
    onChange?.(code);
    const answer = await call('GET /it4u/listSupplies', { query: { page: 1, pageSize: 5, q: code } }).catch(() => null);
    const item = answer?.items.find((candidate) => candidate.itemCode.toLowerCase() === code.toLowerCase());
    if (item) {
      onChange?.(item.itemCode);
      onPick?.(item);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<string>
        aria-label={t('supplies.columns.itemCode')}
        value={value || undefined}
        placeholder={t('supplies.stock.pickItem')}
        status={status}
        style={{ width: '100%' }}
        popupMatchSelectWidth={320}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={items.isFetching}
        notFoundContent={items.isFetching ? t('app.loading') : t('supplies.stock.noItem')}
        onOpenChange={setOpen}
        options={options}
        labelRender={(option) => option.value}
        onChange={(code) => {
          onChange?.(code);
          const item = found.find((candidate) => candidate.itemCode === code);
          if (item) onPick?.(item);
        }}
      />
      <ScanButton
        what={t('supplies.columns.itemCode')}
        onScan={([code]) => {
          if (code !== undefined) void scanned(code);
        }}
      />
    </Space.Compact>
  );
}
