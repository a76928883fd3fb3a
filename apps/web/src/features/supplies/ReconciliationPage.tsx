import { DownloadOutlined, HistoryOutlined, SyncOutlined } from '@ant-design/icons';
import { RECONCILIATION_CASES, type ReconciliationCase, type ReconciliationRow } from '@it4u/shared';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  InputNumber,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { pathOf } from '../../api/call.ts';
import { isStatus } from '../../api/errors.ts';
import { CustomerLink } from '../../components/customers/CustomerLink.tsx';
import { useDownload } from '../../components/download/useDownload.ts';
import { useListState } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatDate, formatDateTime, formatNumber } from '../../components/format/formatting.ts';
import { STATUS_KEYS, statusColor } from '../../components/format/stockStatus.ts';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { SearchBox } from '../../components/table/TableToolbar.tsx';
import { usePaging } from '../../components/table/usePaging.ts';
import { OwnDevicesModal } from './components/OwnDevicesModal.tsx';
import { type Settle, SettleButton, SettleDialog, settlementsOf } from './components/SettleDialog.tsx';
import { UsageHistoryModal } from './components/UsageHistoryModal.tsx';
import {
  reconciliationQuery,
  useOwnDevicesQuery,
  useReconciliationQuery,
  useScanMutation,
} from './useReconciliation.ts';

const K = 'supplies.reconciliation';
const DEFAULT_DAYS = 7;
const isCase = (v: string | null): v is ReconciliationCase =>
  v !== null && (RECONCILIATION_CASES as readonly string[]).includes(v);
const siteLink = (idname: string, name: string) => <Link to={`/home?site=${encodeURIComponent(idname)}`}>{name}</Link>;

/** The cases whose rows wait `days` (a device to show itself, or to come back). */
const WAITING: readonly ReconciliationCase[] = ['notSeen', 'offline'];

