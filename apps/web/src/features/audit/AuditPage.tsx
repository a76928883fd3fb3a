import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import {
  ADMIN_DETAIL_EVENTS,
  AUDIT_AREA_NAMES,
  type AuditArea,
  type AuditEntry,
  auditAreaOf,
  auditDetailParts,
} from '@it4u/shared';
import { Button, Card, Empty, Grid, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { pathOf } from '../../api/call.ts';
import { isStatus } from '../../api/errors.ts';
import { useContractSearchQuery } from '../../components/contracts/useContractSearchQuery.ts';
import { useDownload } from '../../components/download/useDownload.ts';
import { useListState } from '../../components/feedback/ListState.tsx';
import { DateRangeFilter } from '../../components/filters/DateRangeFilter.tsx';
import { type PickedRange, toDateRange } from '../../components/filters/dateRange.ts';
import { useDebounced } from '../../components/form/useDebounced.ts';
import { auditEventLabel } from '../../components/format/auditEvent.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { SearchBox } from '../../components/table/TableToolbar.tsx';
import { usePaging } from '../../components/table/usePaging.ts';
import { useMySitesQuery } from '../../session/useMySitesQuery.ts';
import { type AuditFilters, auditQuery, useAuditQuery } from './useAuditQuery.ts';
import './audit.css';

const NO_FILTERS: AuditFilters = {
  q: '',
  actor: '',
  area: null,
  site: null,
  contractId: null,
  fromDate: null,
  toDate: null,
};

/** The customer filter: a contract found by its customer's name or number. */
function CustomerFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = useDebounced(search.trim(), 300);
  const found = useContractSearchQuery(typed);
  return (
    <Select<number>
      aria-label={t('audit.filters.customer')}
      placeholder={t('audit.filters.customer')}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      onSearch={setSearch}
      onChange={(id) => onChange(id ?? null)}
      loading={found.isFetching}
      notFoundContent={typed ? t('audit.filters.noCustomer') : t('audit.filters.typeCustomer')}
      options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.clientName} — ${c.numContract}` }))}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}

/** /audit: who changed what, when and from where, in every area (ADMIN and LEAD_KT). */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [picked, setPicked] = useState<PickedRange | null>(null);
  const wide = Grid.useBreakpoint().md === true;
  const [folded, setFolded] = useState(true);
  const paging = usePaging();
  const { page, pageSize } = paging;
  const sites = useMySitesQuery();
  const lines = useAuditQuery(filters, page, pageSize);
  const download = useDownload();
  const rows = lines.data?.items ?? [];
  const state = useListState(lines, {
    rows: rows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.empty')} />,
  });
  if (isStatus(lines.error, 403)) return <Navigate to="/403" replace />;

  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    paging.toFirstPage();
  };
  /** A person typed: a new filter only when the name is another (leaving the box changes nothing else). */
  const setActor = (typed: string) => {
    if (typed.trim() !== filters.actor) set('actor', typed.trim());
  };
  const areaLabel = (area: AuditArea) => t(`audit.areas.${area}`);
  // on a phone the filters beyond the search fold away, the button saying how many are set
  const chosen = [filters.actor, filters.area, filters.site, filters.contractId, filters.fromDate].filter(
    (v) => v !== null && v !== '',
  ).length;
  /** What a line is about in words ("Stock record 41" for `stockRecord:41`); a name or an unknown kind as it is. */
  const targetText = (v: string | null): string => {
    if (!v) return '—';
    const at = v.indexOf(':');
    const key = `audit.targets.${v.slice(0, at)}`;
    return at > 0 && i18n.exists(key) ? t(key, { id: v.slice(at + 1) }) : v;
  };
  const columns: RegisterColumn<AuditEntry>[] = [
    {
      key: 'at',
      dataIndex: 'at',
      title: t('audit.columns.at'),
      render: (at: number) => formatDateTime(at),
      width: 160,
    },
    {
      key: 'actor',
      dataIndex: 'actorName',
      title: t('audit.columns.actor'),
      render: (name: string) => name || <Typography.Text type="secondary">{t('audit.console')}</Typography.Text>,
    },
    {
      key: 'event',
      dataIndex: 'event',
      title: t('audit.columns.event'),
      render: (event: string) => {
        const area = auditAreaOf(event);
        return (
          <Space size={4} wrap>
            {area && <Tag>{areaLabel(area)}</Tag>}
            <span>{auditEventLabel(t, event)}</span>
            <Typography.Text type="secondary" code>
              {event}
            </Typography.Text>
          </Space>
        );
      },
    },
    {
      key: 'target',
      dataIndex: 'target',
      title: t('audit.columns.target'),
      // a name typed at sign-in that is no account's is kept as a mark, never as typed
      render: (v: string | null) =>
        v?.startsWith('unknown') ? t('audit.unknownName', { mark: v.slice('unknown:'.length) || '—' }) : targetText(v),
    },
    {
      key: 'details',
      dataIndex: 'details',
      title: t('audit.columns.details'),
      render: (details: AuditEntry['details'], entry: AuditEntry) => {
        if (details === null && ADMIN_DETAIL_EVENTS.some((start) => entry.event.startsWith(start))) {
          return <Typography.Text type="secondary">{t('audit.detailsHidden')}</Typography.Text>;
        }
        const parts = auditDetailParts(details);
        return parts.length ? (
          <ul className="audit-details">
            {parts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          '—'
        );
      },
    },
    { key: 'ip', dataIndex: 'ip', title: t('audit.columns.ip'), render: (v: string | null) => v ?? '—', width: 130 },
  ];

  return (
    <Card title={t('audit.title')}>
      <Space wrap style={{ marginBottom: 12 }} aria-label={t('audit.filters.label')} role="group">
        <SearchBox
          placeholder={t('audit.filters.search')}
          maxLength={200}
          onSearch={(q) => set('q', q.trim())}
          allowClear
        />
        {!wide && (
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={!folded}
            aria-controls="audit-more-filters"
            onClick={() => setFolded((f) => !f)}
          >
            {chosen > 0 ? t('audit.filters.toggleCount', { n: chosen }) : t('audit.filters.toggle')}
          </Button>
        )}
        {/* folded, the filters stay mounted (hidden): a chosen customer keeps its name */}
        <Space wrap id="audit-more-filters" style={wide || !folded ? undefined : { display: 'none' }}>
          <Input
            aria-label={t('audit.filters.actor')}
            defaultValue={filters.actor}
            placeholder={t('audit.filters.actor')}
            allowClear
            maxLength={100}
            style={{ width: 160 }}
            onChange={(e) => {
              if (!e.target.value) setActor('');
            }}
            onPressEnter={(e) => setActor(e.currentTarget.value)}
            onBlur={(e) => setActor(e.currentTarget.value)}
          />
          <Select<AuditArea>
            aria-label={t('audit.filters.area')}
            placeholder={t('audit.filters.area')}
            allowClear
            value={filters.area ?? undefined}
            onChange={(area) => set('area', area ?? null)}
            options={AUDIT_AREA_NAMES.map((area) => ({ value: area, label: areaLabel(area) }))}
            style={{ width: 180 }}
          />
          <Select<string>
            aria-label={t('audit.filters.site')}
            placeholder={t('audit.filters.site')}
            allowClear
            showSearch
            optionFilterProp="label"
            loading={sites.isFetching}
            value={filters.site ?? undefined}
            onChange={(site) => set('site', site ?? null)}
            options={(sites.data ?? []).map((s) => ({ value: s.idname, label: `${s.sitename} (${s.idname})` }))}
            style={{ width: 200, maxWidth: '100%' }}
          />
          <CustomerFilter value={filters.contractId} onChange={(id) => set('contractId', id)} />
          <DateRangeFilter
            allowClear
            value={picked}
            onChange={(next) => {
              setPicked(next);
              const range = next ? toDateRange(next) : { fromDate: null, toDate: null };
              setFilters((f) => ({ ...f, ...range }));
              paging.toFirstPage();
            }}
          />
        </Space>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={download.pending === 'audit'}
          onClick={() => download.run('audit', pathOf('GET /it4u/audit/export'), 'audit.xlsx', auditQuery(filters))}
        >
          {t('audit.export')}
        </Button>
      </Space>
      {state.alert}
      <RegisterTable<AuditEntry>
        aria-label={t('audit.title')}
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={state.loading}
        card={{ title: ['at', 'actor'], fields: ['event', 'target', 'details'] }}
        pagination={{ current: page, pageSize, total: lines.data?.total ?? 0, onChange: paging.changePage }}
        locale={state.locale}
      />
    </Card>
  );
}
