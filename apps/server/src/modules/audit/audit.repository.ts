import {
  ADMIN_DETAIL_EVENTS,
  ADMIN_ONLY_EVENTS,
  AUDIT_AREAS,
  type AuditArea,
  type AuditEntry,
  type SiteChange,
} from '@it4u/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsAny, rowsOf } from '../../lib/sql.ts';

/** What the trail is read by: text, person, area, the targets of a site or a customer, time (epoch ms, inclusive). */
export type AuditFilter = {
  q?: string;
  actor?: string;
  area?: AuditArea;
  /** a site's short name */
  site?: string;
  /** a customer: its contract and its sites' short names */
  customer?: { contractId: number; sites: string[] };
  fromDate?: number;
  toDate?: number;
  /**
   * whether the reader is an administrator: others read neither the lines of ADMIN_ONLY_EVENTS nor the details of
   * ADMIN_DETAIL_EVENTS (nor find a line by what those details hold)
   */
  administrator: boolean;
};

/** Whether a line's details are an administrator's to read (SQL, on `event`). */
const ADMIN_DETAILS = sql`event like any(${sql.param(ADMIN_DETAIL_EVENTS.map((e) => `${e}%`))}::text[])`;

/** A line's columns as the reader may see them: details of administrators' settings only to administrators. */
const columnsOf = (f: AuditFilter): SQL =>
  f.administrator
    ? sql`id, at, actor_id, actor_name, event, target, ip, details`
    : sql`id, at, actor_id, actor_name, event, target, ip, case when ${ADMIN_DETAILS} then null else details end as details`;

/** The events that change how a site's wifi behaves (not its vouchers, nor a device blocked). */
const SITE_CHANGES = ['wireless.', 'splash.', 'cronjob.', 'site.update'];

type Row = {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  event: string;
  target: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
};

const entryOf = (r: Row): AuditEntry => ({
  id: Number(r.id),
  at: new Date(r.at).getTime(),
  actorId: r.actor_id,
  actorName: r.actor_name ?? '',
  event: r.event,
  target: r.target,
  ip: r.ip,
  details: r.details,
});

/**
 * The lines of some sites: every area names a site as its target (`site:<name>`), the site names' own events by the
 * name itself (both served by the index on target and time).
 */
const ofSites = (sites: string[]): SQL =>
  sql`(target = any(${sql.param(sites.map((s) => `site:${s}`))}::text[])
    or (event like 'site.%' and target = any(${sql.param(sites)}::text[])))`;

function whereOf(f: AuditFilter): SQL {
  const parts: SQL[] = [
    containsAny(f.q, [
      'event',
      'target',
      f.administrator
        ? 'details::text'
        : `(case when ${ADMIN_DETAIL_EVENTS.map((e) => `event like '${e}%'`).join(' or ')} then '' else details::text end)`,
    ]),
  ];
  if (!f.administrator) parts.push(sql`event <> all(${sql.param([...ADMIN_ONLY_EVENTS])}::text[])`);
  if (f.actor?.trim()) parts.push(sql`lower(actor_name) = lower(${f.actor.trim()})`);
  if (f.area) {
    const starts = AUDIT_AREAS[f.area].map((s) => `${s}%`);
    parts.push(sql`event like any(${sql.param(starts)}::text[])`);
  }
  if (f.site) parts.push(ofSites([f.site]));
  if (f.customer) {
    const { contractId, sites } = f.customer;
    parts.push(sql`(target = ${`contract:${contractId}`} or details->>'contractId' = ${String(contractId)}
      ${sites.length ? sql`or ${ofSites(sites)}` : sql``})`);
  }
  if (f.fromDate !== undefined) parts.push(sql`at >= ${new Date(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate !== undefined) parts.push(sql`at <= ${new Date(f.toDate).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** Reads of the audit trail (its lines are written by every area through lib/audit.ts). */
export function createAuditRepository(db: Db) {
  return {
    async page(f: AuditFilter, offset: number, limit: number): Promise<{ items: AuditEntry[]; total: number }> {
      const where = whereOf(f);
      const [rows, counted] = await Promise.all([
        db.execute(sql`select ${columnsOf(f)} from audit_events
          where ${where} order by at desc, id desc offset ${offset} limit ${limit}`),
        db.execute(sql`select count(*)::int as n from audit_events where ${where}`),
      ]);
      return { items: rowsOf<Row>(rows).map(entryOf), total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
    },

    /** The changes to a site's wifi between two times, oldest first (the marks on its connection history). */
    async siteChanges(site: string, start: number, end: number, limit: number): Promise<SiteChange[]> {
      const starts = SITE_CHANGES.map((s) => `${s}%`);
      const rows = await db.execute(sql`select id, at, actor_name, event from audit_events
        where ${ofSites([site])} and event like any(${sql.param(starts)}::text[])
          and at between ${new Date(start).toISOString()}::timestamptz and ${new Date(end).toISOString()}::timestamptz
        order by id limit ${limit}`);
      return rowsOf<Pick<Row, 'id' | 'at' | 'actor_name' | 'event'>>(rows).map((r) => ({
        id: Number(r.id),
        at: new Date(r.at).getTime(),
        actorName: r.actor_name ?? '',
        event: r.event,
      }));
    },

    /**
     * The lines about some things (targets such as `contract:7`, `deviceInfo:3`, a site's `site:<name>`, its name for
     * the site names' events) whose event starts with one of `events`, before a time, newest first: a customer's
     * timeline, served by the index on target and time.
     */
    async about(targets: string[], events: string[], before: Date, limit: number): Promise<AuditEntry[]> {
      if (targets.length === 0 || events.length === 0) return [];
      const rows =
        await db.execute(sql`select id, at, actor_id, actor_name, event, target, ip, details from audit_events
        where target = any(${sql.param(targets)}::text[]) and event like any(${sql.param(events.map((e) => `${e}%`))}::text[])
          and at < ${before.toISOString()}::timestamptz
        order by at desc, id desc limit ${limit}`);
      return rowsOf<Row>(rows).map(entryOf);
    },

    /** The lines of a filter, newest first, `size` at a time after the line `before` (keyset: no line read twice). */
    async after(f: AuditFilter, before: number | undefined, size: number): Promise<AuditEntry[]> {
      const keyset = before === undefined ? sql`true` : sql`id < ${before}`;
      const rows = await db.execute(sql`select ${columnsOf(f)} from audit_events
        where ${whereOf(f)} and ${keyset} order by id desc limit ${size}`);
      return rowsOf<Row>(rows).map(entryOf);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