/** The marked devices' count, and their list (in the never-issued case). */
function OwnDevicesLink() {
  const { t, i18n } = useTranslation();
  const own = useOwnDevicesQuery();
  const [open, setOpen] = useState(false);
  if (!own.data) return null;
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t(`${K}.actions.ownList`, { n: formatNumber(own.data.length, i18n.language) })}
      </Button>
      {open && <OwnDevicesModal onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * /reconciliation: every device that left the warehouse, looked for on the network (manage roles). Five cases, each
 * with its count: issued but never seen online, seen since and offline now, online at another customer's site,
 * recalled or broken yet online, online at a customer's site but never issued. Each row links to the serial's
 * history, the site and the customers, and is settled from its menu (recalled, issued to the site's customer, marked
 * as the operator's own).
 */
export function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const wide = Grid.useBreakpoint().md === true;
  const notice = useNotice();
  const [params, setParams] = useSearchParams();
  const asked = params.get('case');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [settling, setSettling] = useState<Settle | null>(null);
  const paging = usePaging();
  const filters = { case: isCase(asked) ? asked : null, days, q: paging.q };
  const rows = useReconciliationQuery({ ...filters, page: paging.page, pageSize: paging.pageSize });
  const scan = useScanMutation();
  const download = useDownload();
  const data = rows.data;
  // the case asked wins over the answer still shown from before (which keeps the previous case while the next loads)
  const shown: ReconciliationCase = filters.case ?? data?.case ?? 'notSeen';
  const items = data?.items ?? [];
  const state = useListState(rows, {
    rows: items.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${K}.empty.${shown}`)} />,
  });
  if (isStatus(rows.error, 403)) return <Navigate to="/403" replace />;

  const pick = (next: ReconciliationCase) => {
    setParams((p) => {
      p.set('case', next);
      return p;
    });
    paging.toFirstPage();
  };
  const caseLabel = (c: ReconciliationCase) =>
    data ? `${t(`${K}.cases.${c}`)} (${formatNumber(data.counts[c], language)})` : t(`${K}.cases.${c}`);
  const onScan = async () => {
    try {
      const done = await scan.mutateAsync();
      notice.success(t(`${K}.scanned`, { sites: formatNumber(done?.sites ?? 0, language) }));
    } catch (error) {
      notice.error(error);
    }
  };

  const serialOf = (r: ReconciliationRow) => r.record?.serialNum || r.seen?.serial || '';
  const columns: RegisterColumn<ReconciliationRow>[] = [
    {
      key: 'serial',
      title: t(`${K}.columns.serial`),
      render: (_, r) => {
        const serial = serialOf(r);
        if (!serial) return '—';
        return r.record ? (
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined aria-hidden />}
            style={{ padding: 0 }}
            aria-label={t(`${K}.history`, { serial })}
            onClick={() => setHistoryOf(serial)}
          >
            {serial}
          </Button>
        ) : (
          serial
        );
      },
    },
    {
      key: 'mac',
      title: t(`${K}.columns.mac`),
      render: (_, r) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {r.record?.mac || r.seen?.mac || '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'item',
      title: shown === 'unissued' ? t(`${K}.columns.device`) : t(`${K}.columns.item`),
      render: (_, r) =>
        r.record
          ? `${r.record.itemName} (${r.record.itemCode})`
          : [r.seen?.name, r.seen?.model].filter(Boolean).join(' · ') || '—',
    },
  ];
  if (shown !== 'unissued') {
    columns.push(
      {
        key: 'status',
        title: t(`${K}.columns.status`),
        render: (_, r) =>
          r.record && (
            <Tag color={statusColor(r.record.status)}>{t(`supplies.status.${STATUS_KEYS[r.record.status]}`)}</Tag>
          ),
      },
      {
        key: 'issued',
        title: t(`${K}.columns.issued`),
        render: (_, r) => formatDate(r.record?.exportDate),
      },
      {
        key: 'recordCustomer',
        title: t(`${K}.columns.recordCustomer`),
        render: (_, r) =>
          r.record?.contract ? <CustomerLink id={r.record.contract.id} name={r.record.contract.clientName} /> : '—',
      },
    );
  }
  if (shown !== 'notSeen') {
    columns.push(
      {
        key: 'site',
        title: t(`${K}.columns.site`),
        render: (_, r) =>
          r.seen ? (
            <Space size={4} wrap>
              {siteLink(r.seen.site.idname, r.seen.site.sitename)}
              {r.seen.kind === 'client' && <Tag>{t(`${K}.client`)}</Tag>}
            </Space>
          ) : (
            '—'
          ),
      },
      {
        key: 'siteCustomer',
        title: t(`${K}.columns.siteCustomer`),
        render: (_, r) =>
          r.seen?.customer ? <CustomerLink id={r.seen.customer.id} name={r.seen.customer.clientName} /> : '—',
      },
      shown === 'offline'
        ? {
            key: 'lastSeen',
            title: t(`${K}.columns.lastSeen`),
            render: (_, r) => formatDateTime(r.seen?.lastSeen),
          }
        : {
            key: 'since',
            title: t(`${K}.columns.since`),
            render: (_, r) => formatDateTime(r.seen?.firstSeen),
          },
    );
  }
  if (items.some((r) => settlementsOf(r).length > 0)) {
    columns.push({
      key: 'settle',
      title: t(`${K}.actions.column`),
      render: (_, r) => <SettleButton row={r} onPick={setSettling} />,
    });
  }

  const scanned = data?.scan;
  return (
    <Card title={t(`${K}.title`)}>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(`${K}.intro`)}
        </Typography.Paragraph>
        {/* the line is kept while the first answer comes, so that the buttons below do not move under a click */}
        {!data && rows.isPending && <Skeleton.Input active size="small" style={{ height: 22 }} aria-hidden />}
        {data &&
          (scanned ? (
            <Typography.Text data-testid="last-scan">
              {scanned.failedAt !== null && (
                <Typography.Text type="danger" style={{ display: 'block' }}>
                  {t(`${K}.failed`, { at: formatDateTime(scanned.failedAt) })}
                </Typography.Text>
              )}
              {t(scanned.unread > 0 ? `${K}.lastScanUnread` : `${K}.lastScan`, {
                at: formatDateTime(scanned.finishedAt),
                sites: formatNumber(scanned.sites, language),
                unread: formatNumber(scanned.unread, language),
              })}
            </Typography.Text>
          ) : (
            <Alert type="info" showIcon title={t(`${K}.neverScanned`)} data-testid="last-scan" />
          ))}
        {wide ? (
          <Segmented<ReconciliationCase>
            aria-label={t(`${K}.cases.label`)}
            value={shown}
            onChange={pick}
            options={RECONCILIATION_CASES.map((c) => ({ value: c, label: caseLabel(c) }))}
          />
        ) : (
          <Select<ReconciliationCase>
            aria-label={t(`${K}.cases.label`)}
            value={shown}
            onChange={pick}
            options={RECONCILIATION_CASES.map((c) => ({ value: c, label: caseLabel(c) }))}
            style={{ width: '100%' }}
          />
        )}
        <Typography.Text type="secondary">{t(`${K}.hints.${shown}`, { days })}</Typography.Text>
        <Space wrap>
          <SearchBox placeholder={t(`${K}.search`)} maxLength={200} allowClear onSearch={paging.setSearch} />
          {WAITING.includes(shown) && (
            <Space size={4}>
              <label htmlFor="reconciliation-days">{t(shown === 'offline' ? `${K}.daysOffline` : `${K}.days`)}</label>
              <InputNumber<number>
                id="reconciliation-days"
                min={1}
                max={365}
                precision={0}
                value={days}
                onChange={(v) => {
                  if (v !== null && v >= 1 && v <= 365) {
                    setDays(v);
                    paging.toFirstPage();
                  }
                }}
                style={{ width: 80 }}
              />
            </Space>
          )}
          <Button icon={<SyncOutlined aria-hidden />} loading={scan.isPending} onClick={() => void onScan()}>
            {t(`${K}.scan`)}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={download.pending === 'reconciliation'}
            onClick={() => {
              const query = {
                ...reconciliationQuery({ ...filters, case: shown }),
                lang: language === 'vi' ? ('vi' as const) : ('en' as const),
              };
              const path = pathOf('GET /it4u/reconciliation/export', { query });
              void download.run('reconciliation', path, 'reconciliation.xlsx', query);
            }}
          >
            {t(`${K}.export`)}
          </Button>
          {shown === 'unissued' && <OwnDevicesLink />}
        </Space>
        {state.alert}
        <RegisterTable<ReconciliationRow>
          aria-label={t(`${K}.cases.${shown}`)}
          rowKey={(r) => `${r.record?.id ?? ''}/${r.seen?.mac ?? ''}/${r.seen?.site.idname ?? ''}`}
          columns={columns}
          dataSource={items}
          loading={state.loading}
          locale={state.locale}
          card={{
            title: ['serial', 'item'],
            actions: 'settle',
            fields: columns
              .slice(1)
              .map((c) => String(c.key))
              .filter((k) => k !== 'item'),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            onChange: paging.changePage,
          }}
        />
      </Flex>
      {historyOf && <UsageHistoryModal serialNum={historyOf} onClose={() => setHistoryOf(null)} />}
      <SettleDialog asked={settling} onClose={() => setSettling(null)} />
    </Card>
  );
}
