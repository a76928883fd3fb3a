import { EyeOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerInfo } from '@it4u/shared';
import { Button, Card, Empty, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isStatus } from '../../api/errors.ts';
import { saveSheet } from '../../components/download/writeSheet.ts';
import { useListState } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatUptime } from '../../components/format/units.ts';
import { DeleteAction } from '../../components/table/DeleteAction.tsx';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { SearchBox, TableToolbar } from '../../components/table/TableToolbar.tsx';
import { useClientPagination } from '../../components/table/useClientPagination.ts';
import { useCan } from '../../session/useCan.ts';
import { AddCustomerSiteModal } from './components/AddCustomerSiteModal.tsx';
import { CustomerDetailModal } from './components/CustomerDetailModal.tsx';
import { LinkStateTag } from './components/LinkStateTag.tsx';
import { matches, pushedAgo, reportSheetRows, WANS, type WanNumber, wanOf } from './report.ts';
import './wanLinks.css';
import { CustomerLink } from '../../components/customers/CustomerLink.tsx';
import { formatDateTimeSeconds } from '../../components/format/formatting.ts';
import { useCustomersQuery } from './useCustomersQuery.ts';
import { useDeleteCustomerSiteMutation } from './useDeleteCustomerSiteMutation.ts';
import { useServiceGroupsQuery } from './useServiceGroupsQuery.ts';

const ALL = 'ALL';

