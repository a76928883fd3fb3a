import { CHANNEL_STATUSES } from '@it4u/shared';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../../components/filters/SelectFilter.tsx';
import { useProvidersQuery } from '../useProvidersQuery.ts';

type Props = {
  providerId: number | null;
  status: string;
  onProvider: (providerId: number | null) => void;
  onStatus: (status: string) => void;
  disabled?: boolean;
};

/** The provider and status filters of both channel tables. */
export function ChannelFilters({ providerId, status, onProvider, onStatus, disabled }: Props) {
  const { t } = useTranslation();
  const providers = useProvidersQuery();
  return (
    <Space wrap>
      <Select<number | 0>
        aria-label={t('channels.filter.provider')}
        value={providerId ?? 0}
        onChange={(id) => onProvider(id === 0 ? null : id)}
        disabled={disabled}
        loading={providers.isFetching}
        style={{ width: 200 }}
        showSearch={{ optionFilterProp: 'label' }}
        options={[
          { value: 0, label: t('channels.filter.allProviders') },
          ...(providers.data ?? []).map((p) => ({ value: p.id, label: p.name })),
        ]}
      />
      <SelectFilter
        label={t('channels.filter.status')}
        allLabel={t('channels.filter.allStatuses')}
        options={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`channels.status.${s}`) }))}
        value={status}
        onChange={onStatus}
        width={160}
        disabled={disabled}
      />
    </Space>
  );
}
