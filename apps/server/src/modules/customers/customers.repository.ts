import type { LinkState } from '@it4u/shared/api';
import { type SQL, sql } from 'drizzle-orm';
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

type StoredLink = { wan: number; provider: string; ip: string; up: boolean; since: number };

type RawSite = {
  id: number;
  sitename: string;
  group_name: string;
  idname: string | null;
  customer: string | null;
  uptime_lb: number | null;
  uptimes: (number | null)[] | string;
  links: StoredLink[] | string;
  last_push: number | string | null;
};

/** The links as stored (without their uptimes, which change with every push). */
const stored = (links: LinkRow[]): string =>
  JSON.stringify(
    links.map((l) => ({ wan: l.wan, provider: l.provider, ip: l.ip, up: l.up, since: l.since.getTime() })),
  );

/** Each link's uptime by WAN number - 1, as PostgreSQL's array text. */
const uptimesOf = (links: { wan: number; uptime: number | null }[]): string =>
  `{${[1, 2, 3, 4].map((n) => links.find((l) => l.wan === n)?.uptime ?? 'NULL').join(',')}}`;

/** PostgreSQL's int[] as text ("{1,NULL,3}"), when a driver gives it so. */
const intArray = (v: (number | null)[] | string): (number | null)[] =>
  typeof v === 'string'
    ? v
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map((x) => (x === 'NULL' ? null : Number(x)))
    : v;

function toSite(r: RawSite): SiteRow {
  const uptimes = intArray(r.uptimes);
  const links = (typeof r.links === 'string' ? (JSON.parse(r.links) as StoredLink[]) : r.links).map((l) => ({
    wan: l.wan,
    provider: l.provider,
    ip: l.ip,
    up: l.up,
    uptime: uptimes[l.wan - 1] ?? null,
    since: new Date(l.since),
  }));
  return {
    id: r.id,
    sitename: r.sitename,
    groupName: r.group_name,
    idname: r.idname,
    customer: r.customer,
    uptimeLb: r.uptime_lb,
    lastPushAt: r.last_push === null ? null : new Date(Number(r.last_push)),
    links,
  };
}

/**
 * A report row's site with its name among the site names (as a description, else as a short name) and its
 * contract's customer: joins of whole tables (hash joins), not a lookup a row.
 */
const SITES = sql`with names as (select distinct on (sitename) sitename, id, idname from sites order by sitename, id),
  owners as (select distinct on (x.site_id) x.site_id, c.client_name from contract_sites x
    join contracts c on c.id = x.contract_id order by x.site_id, c.id)
  select cs.id, cs.sitename, cs.group_name, cs.uptime_lb, cs.uptimes, cs.links,
    (extract(epoch from cs.last_push_at) * 1000)::float8 as last_push,
    coalesce(n.idname, i.idname) as idname, o.client_name as customer
  from customer_sites cs
  left join names n on n.sitename = cs.sitename
  left join sites i on i.idname = cs.sitename and n.id is null
  left join owners o on o.site_id = coalesce(n.id, i.id)`;

/**
 * A push's statements commit without waiting for the disk (`synchronous_commit` off for their own transaction): a
 * crash may lose the last fraction of a second of pushes, which the routers send again within 4 minutes, and the
 * 1,000 pushes a second of 10,000 sites do not queue behind a thousand disk flushes (docs/decisions.md).
 */