/** /reporter: every customer site with its WAN links (pushed by its router) and its access points, down ones marked. */
export function WanLinksPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const manage = useCan('manage');
  const [group, setGroup] = useState(ALL);
  // the search box's hit of a site no customer has opens the report searched for it (`?q=`)
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => (params.get('q') ?? '').slice(0, 200));
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<CustomerInfo | null>(null);
  const customers = useCustomersQuery(group);
  const groups = useServiceGroupsQuery();
  const remove = useDeleteCustomerSiteMutation();
  const pagination = useClientPagination();
  const rows = (customers.data ?? []).filter((row) => matches(row, query));
  const customersState = useListState(customers, {
    rows: rows.length,
    empty: <Empty description={t('wanLinks.empty')} />,
    polled: true,
  });

  if (isStatus(customers.error, 403)) return <Navigate to="/403" replace />;

  const down = rows.filter((r) => r.down).length;
  const stale = rows.filter((r) => r.stale).length;

  const onDelete = (row: CustomerInfo) =>
    remove.mutateAsync(row.id).then(
      () => notice.success(t('notices.deleted')),
      (error: unknown) => notice.error(error),
    );

  const onExport = () =>
    saveSheet(reportSheetRows(rows, t), {
      widths: [28, 14, 24, 12, 10, 10, ...WANS.flatMap(() => [12, 16, 10, 14]), 14, 18, 14],
      sheet: t('wanLinks.sheet.name'),
      file: `customer-report-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
    }).catch((error: unknown) => notice.error(error));

  const wanColumn = (n: WanNumber): RegisterColumn<CustomerInfo> => ({
    key: `wan${n}`,
    title: t('wanLinks.columns.wan', { n }),
    width: 140,
    render: (_, row) => {
      const w = wanOf(row, n);
      if (!w.provider) return <Typography.Text type="secondary">—</Typography.Text>;
      return (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{w.provider}</Typography.Text>
            <LinkStateTag state={w.state} />
          </Flex>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{w.ip || '—'}</Typography.Text>
          {w.uptime !== null && w.state === 'up' && (
            <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatUptime(w.uptime, t)}
            </Typography.Text>
          )}
        </Flex>
      );
    },
  });

  const columns: RegisterColumn<CustomerInfo>[] = [
    {
      key: 'site',
      title: t('wanLinks.columns.site'),
      width: 180,
      sorter: (a, b) => a.sitename.localeCompare(b.sitename),
      render: (_, row) => (
        <Flex vertical gap={2} align="start">
          <Typography.Text strong>{row.sitename}</Typography.Text>
          {row.idname ? (
            <Typography.Text type="secondary">{row.idname}</Typography.Text>
          ) : (
            <Tag color="warning">{t('wanLinks.notInSiteNames')}</Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('wanLinks.sheet.state'),
      width: 120,
      sorter: (a, b) => Number(b.down) - Number(a.down) || Number(b.stale) - Number(a.stale),
      render: (_, row) =>
        row.stale ? (
          <Tooltip title={t('wanLinks.staleHint')}>
            <Tag>{t('wanLinks.stale')}</Tag>
          </Tooltip>
        ) : row.down ? (
          <Tag color="error">{t('wanLinks.siteState.down')}</Tag>
        ) : (
          <Tag color="success">{t('wanLinks.siteState.ok')}</Tag>
        ),
    },
    {
      key: 'customer',
      title: t('wanLinks.columns.customer'),
      width: 170,
      render: (_, row) => <CustomerLink id={row.customerId} name={row.customer} />,
    },
    { key: 'service', title: t('wanLinks.columns.service'), dataIndex: 'groupClient', width: 100 },
    {
      key: 'aps',
      title: t('wanLinks.columns.aps'),
      width: 110,
      render: (_, row) =>
        row.apconnected === null ? (
          '—'
        ) : (
          <Typography.Text type={row.apdisconnected ? 'danger' : undefined}>
            {t('wanLinks.aps', { connected: row.apconnected, disconnected: row.apdisconnected ?? 0 })}
          </Typography.Text>
        ),
    },
    ...WANS.map(wanColumn),
    {
      key: 'lb',
      title: t('wanLinks.columns.lb'),
      width: 130,
      render: (_, row) => (row.uptimeLb === null ? '—' : formatUptime(row.uptimeLb, t)),
    },
    {
      key: 'lastPush',
      title: t('wanLinks.columns.lastPush'),
      width: 115,
      sorter: (a, b) => (a.lastPush ?? 0) - (b.lastPush ?? 0),
      render: (_, row) =>
        row.lastPush === null ? (
          t('wanLinks.never')
        ) : (
          <Tooltip title={formatDateTimeSeconds(row.lastPush)}>
            <span>{pushedAgo(row)}</span>
          </Tooltip>
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: manage ? 170 : 90,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined aria-hidden />}
            aria-label={t('wanLinks.viewOne', { site: row.sitename })}
            onClick={() => setViewing(row)}
          >
            {t('wanLinks.view')}
          </Button>
          {manage && <DeleteAction onConfirm={() => onDelete(row)} />}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('wanLinks.title')} className="wan-links-page">
      <TableToolbar
        left={
          <>
            <SearchBox
              aria-label={t('wanLinks.searchLabel')}
              placeholder={t('wanLinks.searchPlaceholder')}
              style={{ width: 300, maxWidth: '100%' }}
              defaultValue={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Select
              aria-label={t('wanLinks.service')}
              style={{ minWidth: 180 }}
              value={group}
              onChange={setGroup}
              options={[
                { value: ALL, label: t('wanLinks.allServices') },
                ...(groups.data ?? []).map((g) => ({ value: g, label: g })),
              ]}
            />
          </>
        }
        right={
          <>
            <Button
              icon={<FileExcelOutlined aria-hidden />}
              disabled={rows.length === 0}
              onClick={() => void onExport()}
            >
              {t('wanLinks.export')}
            </Button>
            {manage && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
                {t('wanLinks.add')}
              </Button>
            )}
          </>
        }
      />
      {customersState.alert}
      {customers.data && (
        <Typography.Paragraph type="secondary" role="status">
          {t('wanLinks.summary', { total: rows.length, down, stale })}
        </Typography.Paragraph>
      )}
      <RegisterTable<CustomerInfo>
        rowKey="id"
        size="middle"
        aria-label={t('wanLinks.tableLabel')}
        columns={columns}
        card={{ title: ['site'], status: 'state', actions: 'actions', fields: ['wan1', 'lastPush'] }}
        chooser={{ key: 'reporter', hidden: ['customer', 'wan3', 'wan4', 'lb'] }}
        dataSource={rows}
        loading={customersState.loading}
        rowClassName={(row) => (row.stale ? 'customer-stale' : row.down ? 'customer-down' : '')}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        locale={customersState.locale}
      />
      {adding && <AddCustomerSiteModal groups={groups.data ?? []} onClose={() => setAdding(false)} />}
      {viewing && <CustomerDetailModal id={viewing.id} sitename={viewing.sitename} onClose={() => setViewing(null)} />}
    </Card>
  );
}
