import type { Sighting, StockRecord } from '@it4u/shared';
import { Button, Empty, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { formatDate, formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useSeenQuery } from '../useReconciliation.ts';
import { useUsageHistoryQuery } from '../useUsageHistoryQuery.ts';

/** Where the serial was seen online: each site, its customer, first and last seen. */
function SeenOnline({ serialNum }: { serialNum: string }) {
  const { t } = useTranslation();
  const seen = useSeenQuery(serialNum);
  const rows = seen.data ?? [];
  const state = useListState(seen, {
    rows: rows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supplies.history.seenEmpty')} />,
  });
  const R = 'supplies.reconciliation.columns';
  const columns: RegisterColumn<Sighting>[] = [
    {
      key: 'site',
      title: t(`${R}.site`),
      render: (_, s) => (
        <>
          <Link to={`/home?site=${encodeURIComponent(s.site.idname)}`}>{s.site.sitename}</Link>
          {s.kind === 'client' && <Tag style={{ marginInlineStart: 4 }}>{t('supplies.reconciliation.client')}</Tag>}
        </>
      ),
    },
    {
      key: 'customer',
      title: t(`${R}.siteCustomer`),
      render: (_, s) => (s.customer ? <CustomerLink id={s.customer.id} name={s.customer.clientName} /> : '—'),
    },
    { key: 'mac', title: t(`${R}.mac`), render: (_, s) => <Typography.Text code>{s.mac}</Typography.Text> },
    { key: 'firstSeen', title: t(`${R}.since`), render: (_, s) => formatDateTime(s.firstSeen) },
    { key: 'lastSeen', title: t(`${R}.lastSeen`), render: (_, s) => formatDateTime(s.lastSeen) },
  ];
  return (
    <>
      <Typography.Title level={5}>{t('supplies.history.seenTitle')}</Typography.Title>
      {state.alert}
      <RegisterTable<Sighting>
        aria-label={t('supplies.history.seenTitle')}
        card={{ title: ['site', 'customer'] }}
        rowKey={(s) => `${s.mac}/${s.site.idname}`}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={state.loading}
        locale={state.locale}
        pagination={false}
        scroll={{ x: 'max-content', y: 240 }}
      />
    </>
  );
}

type Props = { serialNum: string; onClose: () => void };

/** Usage history: every stock out of one serial number, oldest first; then where it was seen online. */
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
      <Typography.Title level={5}>{t('supplies.history.recordsTitle')}</Typography.Title>
      {historyState.alert}
      <RegisterTable<StockRecord>
        aria-label={t('supplies.history.recordsTitle')}
        card={{ title: ['exportDate', 'customer'] }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={historyRows}
        loading={historyState.loading}
        locale={historyState.locale}
        pagination={false}
        scroll={{ x: 'max-content', y: 320 }}
      />
      <SeenOnline serialNum={serialNum} />
    </Modal>
  );
}
