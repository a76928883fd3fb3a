import {
  type Alert,
  type AlertCounts,
  type AlertDeliveryLine,
  type AlertKind,
  type AlertRule,
  SITE_FAULT_KINDS,
} from '@it4u/shared/api';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDeliveries, alertRules, alerts, alertWebhooks } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Audience, Step, Unresolved } from './alerts.step.ts';

/**
 * Whom a caller is told about: the sites whose alerts they see (every site, or those listed), and whether they are
 * told what concerns every staff member, or administrators only.
 */
export type Scope = { everySite: boolean; sites: string[]; staff: boolean; admin: boolean };

/** Where the alerts opened and resolved by a look are to be sent: the mail, the webhooks (their ids). */
export type Targets = { mail: boolean; webhooks: number[] };

/** A delivery taken to be sent, with the alert it is about. */
export type Claimed = {
  id: number;
  event: 'opened' | 'resolved';
  channel: 'mail' | 'webhook';
  webhookId: number | null;
  attempts: number;
  alert: Alert;
};

/** An alert whose state changed, with whom to tell. */
export type Changed = { id: number; kind: AlertKind; site: string | null; audience: Audience };

const d = (ms: number) => new Date(ms);

function visible(scope: Scope): SQL {
  const site = scope.everySite
    ? sql`a.audience = 'site'`
    : scope.sites.length
      ? sql`a.audience = 'site' and a.site = any(${sql.param(scope.sites)}::text[])`
      : sql`false`;
  return sql`((${site}) or (a.audience = 'staff' and ${scope.staff}) or (a.audience = 'admin' and ${scope.admin}))`;
}

type RawAlert = {
  id: number;
  kind: AlertKind;
  subject: string;
  site: string | null;
  site_name: string | null;
  customer_id: number | null;
  customer: string | null;
  params: Record<string, string | number> | string;
  since: number;
  opened_at: number;
  resolved_at: number | null;
  acked_at: number | null;
  acked_by: string | null;
  ack_note: string | null;
  muted_until: number | null;
};

const toAlert = (r: RawAlert): Alert => ({
  id: Number(r.id),
  kind: r.kind,
  subject: r.subject,
  site: r.site,
  siteName: r.site_name,
  customerId: r.customer_id,
  customer: r.customer,
  params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
  since: Number(r.since),
  openedAt: Number(r.opened_at),
  resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
  ack: r.acked_at === null ? null : { by: r.acked_by ?? '', at: Number(r.acked_at), note: r.ack_note ?? '' },
  mutedUntil: r.muted_until === null ? null : Number(r.muted_until),
});

const epoch = (column: string) => sql.raw(`(extract(epoch from a.${column}) * 1000)::float8`);

const selectAlerts = sql`select a.id, a.kind, a.subject, a.audience, a.site, s.sitename as site_name, a.customer_id,
    nullif(coalesce(nullif(c.company_name, ''), c.client_name), '') as customer, a.params,
    ${epoch('since')} as since, ${epoch('opened_at')} as opened_at, ${epoch('resolved_at')} as resolved_at,
    ${epoch('acked_at')} as acked_at, a.acked_by, a.ack_note, ${epoch('muted_until')} as muted_until
  from alerts a
  left join sites s on s.idname = a.site
  left join contracts c on c.id = a.customer_id`;

