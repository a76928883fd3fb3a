import { Col, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart.tsx';
import { DAY_MONTH_FORMAT, formatTime } from '../../../components/format/formatting.ts';
import { Panel } from '../../../components/layout/DashboardPanel.tsx';
import { useNetworkRates, useTrafficHistory } from '../dashboardQueries.ts';

const DAY = 86_400_000;

/** The WAN: its average rates of each hour of the last day (Mbps), and its traffic of each day this month (GB). */
export function BandwidthPanel({ site, now }: { site: string | undefined; now: () => number }) {
  const { t } = useTranslation();
  const [ranges] = useState(() => {
    const today = dayjs(now());
    return {
      hours: { start: today.startOf('hour').valueOf() - DAY, end: today.endOf('day').valueOf() },
      days: { start: today.startOf('month').valueOf(), end: today.endOf('day').valueOf() },
    };
  });
  const rates = useNetworkRates(site, ranges.hours);
  const history = useTrafficHistory(site, ranges.days);
  const hours = rates.data?.points ?? [];
  const days = history.data?.points ?? [];

  const monitor = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: hours.map((p) => formatTime(p.time)) },
      yAxis: { type: 'value', name: 'Mbps' },
      series: [
        { name: t('dashboard.bandwidth.down'), type: 'line', showSymbol: false, data: hours.map((p) => p.downMbps) },
        { name: t('dashboard.bandwidth.up'), type: 'line', showSymbol: false, data: hours.map((p) => p.upMbps) },
      ],
    }),
    [hours, t],
  );
  const perDay = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: days.map((p) => dayjs(p.time).format(DAY_MONTH_FORMAT)) },
      yAxis: { type: 'value', name: 'GB' },
      series: [
        { name: t('dashboard.bandwidth.down'), type: 'bar', stack: 'wan', data: days.map((p) => p.downGb) },
        { name: t('dashboard.bandwidth.up'), type: 'bar', stack: 'wan', data: days.map((p) => p.upGb) },
      ],
    }),
    [days, t],
  );

  return (
    <Panel title={t('dashboard.bandwidth.title')} query={rates} empty={hours.length === 0 && days.length === 0}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>{t('dashboard.bandwidth.monitor')}</Typography.Title>
          <Chart option={monitor} label={t('dashboard.bandwidth.monitorLabel')} />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>{t('dashboard.bandwidth.history')}</Typography.Title>
          <Chart option={perDay} label={t('dashboard.bandwidth.historyLabel')} />
        </Col>
      </Row>
    </Panel>
  );
}
