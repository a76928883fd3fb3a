import type { LinkState } from '@it4u/shared/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chunks, isUniqueViolation, rowsOf } from '../../lib/sql.ts';

/** A WAN link as a push reports it. */
export type PushedLink = { wan: number; provider: string; ip: string; up: boolean; uptime: number | null };

/** The latest state of a WAN link. */
export type LinkRow = PushedLink & { since: Date };

/** A customer site as the report lists it, before the controller's access points are added. */
export type SiteRow = {
  id: number;
  sitename: string;
  groupName: string;
  idname: string | null;
  customer: string | null;
  uptimeLb: number | null;
  lastPushAt: Date | null;
  links: LinkRow[];
};

/** A change of a link: from `at` it was in `state` with this provider and address. */
export type EventRow = { wan: number; at: Date; state: LinkState; provider: string; ip: string };

const date = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

type RawSite = {
  id: number;
  sitename: string;
  group_name: string;
  idname: string | null;
  customer: string | null;
  uptime_lb: number | null;
  last_push_at: string | Date | null;
};
type RawLink = {
  site_id: number;
  wan: number;
  provider: string;
  ip: string;
  up: boolean;
  uptime: number | null;
  since: string | Date;
};

/** A report row's site, its name among the site names (description or short name), and its contract's customer. */
const SITES = sql`select cs.id, cs.sitename, cs.group_name, cs.uptime_lb, cs.last_push_at, s.idname,
  (select c.client_name from contract_sites x join contracts c on c.id = x.contract_id
    where x.site_id = s.id order by c.id limit 1) as customer
  from customer_sites cs
  left join lateral (select id, idname from sites where sites.sitename = cs.sitename or sites.idname = cs.sitename
    order by (sites.sitename = cs.sitename) desc, id limit 1) s on true`;

const LINKS = sql`select l.site_id, l.wan, l.provider, l.ip, l.up, l.uptime, l.since from wan_links l`;

function assemble(sites: RawSite[], links: RawLink[]): SiteRow[] {
  const bySite = new Map<number, LinkRow[]>();
  for (const l of links) {
    const list = bySite.get(l.site_id) ?? [];
    list.push({ wan: l.wan, provider: l.provider, ip: l.ip, up: l.up, uptime: l.uptime, since: new Date(l.since) });
    bySite.set(l.site_id, list);
  }
  return sites.map((s) => ({
    id: s.id,
    sitename: s.sitename,
    groupName: s.group_name,
    idname: s.idname,
    customer: s.customer,
    uptimeLb: s.uptime_lb,
    lastPushAt: date(s.last_push_at),
    links: (bySite.get(s.id) ?? []).sort((a, b) => a.wan - b.wan),
  }));
}

