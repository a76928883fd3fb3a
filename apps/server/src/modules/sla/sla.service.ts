import { vietnamMonthOf, vietnamMonthSpan, WAN_STALE_AFTER_MS } from '@it4u/shared';
import { type CountedHours, SLA_MAX_DAYS, type SlaFigures, type SlaLink, type SlaReport } from '@it4u/shared/api';
import { BadRequestError } from '../../lib/errors.ts';
import type { ChannelsForSla } from '../channels/channels.module.ts';
import type { WanLinksOfSla } from '../wanLinks/wanLinks.module.ts';
import { type Change, linkFigures, sumOf } from './sla.figures.ts';

const DAY_MS = 86_400_000;
/** Links measured between two turns of the event loop. */
const SLICE = 200;

/** Rows added up by a key: how many links, and their figures as one. */
function addedUp<K>(links: readonly SlaLink[], keyOf: (l: SlaLink) => K) {
  const groups = new Map<K, SlaLink[]>();
  for (const l of links) {
    const key = keyOf(l);
    const list = groups.get(key);
    if (list) list.push(l);
    else groups.set(key, [l]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    first: list[0] as SlaLink,
    links: list.length,
    figures: sumOf(list.map((l) => l.figures)) as SlaFigures,
    breaches: list.filter((l) => l.contract?.breach).length,
  }));
}

type Asked = { from?: number; to?: number; hours?: CountedHours; customerId?: number };

/** Providers and customers against their contracts: the WAN links' measured availability over a period. */
export function createSlaService(deps: { wanLinks: WanLinksOfSla; channels: ChannelsForSla; now: () => number }) {
  return {
    /** The report of a period (this month by default); with a customer, theirs only (their links added up). */
    async report(asked: Asked): Promise<SlaReport> {
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
      const [sites, periods, terms] = await Promise.all([
        deps.wanLinks.all(),
        deps.wanLinks.periodChanges(new Date(query.from), new Date(to)),
        deps.channels.packTerms(),
      ]);
      const siteOf = new Map(sites.map((s) => [s.id, s]));
      // a customer's contracted figure per provider: the strictest of their channels through it
      const termsOf = new Map<string, (typeof terms)[number]>();
      for (const term of terms) {
        const key = `${term.contractId}\u0000${term.provider.toLowerCase()}`;
        if ((termsOf.get(key)?.target ?? -1) < term.target) termsOf.set(key, term);
      }
      const links: SlaLink[] = [];
      for (const [i, period] of periods.entries()) {
        // thousands of links: the other requests get their turn now and then
        if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
        const site = siteOf.get(period.siteId);
        if (!site || (asked.customerId !== undefined && site.customerId !== asked.customerId)) continue;
        const knownUntil = site.lastPushAt ? Math.min(now, site.lastPushAt.getTime() + WAN_STALE_AFTER_MS) : 0;
        const changes: Change[] = period.changes.map(([at, state, provider]) => ({ at, state, provider }));
        // the link measured in some hours, once each (the report's, and a contract's if it counts others)
        const measured = new Map<CountedHours, ReturnType<typeof linkFigures>>();
        const measure = (counted: CountedHours) => {
          const known = measured.get(counted);
          if (known) return known;
          const parts = linkFigures(changes, query.from, to, knownUntil, counted);
          measured.set(counted, parts);
          return parts;
        };
        const parts = measure(hours);
        for (const part of parts) {
          const term =
            site.customerId === null
              ? undefined
              : termsOf.get(`${site.customerId}\u0000${part.provider.toLowerCase()}`);
          // what the contract counts, measured in its own hours
          const availability = !term
            ? null
            : term.hours === hours
              ? part.figures.availability
              : (measure(term.hours).find((p) => p.provider === part.provider)?.figures.availability ?? null);
          links.push({
            siteId: site.id,
            sitename: site.sitename,
            customerId: site.customerId,
            customer: site.customer,
            wan: period.wan,
            provider: part.provider,
            figures: part.figures,
            contract: term
              ? {
                  pack: term.pack,
                  target: term.target,
                  hours: term.hours,
                  availability,
                  breach: availability !== null && availability < term.target,
                }
              : null,
          });
        }
      }
      links.sort(
        (a, b) => a.sitename.localeCompare(b.sitename) || a.wan - b.wan || a.provider.localeCompare(b.provider),
      );
      const providers = addedUp(links, (l) => l.provider)
        .map((g) => ({ provider: g.key, links: g.links, figures: g.figures, breaches: g.breaches }))
        .sort((a, b) => a.provider.localeCompare(b.provider));
      // the packs' links: a key of the provider, the pack and its terms (a pack is the same for every customer)
      const packs = links.filter((l) => l.contract !== null);
      const servicePacks = addedUp(packs, (l) =>
        JSON.stringify([l.provider, l.contract?.pack, l.contract?.target, l.contract?.hours]),
      )
        .map((g) => ({
          provider: g.first.provider,
          pack: g.first.contract?.pack ?? '',
          target: g.first.contract?.target ?? 0,
          hours: g.first.contract?.hours ?? 'all',
          links: g.links,
          figures: g.figures,
          breaches: g.breaches,
        }))
        .sort((a, b) => a.provider.localeCompare(b.provider) || a.pack.localeCompare(b.pack));
      const customers = addedUp(links, (l) => l.customerId)
        .map((g) => ({
          customerId: g.key,
          customer: g.first.customer,
          links: g.links,
          figures: g.figures,
          breaches: g.breaches,
        }))
        .sort((a, b) => (a.customer ?? '\uffff').localeCompare(b.customer ?? '\uffff'));
      return { from: query.from, to, hours, providers, servicePacks, customers, links };
    },
  };
}

export type SlaService = ReturnType<typeof createSlaService>;
