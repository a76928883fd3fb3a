import type { CustomerSite, TimelineEntry, TimelineKind } from '@it4u/shared';
import { Button, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { auditEventLabel } from '../../components/format/auditEvent.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { statusText } from '../../components/format/stockStatus.ts';
import { useTimelineQuery } from './useCustomerQueries.ts';

/** What an entry says, in the reader's words. */
export function entryText(t: TFunction, e: TimelineEntry, siteName: (idname: string) => string): string {
  const f = e.facts;
  const site = typeof f.site === 'string' && f.site ? siteName(f.site) : '';
  switch (e.kind) {
    case 'wan':
    case 'accessPoint':
    case 'terminal':
      return t(`customers.timeline.what.${e.what.replace('.', '_')}`, { ...f, site });
    case 'equipment':
      // a stock-out to the customer; the trail's changes of one read as the trail's other lines (below)
      if (e.what === 'equipment.out') {
        return t('customers.timeline.what.equipment_out', { ...f, site, status: statusText(t, f.status) });
      }
      return auditText(t, e.what, f, site);
    case 'channel':
      return e.what === 'channel.status'
        ? t('customers.timeline.what.channel_status', {
            channel: f.channel,
            from: t(`channels.status.${f.from}`, { defaultValue: String(f.from ?? '') }),
            to: t(`channels.status.${f.to}`, { defaultValue: String(f.to ?? '') }),
          })
        : t(`customers.timeline.what.${e.what.replaceAll('.', '_')}`, { channel: f.channel });
    default:
      return auditText(t, e.what, f, site);
  }
}

/** A line of the audit trail: its event in words, where, and the status it changed (in the reader's words). */
function auditText(t: TFunction, what: string, f: TimelineEntry['facts'], site: string): string {
  const words = auditEventLabel(t, what);
  // a stock-out's status (the spec stores it in Vietnamese) reads in the reader's words
  const change =
    f.from !== null && f.to !== null && f.from !== undefined
      ? ` (${statusText(t, f.from)} → ${statusText(t, f.to)})`
      : '';
  return site ? `${words}: ${site}${change}` : `${words}${change}`;
}

/** Where an entry's thing is. */
function entryLink(e: TimelineEntry): string | undefined {
  const site = typeof e.facts.site === 'string' && e.facts.site ? encodeURIComponent(e.facts.site) : undefined;
  switch (e.kind) {
    case 'wan':
      return '/reporter';
    case 'accessPoint':
      return site && `/home?site=${site}`;
    case 'channel':
      return '/channel';
    case 'equipment':
      return '/supplies';
    case 'deviceInfo':
    case 'terminal':
      return '/clientDeviceInf';
    case 'settings':
      return site && `/config?site=${site}`;
    case 'vouchers':
      return site && `/voucher?site=${site}`;
    default:
      return undefined;
  }
}

const byWhom = (t: TFunction, by: string) =>
  by === 'router' || by === 'controller' ? t(`customers.timeline.by.${by}`) : by || t('audit.console');

/** A customer's timeline: what happened, newest first, filtered by kind, older entries on demand. */
export function CustomerTimeline({
  id,
  kinds,
  sites,
}: {
  id: number;
  kinds: readonly TimelineKind[];
  sites: readonly CustomerSite[];
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TimelineKind[]>([]);
  const query = useTimelineQuery(id, chosen);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const siteName = (idname: string) => sites.find((s) => s.idname === idname)?.sitename ?? idname;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Select<TimelineKind[]>
        mode="multiple"
        allowClear
        className="no-print"
        aria-label={t('customers.timeline.kinds')}
        placeholder={t('customers.timeline.allKinds')}
        value={chosen}
        onChange={setChosen}
        options={kinds.map((k) => ({ value: k, label: t(`customers.timeline.kind.${k}`) }))}
        style={{ width: '100%', maxWidth: 520 }}
      />
      <QueryView
        query={query}
        empty={entries.length === 0}
        emptyText={t(chosen.length > 0 ? 'customers.timeline.noneOfKinds' : 'customers.timeline.empty')}
        errorTitle={t('customers.timeline.failed')}
      >
        <ol className="customer-timeline" aria-label={t('customers.parts.timeline')}>
          {entries.map((e) => {
            const to = entryLink(e);
            const text = entryText(t, e, siteName);
            return (
              <li key={e.key} className={`customer-timeline-entry kind-${e.kind}`}>
                <Space wrap size={[8, 2]}>
                  <Typography.Text type="secondary">
                    <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
                  </Typography.Text>
                  <Tag>{t(`customers.timeline.kind.${e.kind}`)}</Tag>
                  {to ? <Link to={to}>{text}</Link> : <span>{text}</span>}
                  <Typography.Text type="secondary">— {byWhom(t, e.by)}</Typography.Text>
                </Space>
              </li>
            );
          })}
        </ol>
        {query.hasNextPage && (
          <Button className="no-print" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('customers.timeline.older')}
          </Button>
        )}
      </QueryView>
    </Space>
  );
}
