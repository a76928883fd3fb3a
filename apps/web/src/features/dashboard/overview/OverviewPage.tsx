import { DASHBOARD_REFRESH_MS } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/call.ts';
import { Panel, WRAPPED_TITLE } from '../../../components/layout/DashboardPanel.tsx';
import { useCan } from '../../../session/useCan.ts';
import { Chart, donut } from '../components/Chart.tsx';
import { ControllersDownAlerts } from './ControllersDownAlerts.tsx';

const STATUSES = ['ok', 'warning', 'error', 'unknown'] as const;
const STATUS_COLORS = { ok: '#389e0d', warning: '#d48806', error: '#cf1322', unknown: '#8c8c8c' } as const;
const refresh = { refetchInterval: DASHBOARD_REFRESH_MS, placeholderData: keepPreviousData, retry: false } as const;

/** A list of sites or access points, each with a note at its end; words when there is none. */
function Lines({ items, none }: { items: { key: string; main: ReactNode; side: string }[]; none: string }) {
  if (items.length === 0) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
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
                items={(o?.[kind] ?? []).map((s) => ({
                  key: s.site,
                  main: siteLink(s.site, s.siteName),
                  side: t('dashboard.overview.connectedOf', { connected: s.connected, adopted: s.adopted }),
                }))}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.overview.disconnections')} style={{ height: '100%' }} styles={WRAPPED_TITLE}>
            <Lines
              none={t('dashboard.overview.none')}
              items={(o?.disconnections ?? []).map((d) => ({
                key: `${d.site}:${d.mac}`,
                main: (
                  <>
                    <div>{d.name}</div>
                    {siteLink(d.site, d.siteName)}
                  </>
                ),
                side: dayjs(d.lastSeen).format('L LT'),
              }))}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
