import type { ConnectedDevice } from '@it4u/shared';
import { BYTES_PER_GB } from '@it4u/shared';
import { Col, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart.tsx';
import { Panel } from '../../../components/layout/DashboardPanel.tsx';
import { useClientsNow } from '../dashboardQueries.ts';

type Slice = { name: string; value: number };

/** Counts (or sums) per group, the largest first. */
function slices(devices: ConnectedDevice[], group: (d: ConnectedDevice) => string, weigh = (_: ConnectedDevice) => 1) {
  const sums = new Map<string, number>();
  for (const d of devices) sums.set(group(d), (sums.get(group(d)) ?? 0) + weigh(d));
  return [...sums]
    .map(([name, value]): Slice => ({ name, value: Math.round(value * 1000) / 1000 }))
    .sort((a, b) => b.value - a.value);
}

const pie = (data: Slice[], unit = '') => ({
  tooltip: { trigger: 'item', valueFormatter: (v: number) => `${v}${unit}` },
  legend: { type: 'scroll', bottom: 0 },
  series: [{ type: 'pie', radius: ['35%', '65%'], center: ['50%', '45%'], label: { show: false }, data }],
});

/** The clients connected now: by wifi network, by installation location (the access point), by radio; traffic (GB). */
export function ClientsNowPanel({ site, now }: { site: string | undefined; now: (() => number) | undefined }) {
  const { t } = useTranslation();
  const query = useClientsNow(site, now);
  const devices = query.data?.devices ?? [];
  const none = t('dashboard.now.wired');
  const charts = useMemo(
    () => [
      { key: 'ssid', data: slices(devices, (d) => d.essid || none) },
      { key: 'location', data: slices(devices, (d) => d.apName || none) },
      { key: 'radio', data: slices(devices, (d) => d.band || none) },
      {
        key: 'traffic',
        unit: ' GB',
        data: slices(
          devices,
          (d) => d.apName || none,
          (d) => (d.download + d.upload) / BYTES_PER_GB,
        ),
      },
    ],
    [devices, none],
  );
  return (
    <Panel
      title={t('dashboard.now.title', { count: devices.length })}
      query={query}
      empty={devices.length === 0}
      emptyText={t('dashboard.now.none')}
    >
      <Row gutter={[16, 16]}>
        {charts.map((chart) => (
          <Col key={chart.key} xs={24} md={12} xl={6}>
            <Typography.Title level={5}>{t(`dashboard.now.${chart.key}`)}</Typography.Title>
            <Chart
              option={pie(chart.data, chart.unit)}
              height={240}
              label={`${t(`dashboard.now.${chart.key}`)}: ${chart.data.map((s) => `${s.name} ${s.value}${chart.unit ?? ''}`).join(', ')}`}
            />
          </Col>
        ))}
      </Row>
    </Panel>
  );
}
