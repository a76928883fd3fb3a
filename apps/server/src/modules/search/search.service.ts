import type { SearchHit, SearchKind, SearchResult } from '@it4u/shared';
import { canonicalMac, SEARCH_MIN_CHARS } from '@it4u/shared';
import { type Actor, mayDo, seesAllSites } from '../../lib/context.ts';
import { foldForSearch, type SearchPage, type SearchTerms } from '../../lib/sql.ts';
import type { ChannelsRepository } from '../channels/channels.repository.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { DeviceInfoRepository } from '../deviceinfo/deviceInfo.repository.ts';
import type { SitesRepository } from '../sites/sites.repository.ts';
import type { SuppliesRepository } from '../supplies/supplies.repository.ts';
import type { SightingsRepository } from '../supplies/supplies.sightings.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WanLinksRepository } from '../wanLinks/wanLinks.repository.ts';

/** What each register offers the search box: its rows whose folded text holds the terms, best first. */
export type SearchSources = {
  contracts: Pick<ContractsRepository, 'searchFolded' | 'page'>;
  sites: Pick<SitesRepository, 'searchFolded'>;
  stock: Pick<SuppliesRepository, 'searchOut'> & Pick<SightingsRepository, 'searchDevices'>;
  wanLinks: Pick<WanLinksRepository, 'searchFolded'>;
  channels: Pick<ChannelsRepository, 'searchFolded'>;
  devices: Pick<DeviceInfoRepository, 'searchFolded'>;
  users: Pick<UsersRepository, 'searchFolded'>;
};

/** A customer's own contracts, at most (a customer has a few). */
const OWN_MAX = 200;

/** The most words a search reads the registers for (a like each): a longer query keeps its first ones. */
const MAX_WORDS = 8;

/**
 * The terms as the registers hold them: folded (lower case, no marks), every word in any order. A MAC address in any
 * notation is looked for as the console stores it (AA:BB:…, folded), and twelve bare hex digits as typed too, since a
 * serial can be the same digits (`EE859953F570`); part of one (aa-bb-cc) with colons.
 */
