import type { LinkState } from '@it4u/shared/api';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, runNamed } from '../../db/client.ts';
import {
  chunks,
  foldedContains,
  foldedRank,
  isDeadlock,
  isUniqueViolation,
  pageOf,
  rowsOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';
import { siteOwnerColumn, siteOwnerIdColumn, siteOwnerJoin, siteOwnerLookup } from '../contracts/contractRefs.ts';
import { siteExistsText, siteNamedColumn, siteNamedJoin, siteNamedLookup } from '../sites/siteRefs.ts';

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
  /** the contract of the customer (their page) */
  customerId: number | null;
  uptimeLb: number | null;
  lastPushAt: Date | null;
  links: LinkRow[];
};

/** A customer site the search box found: its links' providers and addresses, and its customer (their page). */
export type FoundWanSite = {
  id: number;
  sitename: string;
  links: { wan: number; provider: string; ip: string }[];
  customer: string | null;
  customerId: number | null;
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
  customer_id: number | null;
  uptime_lb: number | null;
  uptimes: (number | null)[] | string;
  links: StoredLink[] | string;
  last_push: number | string | null;
};

/** The links as stored (without their uptimes, which change with every push). */
const storedLinks = (links: LinkRow[]): StoredLink[] =>
  links.map((l) => ({ wan: l.wan, provider: l.provider, ip: l.ip, up: l.up, since: l.since.getTime() }));
const stored = (links: LinkRow[]): string => JSON.stringify(storedLinks(links));

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
    customerId: r.customer_id === null || r.customer_id === undefined ? null : Number(r.customer_id),
    uptimeLb: r.uptime_lb,
    lastPushAt: r.last_push === null ? null : new Date(Number(r.last_push)),
    links,
  };
}

/**
 * A report row's site with its name among the site names (as a description, else as a short name) and its
 * contract's customer: joins of whole tables (hash joins), not a lookup a row (the sites' and the contracts' areas
 * write them: siteRefs.ts, contractRefs.ts).
 */
const SITES = sql`select cs.id, cs.sitename, cs.group_name, cs.uptime_lb, cs.uptimes, cs.links,
    (extract(epoch from cs.last_push_at) * 1000)::float8 as last_push,
    ${siteNamedColumn('idname')} as idname, ${siteOwnerColumn} as customer,
    ${siteOwnerIdColumn} as customer_id
  from customer_sites cs
  ${siteNamedJoin(sql`cs.sitename`)}
  ${siteOwnerJoin(siteNamedColumn('id'))}`;

/** The lock key of the history's pruning (pg_try_advisory_xact_lock): one instance at a time. */
const PRUNE_LOCK = 7_113_035;

/**
 * A push's statements commit without waiting for the disk (`synchronous_commit` off for their own transaction): a
 * crash may lose the last fraction of a second of pushes, which the routers send again within 4 minutes, and the
 * 1,000 pushes a second of 10,000 sites do not queue behind a thousand disk flushes (docs/features.md).
 */
const ASYNC_COMMIT = "(select set_config('synchronous_commit', 'off', true))";

/**
 * A batch of pushes ($1: their sites as a JSON array), new sites or not: the links are left as they were, and each
 * last push becomes the prior one; a push without a service group keeps the site's (the batch's own group is looked up
 * only then). Rows in the order of their names. Answers each site's links as they were and its push before.
 */
const PUSH_SITES = `
  with v as materialized (select * from jsonb_to_recordset($1::jsonb)
    as v(sitename text, group_name text, uptime_lb int, uptimes int[], at timestamptz))
  insert into customer_sites (sitename, group_name, uptime_lb, uptimes, last_push_at)
  select v.sitename, coalesce(v.group_name, ''), v.uptime_lb, v.uptimes, v.at
  from v cross join ${ASYNC_COMMIT} commit
  order by v.sitename
  on conflict (sitename) do update set
    group_name = case when excluded.group_name <> '' then excluded.group_name
      else coalesce((select g.group_name from v g where g.sitename = excluded.sitename), customer_sites.group_name) end,
    uptime_lb = excluded.uptime_lb,
    uptimes = excluded.uptimes,
    prior_push_at = customer_sites.last_push_at,
    last_push_at = excluded.last_push_at
  returning id, sitename, (extract(epoch from prior_push_at) * 1000)::float8 as previous, links,
    ${siteExistsText('customer_sites.sitename')} as known`;

/**
 * The changes of a batch: the links ($1) of the sites whose last push is still this one (a later push went on from
 * them as they were), with their history's new lines ($2); two changes at one instant: the later word wins.
 */
