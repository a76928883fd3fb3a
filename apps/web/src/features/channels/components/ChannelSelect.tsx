import type { ChannelAttribute } from '@it4u/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/form/useDebounced.ts';
import { useAttributeOptionsQuery } from '../useAttributeOptionsQuery.ts';

type Props = {
  value?: ChannelAttribute | null;
  onChange?: (channel: ChannelAttribute | null) => void;
  status?: 'error' | 'warning' | '';
};

const describe = (c: ChannelAttribute) => [c.name || `#${c.id}`, c.customer].filter(Boolean).join(' — ');

/** A registered channel: a searchable select (asks the server as you type). */
export function ChannelSelect({ value, onChange, status }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const channels = useAttributeOptionsQuery(q, open);
  const found = channels.data?.items ?? [];
  const options = found.map((c) => ({ value: c.id, label: describe(c) }));
  if (value && !found.some((c) => c.id === value.id)) options.unshift({ value: value.id, label: describe(value) });

  return (
    <Select<number>
      aria-label={t('channels.fields.channel')}
      value={value?.id}
      placeholder={t('channels.details.pickChannel')}
      status={status}
      style={{ width: '100%' }}
      popupMatchSelectWidth={320}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={channels.isFetching}
      notFoundContent={channels.isFetching ? t('app.loading') : t('channels.details.noChannel')}
      onOpenChange={setOpen}
      options={options}
      labelRender={() => (value ? value.name || `#${value.id}` : '')}
      onChange={(id) => {
        const channel = found.find((c) => c.id === id) ?? (value?.id === id ? value : null);
        onChange?.(channel);
      }}
    />
  );
}
