import type { LinkState, Segment } from '@it4u/shared';
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format/formatting.ts';

/** The colours of the three states: each against white at least 3:1 (WCAG non-text contrast). */
export const STATE_COLOURS: Record<LinkState, string> = { up: '#389e0d', down: '#cf1322', unknown: '#8c8c8c' };

/**
 * A time spent in a state, in the reader's language: from an hour on in hours with at most one decimal (en '20.5 h',
 * vi '20,5 giờ'), under it in minutes ('12 min'), under a minute said so: a short drop is not written '0 h'.
 */
export function formatDuration(ms: number, language: string, t: TFunction): string {
  const number = (value: number) =>
    new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 1 }).format(value);
  if (ms <= 0) return t('wanLinks.detail.hours', { value: number(0) });
  if (ms < 60_000) return t('wanLinks.detail.underMinute');
  if (ms < 3_570_000) return t('wanLinks.detail.minutes', { value: number(Math.round(ms / 60_000)) });
  return t('wanLinks.detail.hours', { value: number(Math.round((ms / 3_600_000) * 10) / 10) });
}

/** How long a link spent in each state, as words a screen reader reads ("20 h"). */
function durations(segments: readonly Segment[]): Record<LinkState, number> {
  const total: Record<LinkState, number> = { up: 0, down: 0, unknown: 0 };
  for (const s of segments) total[s.state] += s.to - s.from;
  return total;
}

type Props = { segments: readonly Segment[]; n: number; windowLabel: string };

/** A link's states over the period, left (its start) to right (now), as one bar; its figures in its label. */
export function LinkTimeline({ segments, n, windowLabel }: Props) {
  const { t, i18n } = useTranslation();
  const hours = (ms: number) => formatDuration(ms, i18n.language, t);
  const start = segments[0]?.from ?? 0;
  const end = segments[segments.length - 1]?.to ?? start + 1;
  const span = end - start;
  const d = durations(segments);
  const label = t('wanLinks.detail.timelineLabel', {
    n,
    window: windowLabel,
    up: hours(d.up),
    down: hours(d.down),
    unknown: hours(d.unknown),
  });
  return (
    <Flex vertical gap={4}>
      <div
        role="img"
        aria-label={label}
        title={label}
        style={{ display: 'flex', height: 20, borderRadius: 4, overflow: 'hidden', background: STATE_COLOURS.unknown }}
      >
        {segments.map((s) => (
          <div
            key={s.from}
            style={{ width: `${(100 * (s.to - s.from)) / span}%`, background: STATE_COLOURS[s.state], minWidth: 1 }}
          />
        ))}
      </div>
      <Flex justify="space-between" aria-hidden>
        <Typography.Text type="secondary">{formatDateTime(start)}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(end)}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** What the timeline's colours mean. */
export function TimelineLegend() {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={16} align="center" aria-label={t('wanLinks.detail.legend')} role="group">
      {(['up', 'down', 'unknown'] as const).map((state) => (
        <Flex key={state} gap={6} align="center">
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              background: STATE_COLOURS[state],
            }}
          />
          <Typography.Text>{t(`wanLinks.state.${state}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
