import { Alert, Button, Card, Col, Grid, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { formatNumber } from '../../../components/format/formatting.ts';
import { STATUS_CHART_COLORS } from '../statuses.ts';
import { useSummaryQuery } from '../useSummaryQuery.ts';

const PROVIDER_COLOR = '#1677ff';
const NO_PROVIDER_COLOR = '#bfbfbf';
/** Providers beyond this many are summed as "others". */
const TOP_PROVIDERS = 8;

type Bar = { key: string; label: string; count: number; color: string };

function Bars({ title, bars, language }: { title: string; bars: Bar[]; language: string }) {
  const max = Math.max(0, ...bars.map((b) => b.count));
  return (
    <figure className="channel-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {bars.map((bar) => {
        const width = max > 0 ? Math.max((bar.count / max) * 100, bar.count > 0 ? 2 : 0) : 0;
        return (
          <div key={bar.key} className="channel-chart-row" title={`${bar.label}: ${bar.count}`}>
            <span className="channel-chart-label">{bar.label}</span>
            <span className="channel-chart-track" aria-hidden="true">
              <span className="channel-chart-fill" style={{ width: `${width}%`, background: bar.color }} />
            </span>
            <span className="channel-chart-count">{formatNumber(bar.count, language)}</span>
          </div>
        );
      })}
    </figure>
  );
}

/** Above the tabs: how many channels there are per status and per provider, as plain bars. */
export function ChannelSummary() {
  const { t, i18n } = useTranslation();
  const summary = useSummaryQuery();
  // On a phone the chart would push the tables below the fold: it opens on request there.
  const wide = Grid.useBreakpoint().md !== false;
  const [opened, setOpened] = useState<boolean | null>(null);
  const open = opened ?? wide;
  if (summary.isPending && !summary.isError) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (summary.isError)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('channels.summary.unavailable')}
        description={errorText(summary.error, t)}
      />
    );
  const { byStatus, byProvider } = summary.data;
  const total = byStatus.reduce((sum, s) => sum + s.count, 0);
  const sorted = [...byProvider].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const top = sorted.slice(0, TOP_PROVIDERS);
  const rest = sorted.slice(TOP_PROVIDERS).reduce((sum, p) => sum + p.count, 0);
  const providerBars: Bar[] = top.map((p) => ({
    key: String(p.id),
    label: p.id === null ? t('channels.summary.noProvider') : p.name,
    count: p.count,
    color: p.id === null ? NO_PROVIDER_COLOR : PROVIDER_COLOR,
  }));
  if (rest > 0)
    providerBars.push({ key: 'others', label: t('channels.summary.others'), count: rest, color: NO_PROVIDER_COLOR });

  return (
    <Card size="small" className="channel-summary" style={{ marginBottom: 16 }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>
          {t('channels.summary.total', { count: total, formatted: formatNumber(total, i18n.language) })}
        </Typography.Text>
        <Button type="link" size="small" aria-expanded={open} onClick={() => setOpened(!open)}>
          {t(open ? 'channels.summary.hide' : 'channels.summary.show')}
        </Button>
      </Space>
      {open && (
        <Row gutter={[24, 8]} style={{ marginTop: 8 }}>
          <Col xs={24} md={12}>
            <Bars
              title={t('channels.summary.byStatus')}
              language={i18n.language}
              bars={byStatus.map((s) => ({
                key: s.status,
                label: t(`channels.status.${s.status}`),
                count: s.count,
                color: STATUS_CHART_COLORS[s.status] ?? NO_PROVIDER_COLOR,
              }))}
            />
          </Col>
          <Col xs={24} md={12}>
            {providerBars.length > 0 ? (
              <Bars title={t('channels.summary.byProvider')} language={i18n.language} bars={providerBars} />
            ) : (
              <Typography.Text type="secondary">{t('channels.summary.noProviders')}</Typography.Text>
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}
