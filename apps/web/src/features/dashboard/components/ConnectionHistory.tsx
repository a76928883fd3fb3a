import { DATE_FORMAT, REPORT_INTERVALS, type ReportInterval, type SiteChange } from '@it4u/shared';
import { Alert, DatePicker, Segmented, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart.tsx';
import { auditAreaLabel, auditEventLabel } from '../../../components/format/auditEvent.ts';
import { DAY_MONTH_FORMAT, formatDateTime, formatNumber, TIME_FORMAT } from '../../../components/format/formatting.ts';
import { Panel } from '../../../components/layout/DashboardPanel.tsx';
import { useCan } from '../../../session/useCan.ts';
import { type Range, useClientSeries, useClientStats, useSiteChanges } from '../dashboardQueries.ts';

/** Today, or this month, to the end of today (the server cuts at now, so the range stays the same all day). */
export function presetRange(preset: 'today' | 'month', now: number): Range {
  const today = dayjs(now);
  return { start: today.startOf(preset === 'today' ? 'day' : 'month').valueOf(), end: today.endOf('day').valueOf() };
}

/** Today for 5-minute slots, this month for the others (the defaults). */
const defaultRange = (interval: ReportInterval, now: number) =>
  presetRange(interval === '5minutes' ? 'today' : 'month', now);

/** What the connection history shows: its interval and range (the PDF export names them too). */
export type HistoryView = { interval: ReportInterval; range: Range };

/** The first view: 5-minute slots of today. */
export const firstView = (now: number): HistoryView => ({ interval: '5minutes', range: defaultRange('5minutes', now) });

const labelFormat = (interval: ReportInterval): string =>
  interval === '5minutes' ? TIME_FORMAT : interval === 'hourly' ? `${DAY_MONTH_FORMAT} ${TIME_FORMAT}` : DATE_FORMAT;

/** A mark on the time axis: the slot a change falls in, and the changes made in it. */
export type ChangeMark = { slot: number; changes: SiteChange[] };

/** Each change in the slot it falls in (the last slot starting at or before it); changes before the first slot are left out. */
export function changeMarks(slotTimes: number[], changes: SiteChange[]): ChangeMark[] {
  const marks = new Map<number, SiteChange[]>();
  for (const change of changes) {
    let slot = -1;
    for (let i = 0; i < slotTimes.length && (slotTimes[i] as number) <= change.at; i++) slot = i;
    if (slot < 0) continue;
    marks.set(slot, [...(marks.get(slot) ?? []), change]);
  }
  return [...marks].map(([slot, list]) => ({ slot, changes: list }));
}

/** Connection history: wifi clients and traffic per 5 minutes, hour or day over a range, and their max, min, average. */
export function ConnectionHistory({
  site,
  now,
  view,
  onView,
}: {
  site: string | undefined;
  now: () => number;
  view: HistoryView;
  onView: (next: HistoryView) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { interval, range } = view;
  const setRange = (next: Range) => onView({ interval, range: next });
  const series = useClientSeries(site, interval, range);
  const stats = useClientStats(site, interval, range);
  const points = series.data?.points ?? [];
  const number = (n: number) => formatNumber(n, language);
  const changes = useSiteChanges(site, range, useCan('manage'));
  const marks = useMemo(
    () =>
      changeMarks(
        points.map((p) => p.time),
        changes.data ?? [],
      ),
    [points, changes.data],
  );

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 56 },
      xAxis: { type: 'category', data: points.map((p) => dayjs(p.time).format(labelFormat(interval))) },
      yAxis: [
        { type: 'value', name: t('dashboard.clients'), minInterval: 1 },
        { type: 'value', name: 'GB' },
        { type: 'value', show: false },
      ],
      series: [
        {
          name: t('dashboard.clients'),
          type: 'line',
          showSymbol: false,
          data: points.map((p) => p.clients),
          // the changes made to the site: "what changed before it broke" at one look
          markLine: {
            symbol: 'none',
            lineStyle: { type: 'dotted', color: '#d4380d', width: 1.5 },
            label: { formatter: '{b}', position: 'insideEndTop', color: '#a8071a', fontSize: 11 },
            data: marks.map((m) => ({
              name:
                m.changes.length > 1
                  ? `${auditAreaLabel(t, (m.changes[0] as SiteChange).event)} +${m.changes.length - 1}`
                  : auditAreaLabel(t, (m.changes[0] as SiteChange).event),
              xAxis: m.slot,
            })),
          },
        },
        { name: t('dashboard.trafficGb'), type: 'bar', yAxisIndex: 1, data: points.map((p) => p.trafficGb) },
        {
          name: t('dashboard.cumulativeGb'),
          type: 'line',
          yAxisIndex: 2,
          showSymbol: false,
          lineStyle: { type: 'dashed' },
          data: points.map((p) => p.cumulativeGb),
        },
      ],
    }),
    [points, interval, t, marks],
  );

  const picked: [Dayjs, Dayjs] = [dayjs(range.start), dayjs(range.end)];
  const clamped = series.data?.clampedFrom;
  return (
    <Panel
      title={t('dashboard.history.title')}
      query={series}
      empty={points.length === 0 && !clamped}
      extra={
        <Space wrap>
          <Segmented<ReportInterval>
            aria-label={t('dashboard.history.interval')}
            value={interval}
            onChange={(next) => onView({ interval: next, range: defaultRange(next, now()) })}
            options={REPORT_INTERVALS.map((i) => ({ value: i, label: t(`dashboard.intervals.${i}`) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('dashboard.history.range')}
            allowClear={false}
            value={picked}
            format="L"
            presets={(['today', 'month'] as const).map((preset) => {
              const { start, end } = presetRange(preset, now());
              return { label: t(`dashboard.presets.${preset}`), value: [dayjs(start), dayjs(end)] };
            })}
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              if (from && to) setRange({ start: from.startOf('day').valueOf(), end: to.endOf('day').valueOf() });
            }}
          />
        </Space>
      }
    >
      {clamped != null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('dashboard.history.clamped', { from: formatDateTime(clamped) })}
        />
      )}
      <Chart option={option} label={t('dashboard.history.chartLabel')} />
      {(changes.data?.length ?? 0) > 0 && (
        <section aria-labelledby="history-changes" style={{ marginTop: 8 }}>
          <Typography.Text strong id="history-changes">
            {t('dashboard.history.changes')}
          </Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            {changes.data?.map((c) => (
              <li key={c.id}>
                {formatDateTime(c.at)}: {auditEventLabel(t, c.event)}, {c.actorName || t('audit.console')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Table
        size="small"
        pagination={false}
        style={{ marginTop: 8 }}
        rowKey="key"
        loading={stats.isPending}
        dataSource={
          stats.data
            ? [
                { key: 'clients', what: t('dashboard.clients'), ...stats.data.clients },
                { key: 'trafficGb', what: t('dashboard.trafficGb'), ...stats.data.trafficGb },
              ]
            : []
        }
        columns={[
          { key: 'what', dataIndex: 'what', title: t('dashboard.stats.measure') },
          { key: 'max', dataIndex: 'max', title: t('dashboard.stats.max'), align: 'right', render: number },
          { key: 'min', dataIndex: 'min', title: t('dashboard.stats.min'), align: 'right', render: number },
          { key: 'average', dataIndex: 'average', title: t('dashboard.stats.average'), align: 'right', render: number },
        ]}
      />
    </Panel>
  );
}