/** Customer sites, the latest state of their WAN links, and the links' history of changes. SQL only. */
export function createCustomersRepository(db: Db) {
  return {
    /**
     * Records a push made at `at` as one transaction: the site (made on its first push) with its group and load
     * balancer, then its links as `decide` works them out from the links as they were and the time of the push
     * before (null: none). Pushes of one site wait for each other on the site's row. `known`: the name is among the
     * site names (as a description or a short name).
     */
    async push(
      push: { sitename: string; groupName: string | null; uptimeLb: number | null; at: Date },
      decide: (before: LinkRow[], previousPush: Date | null) => { links: LinkRow[]; events: EventRow[] },
    ): Promise<{ id: number; changes: number; known: boolean }> {
      return db.transaction(async (tx) => {
        const known = sql`exists (select 1 from sites where sitename = ${push.sitename} or idname = ${push.sitename})`;
        // the site as it was (locked until the end), updated; made when it is new
        const update = async () =>
          rowsOf<{ id: number; previous: string | Date | null; known: boolean }>(
            await tx.execute(sql`
              update customer_sites cs set
                group_name = coalesce(${push.groupName}::text, cs.group_name),
                uptime_lb = ${push.uptimeLb}::int,
                last_push_at = ${push.at.toISOString()}::timestamptz
              from (select id, last_push_at from customer_sites where sitename = ${push.sitename} for update) old
              where cs.id = old.id
              returning cs.id, old.last_push_at as previous, ${known} as known`),
          )[0];
        let site = await update();
        if (!site) {
          [site] = rowsOf<{ id: number; previous: null; known: boolean }>(
            await tx.execute(sql`
              insert into customer_sites (sitename, group_name, uptime_lb, last_push_at)
              values (${push.sitename}, coalesce(${push.groupName}::text, ''), ${push.uptimeLb}::int,
                ${push.at.toISOString()}::timestamptz)
              on conflict (sitename) do nothing
              returning id, null as previous, ${known} as known`),
          );
          // its first push came twice at once: the other made it
          site ??= await update();
        }
        if (!site) throw new Error('the customer site was not written');
        const before = rowsOf<RawLink>(await tx.execute(sql`${LINKS} where l.site_id = ${site.id}`)).map((l) => ({
          wan: l.wan,
          provider: l.provider,
          ip: l.ip,
          up: l.up,
          uptime: l.uptime,
          since: new Date(l.since),
        }));
        const { links, events } = decide(before, date(site.previous));
        const kept = links.map((l) => l.wan);
        if (before.some((l) => !kept.includes(l.wan))) {
          await tx.execute(
            sql`delete from wan_links where site_id = ${site.id} and not (wan = any(${`{${kept.join(',')}}`}::int[]))`,
          );
        }
        if (links.length) {
          const values = links.map(
            (l) =>
              sql`(${site.id}, ${l.wan}, ${l.provider}, ${l.ip}, ${l.up}, ${l.uptime}::int, ${l.since.toISOString()}::timestamptz)`,
          );
          await tx.execute(sql`insert into wan_links (site_id, wan, provider, ip, up, uptime, since)
            values ${sql.join(values, sql`, `)}
            on conflict (site_id, wan) do update set provider = excluded.provider, ip = excluded.ip, up = excluded.up,
              uptime = excluded.uptime, since = excluded.since`);
        }
        if (events.length) {
          const values = events.map(
            (e) => sql`(${site.id}, ${e.wan}, ${e.at.toISOString()}::timestamptz, ${e.state}, ${e.provider}, ${e.ip})`,
          );
          // two changes at one instant: the later word wins
          await tx.execute(sql`insert into wan_events (site_id, wan, at, state, provider, ip)
            values ${sql.join(values, sql`, `)}
            on conflict (site_id, wan, at) do update set state = excluded.state, provider = excluded.provider,
              ip = excluded.ip`);
        }
        return { id: site.id, changes: events.length, known: site.known };
      });
    },

    /** A site with its latest links and its history, written at once (the demo's thirty days). */
    async seed(
      site: { sitename: string; groupName: string; uptimeLb: number | null; lastPushAt: Date },
      links: LinkRow[],
      events: EventRow[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = rowsOf<{ id: number }>(
          await tx.execute(sql`insert into customer_sites (sitename, group_name, uptime_lb, last_push_at)
            values (${site.sitename}, ${site.groupName}, ${site.uptimeLb}::int, ${site.lastPushAt.toISOString()}::timestamptz)
            returning id`),
        );
        if (!row) return;
        for (const part of chunks(links.map((l) => ({ ...l, siteId: row.id })))) {
          await tx.execute(
            sql`insert into wan_links (site_id, wan, provider, ip, up, uptime, since) values ${sql.join(
              part.map(
                (l) =>
                  sql`(${l.siteId}, ${l.wan}, ${l.provider}, ${l.ip}, ${l.up}, ${l.uptime}::int, ${l.since.toISOString()}::timestamptz)`,
              ),
              sql`, `,
            )}`,
          );
        }
        for (const part of chunks(events)) {
          await tx.execute(
            sql`insert into wan_events (site_id, wan, at, state, provider, ip) values ${sql.join(
              part.map(
                (e) =>
                  sql`(${row.id}, ${e.wan}, ${e.at.toISOString()}::timestamptz, ${e.state}, ${e.provider}, ${e.ip})`,
              ),
              sql`, `,
            )} on conflict (site_id, wan, at) do update set state = excluded.state`,
          );
        }
      });
    },

    /** Every customer site (of one service group), by name, with its links. */
    async list(group?: string): Promise<SiteRow[]> {
      const where = group === undefined ? sql`` : sql` where cs.group_name = ${group}`;
      const linkWhere =
        group === undefined
          ? sql``
          : sql` where l.site_id in (select id from customer_sites where group_name = ${group})`;
      const [sites, links] = await Promise.all([
        db.execute(sql`${SITES}${where} order by cs.sitename`),
        db.execute(sql`${LINKS}${linkWhere}`),
      ]);
      return assemble(rowsOf<RawSite>(sites), rowsOf<RawLink>(links));
    },

    async find(id: number): Promise<SiteRow | undefined> {
      const sites = rowsOf<RawSite>(await db.execute(sql`${SITES} where cs.id = ${id}`));
      if (!sites.length) return undefined;
      const links = rowsOf<RawLink>(await db.execute(sql`${LINKS} where l.site_id = ${id}`));
      return assemble(sites, links)[0];
    },

    /** The site whose name is `name`, or whose short name in the site names is `name`. */
    async findByName(name: string): Promise<SiteRow | undefined> {
      const sites = rowsOf<RawSite>(
        await db.execute(sql`${SITES} where cs.sitename = ${name} or s.idname = ${name}
          order by (cs.sitename = ${name}) desc limit 1`),
      );
      const site = sites[0];
      if (!site) return undefined;
      const links = rowsOf<RawLink>(await db.execute(sql`${LINKS} where l.site_id = ${site.id}`));
      return assemble(sites, links)[0];
    },

    /** A site's changes since `since`, and for each link the change in force then; by link, then time. */
    async events(siteId: number, since: Date): Promise<EventRow[]> {
      const rows = rowsOf<{ wan: number; at: string | Date; state: LinkState; provider: string; ip: string }>(
        await db.execute(sql`
          select wan, at, state, provider, ip from wan_events where site_id = ${siteId} and at >= ${since.toISOString()}::timestamptz
          union all
          select w.wan, e.at, e.state, e.provider, e.ip from (values (1), (2), (3), (4)) w(wan)
            cross join lateral (select at, state, provider, ip from wan_events
              where site_id = ${siteId} and wan = w.wan and at < ${since.toISOString()}::timestamptz
              order by at desc limit 1) e
          order by wan, at`),
      );
      return rows.map((r) => ({ ...r, at: new Date(r.at) }));
    },

    /** The service groups in use. */
    async groups(): Promise<string[]> {
      const rows = rowsOf<{ group_name: string }>(
        await db.execute(
          sql`select distinct group_name from customer_sites where group_name <> '' order by group_name`,
        ),
      );
      return rows.map((r) => r.group_name);
    },

    /** A site registered by hand; undefined when one of that name exists. */
    async create(sitename: string, groupName: string): Promise<number | undefined> {
      try {
        const [row] = rowsOf<{ id: number }>(
          await db.execute(
            sql`insert into customer_sites (sitename, group_name) values (${sitename}, ${groupName}) returning id`,
          ),
        );
        return row?.id;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** Forgets a site, its links and their history. */
    async remove(id: number): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`delete from customer_sites where id = ${id} returning id`),
      );
      return rows.length > 0;
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
