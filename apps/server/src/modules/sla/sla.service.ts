import { vietnamMonthOf, vietnamMonthSpan, WAN_STALE_AFTER_MS } from '@it4u/shared';
import { type CountedHours, SLA_MAX_DAYS, type SlaFigures, type SlaLink, type SlaReport } from '@it4u/shared/api';
import { BadRequestError } from '../../lib/errors.ts';
import type { WanLinksOfSla } from '../wanLinks/wanLinks.module.ts';
import { type Change, linkFigures, sumOf } from './sla.figures.ts';

const DAY_MS = 86_400_000;

/** Rows added up by a key: how many links, and their figures as one. */
function addedUp<K>(links: readonly SlaLink[], keyOf: (l: SlaLink) => K) {
  const groups = new Map<K, SlaLink[]>();
  for (const l of links) {
    const key = keyOf(l);
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    first: list[0] as SlaLink,
    links: list.length,
    figures: sumOf(list.map((l) => l.figures)) as SlaFigures,
  }));
}

/** Providers and customers against their contracts: the WAN links' measured availability over a period. */
export function createSlaService(deps: { wanLinks: WanLinksOfSla; now: () => number }) {
  return {
    async report(asked: { from?: number; to?: number; hours?: CountedHours }): Promise<SlaReport> {
      const hours = asked.hours ?? 'all';
      const now = deps.now();
      if ((asked.from === undefined) !== (asked.to === undefined))
        throw new BadRequestError('fieldRequired', asked.from === undefined ? 'from' : 'to', {
          field: asked.from === undefined ? 'from' : 'to',
        });
      const [from, until] =
        asked.from !== undefined && asked.to !== undefined
          ? [asked.from, asked.to]
          : vietnamMonthSpan(vietnamMonthOf(now));
      const query = { from, to: until };
      if (query.to <= query.from) throw new BadRequestError('rangeReversed', 'to');
      if (query.to - query.from > SLA_MAX_DAYS * DAY_MS)
        throw new BadRequestError('rangeTooLong', 'to', { days: SLA_MAX_DAYS });
      // what has not happened yet is not measured
      const to = Math.max(query.from, Math.min(query.to, now));
      const [sites, periods] = await Promise.all([
        deps.wanLinks.all(),
        deps.wanLinks.periodChanges(new Date(query.from), new Date(to)),
      ]);
      const siteOf = new Map(sites.map((s) => [s.id, s]));
      const links: SlaLink[] = [];
      for (const period of periods) {
        const site = siteOf.get(period.siteId);
        if (!site) continue;
        const knownUntil = site.lastPushAt ? Math.min(now, site.lastPushAt.getTime() + WAN_STALE_AFTER_MS) : 0;
        const changes: Change[] = period.changes.map(([at, state, provider]) => ({ at, state, provider }));
        for (const part of linkFigures(changes, query.from, to, knownUntil, hours))
          links.push({
            siteId: site.id,
            sitename: site.sitename,
            customerId: site.customerId,
            customer: site.customer,
            wan: period.wan,
            provider: part.provider,
            figures: part.figures,
          });
      }
      links.sort(
        (a, b) => a.sitename.localeCompare(b.sitename) || a.wan - b.wan || a.provider.localeCompare(b.provider),
      );
      const providers = addedUp(links, (l) => l.provider)
        .map((g) => ({ provider: g.key, links: g.links, figures: g.figures }))
        .sort((a, b) => a.provider.localeCompare(b.provider));
      const customers = addedUp(links, (l) => l.customerId)
        .map((g) => ({ customerId: g.key, customer: g.first.customer, links: g.links, figures: g.figures }))
        .sort((a, b) => (a.customer ?? '\uffff').localeCompare(b.customer ?? '\uffff'));
      return { from: query.from, to, hours, providers, customers, links };
    },
  };
}

export type SlaService = ReturnType<typeof createSlaService>;