const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true))`;

/** Customer sites with the latest state of their links, and the links' history of changes. SQL only. */
export function createCustomersRepository(db: Db) {
  const sites = async (where: SQL) =>
    rowsOf<RawSite>(await db.execute(sql`${SITES} ${where} order by cs.sitename`)).map(toSite);

  return {
    /**
     * Records a push made at `at`: the site (made on its first push) with its group, load balancer and uptimes, in
     * one statement that answers the links as they were and the time of the push before (null: none); then, only
     * when `decide` finds a change, the new links with their history's new lines in a second one. Pushes of one site
     * wait for each other on its row; the second statement is skipped when a later push of the site came in between
     * (it went on from the links as they were).
     */
    async push(
      push: { sitename: string; groupName: string | null; uptimeLb: number | null; uptimes: PushedLink[]; at: Date },
      decide: (before: LinkRow[], previousPush: Date | null) => { links: LinkRow[]; events: EventRow[] },
    ): Promise<{ id: number; changes: number; known: boolean }> {
      const at = push.at.toISOString();
      const uptimes = uptimesOf(push.uptimes);
      const known = sql`exists (select 1 from sites where sitename = ${push.sitename} or idname = ${push.sitename})`;
      type Answer = { id: number; previous: number | string | null; links: StoredLink[] | string; known: boolean };
      // one statement, new site or not: the links are left as they were, and the last push becomes the prior one
      const [site] = rowsOf<Answer>(
        await db.execute(sql`
          insert into customer_sites (sitename, group_name, uptime_lb, uptimes, last_push_at)
          select ${push.sitename}, coalesce(${push.groupName}::text, ''), ${push.uptimeLb}::int, ${uptimes}::int[],
            ${at}::timestamptz
          from ${ASYNC_COMMIT} commit
          on conflict (sitename) do update set
            group_name = coalesce(${push.groupName}::text, customer_sites.group_name),
            uptime_lb = excluded.uptime_lb,
            uptimes = excluded.uptimes,
            prior_push_at = customer_sites.last_push_at,
            last_push_at = excluded.last_push_at
          returning id, (extract(epoch from prior_push_at) * 1000)::float8 as previous, links, ${known} as known`),
      );
      if (!site) throw new Error('the customer site was not written');
      const before = toSite({
        id: site.id,
        sitename: push.sitename,
        group_name: '',
        idname: null,
        customer: null,
        uptime_lb: null,
        uptimes: [],
        links: site.links,
        last_push: site.previous,
      });
      const { links, events } = decide(before.links, before.lastPushAt);
      if (events.length > 0) {
        const lines = events.map(
          (e) =>
            sql`(${site.id}::int, ${e.wan}::int, ${e.at.toISOString()}::timestamptz, ${e.state}::text, ${e.provider}::text, ${e.ip}::text)`,
        );
        // two changes at one instant: the later word wins
        await db.execute(sql`
          with kept as (update customer_sites set links = ${stored(links)}::jsonb
            from ${ASYNC_COMMIT} commit
            where id = ${site.id} and last_push_at = ${at}::timestamptz returning id)
          insert into wan_events (site_id, wan, at, state, provider, ip)
          select v.* from (values ${sql.join(lines, sql`, `)}) v(site_id, wan, at, state, provider, ip)
          where exists (select 1 from kept)
          on conflict (site_id, wan, at) do update set state = excluded.state, provider = excluded.provider,
            ip = excluded.ip`);
      }
      return { id: site.id, changes: events.length, known: site.known };
    },

    /** A site with its latest links and its history, written at once (the demo's thirty days). */
    async seed(
      site: { sitename: string; groupName: string; uptimeLb: number | null; lastPushAt: Date },
      links: LinkRow[],
      events: EventRow[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = rowsOf<{ id: number }>(
          await tx.execute(sql`insert into customer_sites (sitename, group_name, uptime_lb, uptimes, links, last_push_at)
            values (${site.sitename}, ${site.groupName}, ${site.uptimeLb}::int, ${uptimesOf(links)}::int[],
              ${stored(links)}::jsonb, ${site.lastPushAt.toISOString()}::timestamptz)
            returning id`),
        );
        if (!row) return;
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
    list: (group?: string): Promise<SiteRow[]> =>
      sites(group === undefined ? sql`` : sql`where cs.group_name = ${group}`),

    find: async (id: number): Promise<SiteRow | undefined> => (await sites(sql`where cs.id = ${id}`))[0],

    /** The site whose name is `name`, or whose short name in the site names is `name`. */
    findByName: async (name: string): Promise<SiteRow | undefined> =>
      (await sites(sql`where cs.sitename = ${name} or coalesce(n.idname, i.idname) = ${name}`)).sort(
        (a, b) => Number(b.sitename === name) - Number(a.sitename === name),
      )[0],

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
