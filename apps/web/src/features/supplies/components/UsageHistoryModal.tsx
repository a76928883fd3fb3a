import type { StockRecord } from '@it4u/shared';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { formatDate } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useUsageHistoryQuery } from '../useUsageHistoryQuery.ts';

type Props = { serialNum: string; onClose: () => void };

/** Usage history: every stock out of one serial number, oldest first. */
export function UsageHistoryModal({ serialNum, onClose }: Props) {
  const { t } = useTranslation();
  const history = useUsageHistoryQuery(serialNum);
  const historyRows = history.data ?? [];
  const historyState = useListState(history, { rows: historyRows.length });
  const columns: RegisterColumn<StockRecord>[] = [
    { key: 'index', title: t('supplies.columns.index'), width: 64, align: 'center', render: (_, __, i) => i + 1 },
    {
      key: 'exportDate',
      title: t('supplies.stock.columns.exportDate'),
      dataIndex: 'exportDate',
      width: 120,
      render: (value: number) => formatDate(value),
    },
    { key: 'itemCode', title: t('supplies.columns.itemCode'), dataIndex: 'itemCode', width: 120 },
    { key: 'itemName', title: t('supplies.columns.itemName'), dataIndex: 'itemName', width: 180 },
    {
      key: 'customer',
      title: t('supplies.stock.columns.customer'),
      width: 180,
      render: (_, row) => row.contract && <CustomerLink id={row.contract.id} name={row.contract.clientName} />,
    },
    {
      key: 'numContract',
      title: t('supplies.stock.columns.numContract'),
      width: 140,
      render: (_, row) => row.contract?.numContract ?? '',
    },
    {
      key: 'street',
      title: t('supplies.stock.columns.street'),
      width: 220,
      render: (_, row) => row.contract?.street ?? '',
    },
  ];
  return (
    <Modal
      open
      title={t('supplies.history.title', { serialNum })}
      onCancel={onClose}
      width={960}
      footer={<Button onClick={onClose}>{t('common.upload.close')}</Button>}
    >
      {historyState.alert}
      <RegisterTable<StockRecord>
        card={{ title: ['exportDate', 'customer'] }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={historyRows}
        loading={historyState.loading}
        locale={historyState.locale}
        pagination={false}
        scroll={{ x: 'max-content', y: 400 }}
      />
    </Modal>
  );
}
