import { LeftOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { DASHBOARD_REFRESH_MS } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/call.ts';
import { Chart, donut } from '../../../components/charts/Chart.tsx';
import { fold } from '../../../components/format/fold.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { Panel, WRAPPED_TITLE } from '../../../components/layout/DashboardPanel.tsx';
import { useCan } from '../../../session/useCan.ts';
import { ControllersDownAlerts } from './ControllersDownAlerts.tsx';

const STATUSES = ['ok', 'warning', 'error', 'unknown'] as const;
const STATUS_COLORS = { ok: '#389e0d', warning: '#d48806', error: '#cf1322', unknown: '#8c8c8c' } as const;
const refresh = { refetchInterval: DASHBOARD_REFRESH_MS, placeholderData: keepPreviousData, retry: false } as const;

/** How many lines a list of the overview shows at once. */
const PAGE = 10;

type Line = { key: string; main: ReactNode; side: string /** what the search finds it by */; text: string };

/**
 * A list of sites or access points, each with a note at its end; words when there is none. A long list (an operator's
 * hundreds of sites in warning) has a search box (with or without Vietnamese marks) and pages of ten.
 */
function Lines({ items, none, label }: { items: Line[]; none: string; label: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const folded = useMemo(() => items.map((item) => fold(item.text)), [items]);
  const wanted = fold(query.trim());
  const shown = wanted ? items.filter((_, i) => folded[i]?.includes(wanted)) : items;
  const last = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, last);
  if (items.length === 0) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {items.length > PAGE && (
        <Input
          type="search"
          size="small"
          prefix={<SearchOutlined aria-hidden />}
          aria-label={t('dashboard.overview.searchIn', { list: label })}
          placeholder={t('dashboard.overview.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
        />
      )}
      {shown.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.overview.noMatch')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={label}>
          {shown.slice((current - 1) * PAGE, current * PAGE).map((item) => (
            <li
              key={item.key}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 8,
                padding: '6px 0',
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{item.main}</div>
              <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                {item.side}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {shown.length > PAGE && (
        <Space size={8} style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary">
            {t('dashboard.overview.pageOf', { page: current, pages: last, count: shown.length })}
          </Typography.Text>
          <Space size={4}>
            <Button
              size="small"
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('dashboard.overview.previous')}
              disabled={current === 1}
              onClick={() => setPage(current - 1)}
            />
            <Button
              size="small"
              icon={<RightOutlined aria-hidden />}
              aria-label={t('dashboard.overview.next')}
              disabled={current === last}
              onClick={() => setPage(current + 1)}
            />
          </Space>
        </Space>
      )}
    </Space>
  );
}

/** /dashboard: the caller's sites by the health of their wifi, the sites to look at, and customers per segment. */
export function OverviewPage() {
  const { t } = useTranslation();
  const staff = useCan('allSites');
  const overview = useQuery({
    queryKey: ['dashboard', 'overview'],
    queryFn: () => call('GET /it4u/dashboard/overview'),
    ...refresh,
    // some sites' access points were still being read: asked again in a moment, not in a refresh window
    refetchInterval: (query) => (query.state.data?.pending ? 2_000 : DASHBOARD_REFRESH_MS),
  });
  const segments = useQuery({
    queryKey: ['dashboard', 'segments'],
    queryFn: async () => ({ rows: await call('POST /it4u/segments/client'), asOf: Date.now() }),
    enabled: staff,
    ...refresh,
  });
  const o = overview.data;

  const pie = useMemo(
    () =>
      donut(
        STATUSES.map((s) => ({
          name: t(`dashboard.overview.status.${s}`),
          value: o?.sites[s] ?? 0,
          color: STATUS_COLORS[s],
        })),
      ),
    [o, t],
  );
  const rows = segments.data?.rows ?? [];
  const columns = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.segment || t('dashboard.overview.noSegment')),
        axisLabel: { rotate: 30 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: t('dashboard.overview.customers'), type: 'bar', data: rows.map((r) => r.customers) }],
    }),
    [rows, t],
  );

  const siteLink = (site: string, name: string) => <Link to={`/home?site=${encodeURIComponent(site)}`}>{name}</Link>;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('dashboard.overview.title')}
      </Typography.Title>
      <ControllersDownAlerts down={o?.controllersDown} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={staff ? 12 : 24}>
          <Panel title={t('dashboard.overview.sites')} query={overview}>
            <Chart
              option={pie}
              label={STATUSES.map((s) => `${t(`dashboard.overview.status.${s}`)}: ${o?.sites[s] ?? 0}`).join(', ')}
            />
          </Panel>
        </Col>
        {staff && (
          <Col xs={24} lg={12}>
            <Panel
              title={t('dashboard.overview.segments')}
              query={segments}
              empty={rows.length === 0}
              emptyText={t('dashboard.overview.noContracts')}
            >
              <Chart
                option={columns}
                label={rows.map((r) => `${r.segment || t('dashboard.overview.noSegment')}: ${r.customers}`).join(', ')}
              />
            </Panel>
          </Col>
        )}
        {(['warnings', 'errors'] as const).map((kind) => (
          <Col key={kind} xs={24} lg={8}>
            <Card title={t(`dashboard.overview.${kind}`)} style={{ height: '100%' }} styles={WRAPPED_TITLE}>
              <Lines
                none={t('dashboard.overview.none')}
                label={t(`dashboard.overview.${kind}`)}
                items={(o?.[kind] ?? []).map((s) => ({
                  key: s.site,
                  text: `${s.siteName} ${s.site}`,
                  main: siteLink(s.site, s.siteName),
                  side: t('dashboard.overview.connectedOf', { connected: s.connected, adopted: s.adopted }),
                }))}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.overview.disconnections')} style={{ height: '100%' }} styles={WRAPPED_TITLE}>
            {o?.pending ? (
              <Typography.Paragraph type="secondary" role="status">
                {t('dashboard.overview.pending', { count: o.pending })}
              </Typography.Paragraph>
            ) : null}
            <Lines
              none={t('dashboard.overview.none')}
              label={t('dashboard.overview.disconnections')}
              items={(o?.disconnections ?? []).map((d) => ({
                key: `${d.site}:${d.mac}`,
                text: `${d.name} ${d.mac} ${d.siteName} ${d.site}`,
                main: (
                  <>
                    <div>{d.name}</div>
                    {siteLink(d.site, d.siteName)}
                  </>
                ),
                side: formatDateTime(d.lastSeen),
              }))}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