export function createAlertsRepository(db: Db) {
  return {
    /** Runs writes in one transaction (a change and its audit line). */
    transaction: <T>(run: (tx: Db) => Promise<T>): Promise<T> => db.transaction(run),

    rules: async (): Promise<AlertRule[]> =>
      (await db.select().from(alertRules)).map((r) => ({
        kind: r.kind as AlertKind,
        enabled: r.enabled,
        holdMinutes: r.holdMinutes,
        clearMinutes: r.clearMinutes,
        ...(r.percent !== null && { percent: r.percent }),
      })),

    async setRule(rule: AlertRule, at: number, within: Db = db): Promise<void> {
      const values = { ...rule, percent: rule.percent ?? null, updatedAt: d(at) };
      await within.insert(alertRules).values(values).onConflictDoUpdate({ target: alertRules.kind, set: values });
    },

    /**
     * One look, by the holder of the looks' lease: the unresolved alerts are read, `decide` says what changes, and the
     * changes are written in one transaction, with what is to be sent of them to the targets. The lease's row is held
     * (`for share`) through it, so that no other instance takes the looks over before it commits, and it writes
     * nothing when one did before (`fence`; answering null): a look read earlier never lands after a newer one.
     * Answers the alerts opened and resolved.
     */
    async look(
      decide: (rows: Unresolved[]) => Step,
      now: number,
      targets: Targets,
      lease: { name: string; token: number },
    ): Promise<{ opened: Changed[]; resolved: Changed[] } | null> {
      return db.transaction(async (tx) => {
        const held = rowsOf(
          await tx.execute(
            sql`select 1 as held from duty_leases where name = ${lease.name} and token = ${lease.token} for share`,
          ),
        );
        if (held.length === 0) return null;
        const stored = await tx.select().from(alerts).where(isNull(alerts.resolvedAt));
        const rows: Unresolved[] = stored.map((r) => ({
          id: r.id,
          kind: r.kind as AlertKind,
          subject: r.subject,
          site: r.site,
          customerId: r.customerId,
          since: r.since.getTime(),
          openedAt: r.openedAt?.getTime() ?? null,
          clearSince: r.clearSince?.getTime() ?? null,
          params: r.params as Record<string, string | number>,
        }));
        const change = decide(rows);
        const at = d(now);
        const changed = (ids: number[]): Changed[] =>
          stored
            .filter((r) => ids.includes(r.id))
            .map((r) => ({ id: r.id, kind: r.kind as AlertKind, site: r.site, audience: r.audience as Audience }));
        if (change.open.length) await tx.update(alerts).set({ openedAt: at }).where(inArray(alerts.id, change.open));
        if (change.clearing.length)
          await tx.update(alerts).set({ clearSince: at }).where(inArray(alerts.id, change.clearing));
        if (change.holding.length)
          await tx.update(alerts).set({ clearSince: null }).where(inArray(alerts.id, change.holding));
        if (change.resolve.length)
          await tx.update(alerts).set({ resolvedAt: at }).where(inArray(alerts.id, change.resolve));
        if (change.drop.length) await tx.delete(alerts).where(inArray(alerts.id, change.drop));
        for (const f of change.facts)
          await tx
            .update(alerts)
            .set({ params: f.params, site: f.site, customerId: f.customerId })
            .where(eq(alerts.id, f.id));
        const added = change.add.length
          ? await tx
              .insert(alerts)
              .values(
                change.add.map((f) => ({
                  kind: f.kind,
                  subject: f.subject,
                  site: f.site,
                  customerId: f.customerId,
                  audience: f.audience,
                  params: f.params,
                  since: d(f.since),
                  openedAt: f.openedAt === null ? null : d(f.openedAt),
                })),
              )
              .returning({
                id: alerts.id,
                kind: alerts.kind,
                site: alerts.site,
                audience: alerts.audience,
                openedAt: alerts.openedAt,
              })
          : [];
        const result = {
          opened: [
            ...changed(change.open),
            ...added
              .filter((r) => r.openedAt !== null)
              .map((r) => ({ id: r.id, kind: r.kind as AlertKind, site: r.site, audience: r.audience as Audience })),
          ],
          resolved: changed(change.resolve),
        };
        // what is to be sent of them, in the same transaction: once, whatever the number of instances (the index)
        const channels = [
          ...(targets.mail ? [{ channel: 'mail', webhookId: null }] : []),
          ...targets.webhooks.map((id) => ({ channel: 'webhook', webhookId: id })),
        ];
        const events = [
          ...result.opened.map((c) => ({ id: c.id, event: 'opened' })),
          ...result.resolved.map((c) => ({ id: c.id, event: 'resolved' })),
        ];
        const queued = events.flatMap((e) => channels.map((c) => ({ ...e, ...c })));
        if (queued.length)
          await tx.execute(sql`insert into alert_deliveries (alert_id, event, channel, webhook_id, at, status, next_at)
            select q.alert_id, q.event, q.channel, q.webhook_id, ${at.toISOString()}::timestamptz, 'pending',
              ${at.toISOString()}::timestamptz
            from unnest(${sql.param(queued.map((q) => q.id))}::bigint[], ${sql.param(queued.map((q) => q.event))}::text[],
              ${sql.param(queued.map((q) => q.channel))}::text[], ${sql.param(queued.map((q) => q.webhookId))}::int[])
              as q(alert_id, event, channel, webhook_id)
            join alerts a on a.id = q.alert_id
            where a.muted_until is null or a.muted_until <= ${at.toISOString()}::timestamptz
            on conflict do nothing`);
        return result;
      });
    },

    async page(scope: Scope, state: 'open' | 'resolved', offset: number, limit: number) {
      const where =
        state === 'open'
          ? sql`a.resolved_at is null and a.opened_at is not null`
          : sql`a.resolved_at is not null and a.opened_at is not null`;
      const order = state === 'open' ? sql`a.opened_at desc, a.id desc` : sql`a.resolved_at desc, a.id desc`;
      const [items, [total]] = await Promise.all([
        db.execute(
          sql`${selectAlerts} where ${where} and ${visible(scope)} order by ${order} limit ${limit} offset ${offset}`,
        ),
        db
          .execute(sql`select count(*)::int as n from alerts a where ${where} and ${visible(scope)}`)
          .then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { items: rowsOf<RawAlert>(items).map(toAlert), total: Number(total?.n ?? 0) };
    },

    async counts(scope: Scope, now: number): Promise<AlertCounts> {
      const heard = sql`(a.muted_until is null or a.muted_until <= ${d(now).toISOString()}::timestamptz)`;
      const faults = sql.join(
        SITE_FAULT_KINDS.map((k) => sql`${k}`),
        sql`, `,
      );
      const [row] = rowsOf<AlertCounts>(
        await db.execute(sql`select count(*) filter (where ${heard})::int as open,
            count(*) filter (where ${heard} and a.acked_at is null)::int as unacked,
            count(distinct a.site) filter (where a.kind in (${faults}))::int as sites
          from alerts a
          where a.resolved_at is null and a.opened_at is not null and ${visible(scope)}`),
      );
      return { open: Number(row?.open ?? 0), unacked: Number(row?.unacked ?? 0), sites: Number(row?.sites ?? 0) };
    },

    /** An alert the caller is told about, or undefined. */
    async get(id: number, scope: Scope): Promise<(Alert & { audience: Audience }) | undefined> {
      const [row] = rowsOf<RawAlert & { audience: Audience }>(
        await db.execute(sql`${selectAlerts} where a.id = ${id} and a.opened_at is not null and ${visible(scope)}`),
      );
      return row ? { ...toAlert(row), audience: row.audience } : undefined;
    },

    webhooks: () => db.select().from(alertWebhooks).orderBy(alertWebhooks.id),

    async webhook(id: number) {
      const [row] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, id));
      return row;
    },

    async insertWebhook(values: typeof alertWebhooks.$inferInsert, within: Db = db) {
      const [row] = await within.insert(alertWebhooks).values(values).returning();
      return row as typeof alertWebhooks.$inferSelect;
    },

    async updateWebhook(id: number, values: Partial<typeof alertWebhooks.$inferInsert>, within: Db = db) {
      await within.update(alertWebhooks).set(values).where(eq(alertWebhooks.id, id));
    },

    async deleteWebhook(id: number, within: Db = db) {
      await within.delete(alertWebhooks).where(eq(alertWebhooks.id, id));
    },

    /**
     * Takes the deliveries of a channel due now, at most `limit`, for the holder of the deliveries' lease: the pending
     * ones due, and those still "sending" (taken by a holder that died before it said what became of them: only the
     * holder sends). Each is counted an attempt.
     */
    async claim(channel: 'mail' | 'webhook', now: number, limit: number): Promise<Claimed[]> {
      const taken = rowsOf<{
        id: number;
        alert_id: number;
        event: Claimed['event'];
        webhook_id: number | null;
        attempts: number;
      }>(
        await db.execute(sql`update alert_deliveries d set status = 'sending', attempts = d.attempts + 1
          where d.id in (select id from alert_deliveries
            where channel = ${channel}
              and (status = 'sending' or (status = 'pending' and next_at <= ${d(now).toISOString()}::timestamptz))
            order by id limit ${limit} for update skip locked)
          returning d.id, d.alert_id, d.event, d.webhook_id, d.attempts`),
      );
      if (!taken.length) return [];
      const ids = [...new Set(taken.map((r) => Number(r.alert_id)))];
      const alertsOf = new Map(
        rowsOf<RawAlert>(await db.execute(sql`${selectAlerts} where a.id = any(${sql.param(ids)}::bigint[])`)).map(
          (r) => [Number(r.id), toAlert(r)],
        ),
      );
      return taken.flatMap((r) => {
        const alert = alertsOf.get(Number(r.alert_id));
        return alert
          ? [{ id: Number(r.id), event: r.event, channel, webhookId: r.webhook_id, attempts: r.attempts, alert }]
          : [];
      });
    },

    /** The oldest delivery of a channel waiting, when (epoch ms), or null. */
    async oldestWaiting(channel: 'mail' | 'webhook'): Promise<number | null> {
      const [row] = rowsOf<{ at: number | null }>(
        await db.execute(sql`select (extract(epoch from min(at)) * 1000)::float8 as at from alert_deliveries
          where channel = ${channel} and status in ('pending', 'sending')`),
      );
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },

    /** What became of a delivery: sent, failed for good, or waiting again until `nextAt`. */
    async finish(
      ids: number[],
      outcome: { status: 'sent' | 'failed' | 'pending'; answer: string; at: number; nextAt?: number },
    ) {
      if (!ids.length) return;
      await db
        .update(alertDeliveries)
        .set({
          status: outcome.status,
          answer: outcome.answer.slice(0, 500),
          ...(outcome.status === 'sent' ? { sentAt: d(outcome.at) } : {}),
          ...(outcome.nextAt !== undefined ? { nextAt: d(outcome.nextAt) } : {}),
        })
        .where(inArray(alertDeliveries.id, ids));
    },

    async deliveries(offset: number, limit: number) {
      const [items, [total]] = await Promise.all([
        db.execute(sql`select d.id, (extract(epoch from d.at) * 1000)::float8 as at, d.alert_id, a.kind, d.event,
            d.channel, w.name as webhook, d.status, d.attempts, (extract(epoch from d.sent_at) * 1000)::float8 as sent_at,
            d.answer
          from alert_deliveries d join alerts a on a.id = d.alert_id left join alert_webhooks w on w.id = d.webhook_id
          order by d.at desc, d.id desc limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as n from alert_deliveries`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      type Raw = {
        id: number;
        at: number;
        alert_id: number;
        kind: AlertKind;
        event: 'opened' | 'resolved';
        channel: 'mail' | 'webhook';
        webhook: string | null;
        status: AlertDeliveryLine['status'];
        attempts: number;
        sent_at: number | null;
        answer: string | null;
      };
      return {
        items: rowsOf<Raw>(items).map(
          (r): AlertDeliveryLine => ({
            id: Number(r.id),
            at: Number(r.at),
            alertId: Number(r.alert_id),
            kind: r.kind,
            event: r.event,
            channel: r.channel,
            webhook: r.webhook,
            status: r.status,
            attempts: r.attempts,
            sentAt: r.sent_at === null ? null : Number(r.sent_at),
            answer: r.answer,
          }),
        ),
        total: Number(total?.n ?? 0),
      };
    },

    async ack(id: number, by: string, note: string, at: number, within: Db = db): Promise<void> {
      await within
        .update(alerts)
        .set({ ackedAt: d(at), ackedBy: by, ackNote: note })
        .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt)));
    },

    async mute(id: number, until: number | null, within: Db = db): Promise<void> {
      await within
        .update(alerts)
        .set({ mutedUntil: until === null ? null : d(until) })
        .where(and(eq(alerts.id, id), isNull(alerts.resolvedAt)));
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
