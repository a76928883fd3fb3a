import { HOTSPOT_WINDOW_MS } from '@it4u/shared';
import { Col, Row } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, donut } from '../../../components/charts/Chart.tsx';
import { DAY_MONTH_FORMAT } from '../../../components/format/formatting.ts';
import { Panel } from '../../../components/layout/DashboardPanel.tsx';
import { useHotspotGuests, useHotspotSessions } from '../dashboardQueries.ts';

/**
 * The hotspot of the last 30 days: new and returning guests, and guest sessions per day. Shown only when the site's
 * hotspot has guests in the window (the hotspot check).
 */
export function HotspotPanel({ site, now }: { site: string | undefined; now: () => number }) {
  const { t } = useTranslation();
  // the window is fixed when the panel opens (to the minute), so that its query stays the same between refreshes
  const [range] = useState(() => {
    const end = Math.floor(now() / 60_000) * 60_000;
    return { start: end - HOTSPOT_WINDOW_MS, end };
  });
  const guests = useHotspotGuests(site, range);
  const sessions = useHotspotSessions(site, range);
  const g = guests.data;
  const days = sessions.data?.days ?? [];

  const pie = useMemo(
    () =>
      donut([
        { name: t('dashboard.hotspot.new'), value: g?.newGuests ?? 0 },
        { name: t('dashboard.hotspot.returning'), value: g?.returningGuests ?? 0 },
      ]),
    [g, t],
  );
  const bars = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => dayjs(d.day).format(DAY_MONTH_FORMAT)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: t('dashboard.hotspot.sessions'), type: 'bar', data: days.map((d) => d.sessions) }],
    }),
    [days, t],
  );

  // no guest in 30 days (or no hotspot): the panel is not shown at all
  if (g && g.newGuests + g.returningGuests === 0) return null;
  return (
    <Panel title={t('dashboard.hotspot.title')} query={guests}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Chart
            option={pie}
            height={240}
            label={t('dashboard.hotspot.guestsLabel', { new: g?.newGuests ?? 0, returning: g?.returningGuests ?? 0 })}
          />
        </Col>
        <Col xs={24} md={14}>
          <Chart option={bars} height={240} label={t('dashboard.hotspot.sessionsLabel')} />
        </Col>
      </Row>
    </Panel>
  );
}