const PUSH_CHANGES = `
  with v as (select * from jsonb_to_recordset($1::jsonb) as v(id int, at timestamptz, links jsonb)),
  kept as (update customer_sites cs set links = v.links
    from v cross join ${ASYNC_COMMIT} commit
    where cs.id = v.id and cs.last_push_at = v.at returning cs.id)
  insert into wan_events (site_id, wan, at, state, provider, ip)
  select e.site_id, e.wan, e.at, e.state, e.provider, e.ip
  from jsonb_to_recordset($2::jsonb) as e(site_id int, wan int, at timestamptz, state text, provider text, ip text)
  where e.site_id in (select id from kept)
  on conflict (site_id, wan, at) do update set state = excluded.state, provider = excluded.provider, ip = excluded.ip`;

/** A push as the repository writes it. */
export type SitePush = {
  sitename: string;
  groupName: string | null;
  uptimeLb: number | null;
  uptimes: PushedLink[];
  at: Date;
};

/** A site as a batch's first statement left it: its links (without uptimes) and its push before, as they were. */
export type PushedSite = { id: number; sitename: string; known: boolean; links: LinkRow[]; previousPush: Date | null };

/** What a push made at `at` changed on a site: its links from now on, and its history's new lines. */
export type SiteChange = { siteId: number; at: Date; links: LinkRow[]; events: EventRow[] };

/**
 * The two statements of a batch of pushes (see push.writer.ts). Their rows are written in the order of their names,
 * so that two instances' batches do not wait for each other in a circle (a statement cancelled in a deadlock all the
 * same is tried once more).
 */
function createPushStatements(db: Db) {
  /**
   * One of the two statements, by its name: node-postgres has each connection parse and plan it once (a named
   * statement), PGlite runs it as it is. Tried once more when PostgreSQL cancelled it to end a deadlock (it then
   * changed nothing).
   */
  const statement = <T>(name: string, text: string, values: unknown[]) =>
    runNamed<T>(db, name, text, values).catch((err: unknown) =>
      isDeadlock(err) ? runNamed<T>(db, name, text, values) : Promise.reject(err),
    );

  return {
    /** PUSH_SITES for a batch of pushes (one a site): each site as it was before, in no given order. */
    async writeSites(pushes: SitePush[]): Promise<PushedSite[]> {
      const rows = pushes.map((push) => ({
        sitename: push.sitename,
        group_name: push.groupName,
        uptime_lb: push.uptimeLb,
        uptimes: [1, 2, 3, 4].map((n) => push.uptimes.find((l) => l.wan === n)?.uptime ?? null),
        at: push.at.toISOString(),
      }));
      type Answer = {
        id: number;
        sitename: string;
        previous: number | string | null;
        links: StoredLink[] | string;
        known: boolean;
      };
      const answers = await statement<Answer>('it4u_customers_push', PUSH_SITES, [JSON.stringify(rows)]);
      return answers.map((site) => {
        const before = toSite({
          id: site.id,
          sitename: site.sitename,
          group_name: '',
          idname: null,
          customer: null,
          customer_id: null,
          uptime_lb: null,
          uptimes: [],
          links: site.links,
          last_push: site.previous,
        });
        return {
          id: site.id,
          sitename: site.sitename,
          known: site.known,
          links: before.links,
          previousPush: before.lastPushAt,
        };
      });
    },

    /** PUSH_CHANGES for the sites of a batch that changed (at least one). */
    async writeChanges(changes: SiteChange[]): Promise<void> {
      const kept = changes.map((c) => ({ id: c.siteId, at: c.at.toISOString(), links: storedLinks(c.links) }));
      const lines = changes.flatMap((c) =>
        c.events.map((e) => ({
          site_id: c.siteId,
          wan: e.wan,
          at: e.at.toISOString(),
          state: e.state,
          provider: e.provider,
          ip: e.ip,
        })),
      );
      await statement('it4u_customers_changes', PUSH_CHANGES, [JSON.stringify(kept), JSON.stringify(lines)]);
    },
  };
}

