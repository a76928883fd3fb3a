import { Alert, Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../api/errors.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { discard, type KeptStockOut, sendAnyway } from '../../../offline/outbox.ts';
import type { StockRow } from '../stockRow.ts';

type Props = {
  kept: KeptStockOut<StockRow>[];
  /** a refused one, opened as a new row to fix */
  onEdit: (entry: KeptStockOut<StockRow>) => void;
  busy: boolean;
};

/**
 * The stock-outs kept on this phone while the console could not be reached: each waits to be sent, is being sent, or
 * was refused with the reason (fixed in a new row, sent anyway to move the serial, or discarded).
 */
export function KeptStockOuts({ kept, onEdit, busy }: Props) {
  const { t } = useTranslation();
  if (kept.length === 0) return null;
  return (
    <Alert
      type={kept.some((e) => e.state === 'refused') ? 'error' : 'warning'}
      style={{ marginBottom: 12 }}
      title={t('offline.kept.title', { count: kept.length })}
      description={
        <section aria-label={t('offline.kept.title', { count: kept.length })}>
          <List<KeptStockOut<StockRow>>
            size="small"
            dataSource={kept}
            renderItem={(entry) => {
              const { row } = entry;
              const customer = row.contract ? `${row.contract.clientName} (${row.contract.numContract})` : '';
              const reason =
                entry.state === 'refused'
                  ? (codeText(t, entry.refusal?.code, entry.refusal?.params) ?? t('errors.generic'))
                  : null;
              return (
                <List.Item
                  key={entry.ref}
                  actions={
                    entry.state === 'refused'
                      ? [
                          <Button key="edit" size="small" disabled={busy} onClick={() => onEdit(entry)}>
                            {t('offline.kept.fix')}
                          </Button>,
                          <Button key="anyway" size="small" onClick={() => sendAnyway(entry.ref)}>
                            {t('offline.kept.sendAnyway')}
                          </Button>,
                          <Popconfirm
                            key="discard"
                            title={t('offline.kept.discardConfirm')}
                            okText={t('offline.kept.discard')}
                            cancelText={t('common.cancel')}
                            onConfirm={() => discard(entry.ref)}
                          >
                            <Button size="small" danger>
                              {t('offline.kept.discard')}
                            </Button>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                    <Space wrap size={4}>
                      <Tag color={entry.state === 'refused' ? 'red' : entry.state === 'sending' ? 'blue' : 'gold'}>
                        {t(`offline.kept.states.${entry.state}`)}
                      </Tag>
                      <Typography.Text strong>
                        {row.itemCode} {row.itemName}
                      </Typography.Text>
                    </Space>
                    <Typography.Text>
                      {[row.serialNum && `${t('supplies.stock.columns.serialNum')}: ${row.serialNum}`, customer]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('offline.kept.savedAt', { time: formatDateTime(entry.savedAt) })}
                    </Typography.Text>
                    {reason && <Typography.Text type="danger">{reason}</Typography.Text>}
                  </Space>
                </List.Item>
              );
            }}
          />
        </section>
      }
    />
  );
}