export function searchTerms(q: string): SearchTerms {
  const text = foldForSearch(q);
  const words = [...new Set(text.split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  const mac = canonicalMac(q);
  // twelve bare hex digits may be a serial; a MAC written with separators is a MAC only
  if (mac) return /^[0-9a-f]{12}$/.test(text) ? [[mac.toLowerCase()], [text]] : [[mac.toLowerCase()]];
  if (/^[0-9a-f]{2}([-.][0-9a-f]{2})+$/.test(text)) return [[text.replace(/[-.]/g, ':')]];
  return words.length === 0 ? [] : [words];
}

/**
 * The search box: each register the caller may read, searched through its trigram index (migration 0022), a few hits
 * a kind. A customer finds their own contracts, sites and equipment only; channels and device rows are for the manage
 * roles, users for the user administrators.
 */
export function createSearchService(deps: SearchSources) {
  return {
    async search(
      actor: Actor,
      query: { q: string; limit: number; kind?: SearchKind; offset?: number },
    ): Promise<SearchResult> {
      if (foldForSearch(query.q).length < SEARCH_MIN_CHARS) return { groups: [] };
      const words = searchTerms(query.q);
      // twelve hex digits as a serial too in the registers that hold serials (the warehouse, device rows); the others
      // hold no serial, and the second look would only cost them time
      const [first] = words;
      const noSerials: SearchTerms = first ? [first] : [];
      const staff = seesAllSites(actor);
      const own = staff ? undefined : actor.sitename.map((s) => s.idname);
      const manage = mayDo(actor, 'manage');
      const ownContracts = async () => (await deps.contracts.page(undefined, 0, OWN_MAX, own)).items.map((c) => c.id);
      const customer = (id: number | null | undefined) => (id ? `/customers/${id}` : undefined);

      const kinds: [SearchKind, (page: SearchPage) => Promise<SearchHit[]>][] = [
        [
          'customers',
          async (page) =>
            (await deps.contracts.searchFolded(noSerials, page, own)).map((c) => ({
              key: `contract:${c.id}`,
              title: c.clientName,
              detail: [c.numContract, c.phone].filter(Boolean).join(' · '),
              to: `/customers/${c.id}`,
            })),
        ],
        [
          'sites',
          async (page) =>
            (await deps.sites.searchFolded(noSerials, page, own)).map((s) => ({
              key: `site:${s.idname}`,
              title: s.sitename,
              detail: s.idname,
              to: `/home?site=${encodeURIComponent(s.idname)}`,
            })),
        ],
        [
          'networkDevices',
          async (page) =>
            (await deps.stock.searchDevices(noSerials, page, own)).map((d) => ({
              key: `networkDevice:${d.site.idname}:${d.mac}`,
              title: d.name || d.model || d.mac,
              detail: [d.name ? d.model : '', d.site.sitename].filter(Boolean).join(' · '),
              to: `/home?site=${encodeURIComponent(d.site.idname)}`,
            })),
        ],
      ];
      if (mayDo(actor, 'customerReport')) {
        kinds.push([
          'wanLinks',
          async (page) =>
            (await deps.wanLinks.searchFolded(noSerials, page)).map((s) => ({
              key: `wanSite:${s.id}`,
              title: s.sitename,
              detail: [
                ...s.links.map((l) => [l.provider, l.ip].filter(Boolean).join(' ')),
                s.customer === s.sitename ? '' : (s.customer ?? ''),
              ]
                .filter(Boolean)
                .join(' · '),
              to: customer(s.customerId) ?? `/reporter?q=${encodeURIComponent(s.sitename)}`,
            })),
        ]);
      }
      if (manage || !staff) {
        kinds.push([
          'equipment',
          async (page) =>
            (await deps.stock.searchOut(words, page, manage ? undefined : await ownContracts())).map((r) => ({
              key: `stockRecord:${r.id}`,
              title: [r.serialNum, r.mac].filter(Boolean).join(' · '),
              detail: [r.listSupplies?.name, r.contract?.clientName].filter(Boolean).join(' · '),
              to: customer(r.contract?.id) ?? `/supplies?q=${encodeURIComponent(r.serialNum || r.mac)}`,
            })),
        ]);
      }
      if (manage) {
        kinds.push(
          [
            'channels',
            async (page) =>
              (await deps.channels.searchFolded(noSerials, page)).map((c) => ({
                key: `channel:${c.id}`,
                title: c.name,
                detail: [c.usernamePppoe, c.clientName].filter(Boolean).join(' · '),
                to: customer(c.contractId) ?? '/channel',
              })),
          ],
          [
            'devices',
            async (page) =>
              (await deps.devices.searchFolded(words, page)).map((d) => {
                const f = d as unknown as Record<string, string | undefined>;
                return {
                  key: `deviceInfo:${d.id}`,
                  title: [f.ipWan1, f.ipLb, f.ipOther].filter(Boolean).join(' · ') || `#${d.id}`,
                  detail: [d.contract?.clientName, d.sitename?.sitename].filter(Boolean).join(' · '),
                  to: customer(d.contract?.id) ?? '/clientDeviceInf',
                };
              }),
          ],
        );
      }
      if (mayDo(actor, 'userAdmin')) {
        kinds.push([
          'users',
          async (page) =>
            (await deps.users.searchFolded(noSerials, page)).map((u) => ({
              key: `user:${u.id}`,
              title: u.name,
              detail: u.username,
              to: `/users/${encodeURIComponent(u.username)}`,
            })),
        ]);
      }
      // one more than asked tells whether more follow; a kind asked for ("See all") is read from its offset alone
      const { limit } = query;
      const asked = query.kind === undefined ? kinds : kinds.filter(([kind]) => kind === query.kind);
      const page = { limit: limit + 1, offset: query.kind === undefined ? 0 : (query.offset ?? 0) };
      const found = await Promise.all(
        asked.map(async ([kind, read]) => {
          const hits = await read(page);
          return { kind, hits: hits.slice(0, limit), more: hits.length > limit };
        }),
      );
      return { groups: found.filter((g) => g.hits.length > 0) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
