import type { ChannelChange, ChannelHistoryEntry } from '@it4u/shared';
import { Alert, Button, Empty, Modal, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import { entityLabel, fieldLabel, historyValue, shownChanges } from '../history.ts';
import { useHistoryQuery } from '../useHistoryQuery.ts';

type Props = { attributeId: number; name: string; onClose: () => void };

const ACTION_COLORS: Record<ChannelHistoryEntry['action'], string> = { create: 'green', update: 'blue', delete: 'red' };

/** The change history of a channel and its details, newest first (kept after a delete). */
export function HistoryModal({ attributeId, name, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const history = useHistoryQuery(attributeId);
  const entries = history.data ?? [];
  const channel = { id: attributeId, name };

  const value = (change: ChannelChange, side: 'old' | 'new') =>
    historyValue(change.field, change[side], t, i18n.language, channel);

  /** A change shows old and new values; a creation only the values it made, a deletion those it removed. */
  const changesTable = (entry: ChannelHistoryEntry) => {
    const columns: RegisterColumn<ChannelChange>[] = [
      { key: 'field', title: t('channels.history.field'), width: '34%', render: (_, c) => fieldLabel(c.field, t) },
    ];
    if (entry.action !== 'create') {
      columns.push({
        key: 'old',
        title: t(entry.action === 'delete' ? 'channels.history.value' : 'channels.history.old'),
        render: (_, c) => value(c, 'old'),
      });
    }
    if (entry.action !== 'delete') {
      columns.push({
        key: 'new',
        title: t(entry.action === 'create' ? 'channels.history.value' : 'channels.history.new'),
        render: (_, c) => value(c, 'new'),
      });
    }
    return (
      <Table<ChannelChange>
        size="small"
        bordered
        rowKey="field"
        pagination={false}
        tableLayout="fixed"
        dataSource={shownChanges(entry)}
        aria-label={t('channels.history.changes')}
        columns={columns}
      />
    );
  };

  return (
    <Modal
      open
      title={t('channels.history.title', { name: name || `#${attributeId}` })}
      onCancel={onClose}
      width={720}
      footer={<Button onClick={onClose}>{t('common.upload.close')}</Button>}
    >
      {history.isError && (
        <Alert type="error" showIcon title={errorText(history.error, t)} style={{ marginBottom: 16 }} />
      )}
      {history.isPending && !history.isError && (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      )}
      {history.isSuccess && entries.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.history.empty')} />
      )}
      {entries.length > 0 && (
        <div className="channel-history">
          <Timeline
            items={entries.map((entry) => ({
              key: entry.id,
              color: ACTION_COLORS[entry.action],
              content: (
                <div className="channel-history-entry">
                  <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
                    <Typography.Text strong>{formatDateTime(entry.at)}</Typography.Text>
                    <Tag color={ACTION_COLORS[entry.action]}>{t(`channels.history.action.${entry.action}`)}</Tag>
                    <Typography.Text>{entityLabel(entry, t)}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('channels.history.by', { name: entry.actorName })}
                    </Typography.Text>
                  </Space>
                  {shownChanges(entry).length > 0 ? (
                    changesTable(entry)
                  ) : (
                    <Typography.Text type="secondary">{t('channels.history.noFields')}</Typography.Text>
                  )}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
}