/** Customer sites with the latest state of their links, and the links' history of changes. SQL only. */
export function createWanLinksRepository(db: Db) {
  // the rows as one JSON text, parsed at once: for 10,000 sites a fraction of the time the driver takes to read
  // 10,000 rows of nine columns (JSON, an int[], a float) one by one
  const sites = async (where: SQL) => {
    const [answer] = rowsOf<{ rows: string }>(
      await db.execute(
        sql`select coalesce(json_agg(r order by r.sitename), '[]')::text as rows from (${SITES} ${where}) r`,
      ),
    );
    return (JSON.parse(answer?.rows ?? '[]') as RawSite[]).map(toSite);
  };

  const pushes = createPushStatements(db);

  return {
    /**
     * A batch of pushes (one a site), the first of the push writer's two statements (push.writer.ts): each site (made
     * on its first push) with its group, load balancer and uptimes; answers each site's links and push before.
     */
    writeSites: pushes.writeSites,

    /** The push writer's second statement: the new links of the sites a batch changed, with their history's lines. */
    writeChanges: pushes.writeChanges,

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

    /**
     * Each link's changes over [from, to), with the change in force at `from` before them: by site and link, each
     * link's changes in time order as [ms, state, provider] (one JSON text, as the report's rows).
     */
    async periodChanges(
      from: Date,
      to: Date,
    ): Promise<{ siteId: number; wan: number; changes: [number, LinkState, string][] }[]> {
      const [answer] = rowsOf<{ rows: string }>(
        await db.execute(sql`select coalesce(json_agg(json_build_array(l.site_id, l.wan, l.changes)), '[]')::text as rows
          from (select cs.id as site_id, w.wan,
              json_agg(json_build_array((extract(epoch from e.at) * 1000)::float8, e.state, e.provider) order by e.at) as changes
            from customer_sites cs cross join (values (1), (2), (3), (4)) w(wan)
            cross join lateral (
              (select at, state, provider from wan_events
                where site_id = cs.id and wan = w.wan and at < ${from.toISOString()}::timestamptz order by at desc limit 1)
              union all
              (select at, state, provider from wan_events
                where site_id = cs.id and wan = w.wan and at >= ${from.toISOString()}::timestamptz
                  and at < ${to.toISOString()}::timestamptz)) e
            group by cs.id, w.wan) l`),
      );
      return (JSON.parse(answer?.rows ?? '[]') as [number, number, [number, LinkState, string][]][]).map(
        ([siteId, wan, changes]) => ({ siteId, wan, changes }),
      );
    },

    /** The customer sites of some sites of the site names (by their short names). */
    /**
     * The customer sites whose name, group, or a link's provider or address holds the folded words (the search box),
     * best first: the page of them first, then the site and customer of each (a lookup a row of the page).
     */
    async searchFolded(terms: SearchTerms, page: SearchPage): Promise<FoundWanSite[]> {
      const rows = await searchRows<{
        id: number;
        sitename: string;
        links: StoredLink[] | string;
        customer_id: number | null;
        customer: string | null;
      }>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from customer_sites where ${foldedContains(terms)}),
          p as materialized (select cs.id, cs.sitename, cs.links, m.rank from customer_sites cs join m on m.id = cs.id
            order by m.rank, cs.sitename, cs.id ${pageOf(page)})
          select p.id, p.sitename, p.links, o.id as customer_id, o.client_name as customer from p
          ${siteNamedLookup(sql`p.sitename`, 'named')} ${siteOwnerLookup(sql`named.id`, 'o')}
          order by p.rank, p.sitename, p.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        sitename: r.sitename,
        links: (typeof r.links === 'string' ? (JSON.parse(r.links) as StoredLink[]) : r.links)
          .map((l) => ({ wan: l.wan, provider: l.provider, ip: l.ip }))
          .sort((a, b) => a.wan - b.wan),
        customer: r.customer,
        customerId: r.customer_id,
      }));
    },

    ofSites: async (idnames: string[]): Promise<SiteRow[]> =>
      idnames.length === 0 ? [] : sites(sql`where ${siteNamedColumn('idname')} = any(${sql.param(idnames)}::text[])`),

    /**
     * The report row of a site named `name` (as a report row's name, or the short name of the site it names) whose
     * links the terminal may trust: a row under a live device token of its own first, else the site's oldest row. A
     * row pushed later under another name of the same site (an alias) never takes the addresses over.
     */
    async findByName(name: string): Promise<SiteRow | undefined> {
      const [chosen] = rowsOf<{ id: number }>(
        await db.execute(sql`select cs.id from customer_sites cs ${siteNamedJoin(sql`cs.sitename`)}
          where cs.sitename = ${name} or ${siteNamedColumn('idname')} = ${name}
          order by exists (select 1 from device_tokens t where t.sitename = cs.sitename and t.revoked_at is null) desc,
            cs.id
          limit 1`),
      );
      return chosen ? (await sites(sql`where cs.id = ${chosen.id}`))[0] : undefined;
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

    /** The changes of some sites' links before a time, newest first (a customer's timeline). */
    async changesBefore(siteIds: number[], before: Date, limit: number): Promise<(EventRow & { siteId: number })[]> {
      if (siteIds.length === 0) return [];
      const rows = rowsOf<{
        site_id: number;
        wan: number;
        at: string | Date;
        state: LinkState;
        provider: string;
        ip: string;
      }>(
        await db.execute(sql`select site_id, wan, at, state, provider, ip from wan_events
          where site_id = any(${sql.param(siteIds)}::int[]) and at < ${before.toISOString()}::timestamptz
          order by at desc, site_id, wan limit ${limit}`),
      );
      return rows.map((r) => ({
        siteId: Number(r.site_id),
        wan: r.wan,
        at: new Date(r.at),
        state: r.state,
        provider: r.provider,
        ip: r.ip,
      }));
    },

    /**
     * Each site's name, group, links and last push as they are now, without the joins of the report (the metrics
     * read it at each scrape).
     */
    async latest(): Promise<{ sitename: string; groupName: string; links: LinkRow[]; lastPushAt: Date | null }[]> {
      const [answer] = rowsOf<{ rows: string }>(
        await db.execute(sql`select coalesce(json_agg(r order by r.sitename), '[]')::text as rows from (
          select id, sitename, group_name, uptime_lb, uptimes, links,
            (extract(epoch from last_push_at) * 1000)::float8 as last_push, null as idname, null as customer, null as customer_id
          from customer_sites) r`),
      );
      return (JSON.parse(answer?.rows ?? '[]') as RawSite[]).map(toSite);
    },

    /**
     * Forgets the history older than `before`, except each link's last change before it (the state the link was in
     * then, which the windows starting later need): at most `limit` lines a call, answering how many went. Under an
     * advisory lock taken without waiting: while another instance prunes, this one does nothing (answers null).
     */
    async prune(before: Date, limit = 5_000): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [lock] = rowsOf<{ got: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as got`),
        );
        if (!lock?.got) return null;
        const cutoff = before.toISOString();
        const gone = rowsOf<{ site_id: number }>(
          await tx.execute(sql`
            with doomed as (select e.site_id, e.wan, e.at from wan_events e
              where e.at < ${cutoff}::timestamptz and exists (select 1 from wan_events n
                where n.site_id = e.site_id and n.wan = e.wan and n.at > e.at and n.at <= ${cutoff}::timestamptz)
              limit ${limit})
            delete from wan_events w using doomed d
            where w.site_id = d.site_id and w.wan = d.wan and w.at = d.at
            returning w.site_id`),
        );
        return gone.length;
      });
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
    /** Registers a site; `inside` runs in the same transaction (its audit line). Undefined when the name is taken. */
    async create(
      sitename: string,
      groupName: string,
      inside: (tx: Db, id: number) => Promise<unknown>,
    ): Promise<number | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = rowsOf<{ id: number }>(
            await tx.execute(
              sql`insert into customer_sites (sitename, group_name) values (${sitename}, ${groupName}) returning id`,
            ),
          );
          if (!row) throw new Error('insert returned nothing');
          await inside(tx as unknown as Db, row.id);
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** Forgets a site, its links and their history. */
    /** The customer sites of these names that have WAN history (the demo routers'). */
    async named(sitenames: string[]): Promise<string[]> {
      if (sitenames.length === 0) return [];
      const rows = rowsOf<{ sitename: string }>(
        await db.execute(
          sql`select sitename from customer_sites where sitename = any(${sql.param(sitenames)}::text[]) order by sitename`,
        ),
      );
      return rows.map((r) => r.sitename);
    },

    /** Removes these customer sites with their history, in the caller's transaction; answers how many. */
    async removeNamed(sitenames: string[], within: Db): Promise<number> {
      if (sitenames.length === 0) return 0;
      const rows = rowsOf<{ id: number }>(
        await within.execute(
          sql`delete from customer_sites where sitename = any(${sql.param(sitenames)}::text[]) returning id`,
        ),
      );
      return rows.length;
    },

    /** Forgets a site, its links and their history; `inside` runs in the same transaction (its audit line). */
    async remove(id: number, inside: (tx: Db, sitename: string) => Promise<unknown>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = rowsOf<{ sitename: string }>(
          await tx.execute(sql`delete from customer_sites where id = ${id} returning sitename`),
        );
        if (row) await inside(tx as unknown as Db, row.sitename);
        return row !== undefined;
      });
    },
  };
}

export type WanLinksRepository = ReturnType<typeof createWanLinksRepository>;
