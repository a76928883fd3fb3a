import {
  ALERT_KINDS_WITH_PERCENT,
  type Alert,
  type AlertCounts,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
} from '@it4u/shared/api';
import type { Audit } from '../../lib/audit.ts';
import { type Actor, mayDo, type RequestContext, seesAllSites } from '../../lib/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { Leases } from '../../lib/leases.ts';
import type { Realtime, RealtimeSocket } from '../../plugins/realtime.ts';
import type { AlertsRepository, Changed, Scope, Targets } from './alerts.repository.ts';
import { type AlertSources, lookAtSources } from './alerts.sources.ts';
import { rulesWith, step, type Unresolved } from './alerts.step.ts';

/** The looks' lease (lib/leases.ts): one instance at a time reads the sources and writes what it saw. */
const DUTY = 'alerts';
/** A look with nowhere to send what it opens and resolves. */
const NO_TARGETS: Targets = { mail: false, webhooks: [] };

const MINUTE = 60_000;
const ROOM_EVERY_SITE = 'alerts:every-site';
const ROOM_STAFF = 'alerts:staff';
const ROOM_ADMIN = 'alerts:admin';
const siteRoom = (site: string) => `alerts:site:${site}`;

/**
 * Whom a caller is told about: staff every site's alerts, but a technician holding sites only theirs; a customer
 * their own sites'; every staff member what is no site's (a controller, a channel), administrators the failed
 * scheduled mails and backups.
 */
export function scopeOf(actor: Actor): Scope {
  const staff = seesAllSites(actor);
  const sites = actor.sitename.map((s) => s.idname);
  const holdsSites = actor.roles[0]?.name === 'ROLE_KT' && sites.length > 0;
  return { everySite: staff && !holdsSites, sites, staff, admin: mayDo(actor, 'mailer') };
}

/**
 * An alert as its reader may see it: a customer is told that staff acknowledged it and when, never by whom nor the
 * note (staff's words to each other).
 */
export function forReader(actor: Actor, alert: Alert): Alert {
  if (seesAllSites(actor) || alert.ack === null) return alert;
  return { ...alert, ack: { by: '', at: alert.ack.at, note: '' } };
}

export function createAlertsService(deps: {
  alerts: AlertsRepository;
  leases: Leases;
  sources: AlertSources;
  realtime: Realtime;
  audit: Audit;
  now: () => number;
  /** where the alerts a look opens and resolves are sent */
  targets?: () => Promise<Targets>;
  /** how old the controllers' answers a look reuses may be (half its period) */
  readTtlMs?: number;
  /** the looks' period (ms): a look on its own is skipped when any instance looked within most of it */
  everyMs?: number;
}) {
  const { alerts } = deps;

  /** Tells the sockets of those told about these alerts that their counts changed. */
  function tell(changed: Pick<Changed, 'site' | 'audience'>[]) {
    const rooms = new Set<string>();
    for (const c of changed) {
      if (c.audience === 'staff') rooms.add(ROOM_STAFF);
      else if (c.audience === 'admin') rooms.add(ROOM_ADMIN);
      else {
        rooms.add(ROOM_EVERY_SITE);
        if (c.site) rooms.add(siteRoom(c.site));
      }
    }
    for (const room of rooms) deps.realtime.toRoom(room, 'alerts:changed');
  }

  async function open(id: number, actor: Actor) {
    const alert = await alerts.get(id, scopeOf(actor));
    if (!alert) throw new NotFoundError();
    if (alert.resolvedAt !== null) throw new ConflictError('alertResolved');
    return alert;
  }

  async function rules(): Promise<AlertRule[]> {
    return Object.values(rulesWith(await alerts.rules()));
  }

  return {
    /**
     * One look at the sources: what opened and what resolved (null when another instance is looking, or looked
     * within most of the period: one instance at a time reads the sources, the holder of the looks' lease, once a
     * period whatever the number of instances). Those told about them hear of it on their sockets. `fresh`: the
     * controllers are read now (an administrator's look, whenever the last was).
     */
    async look(opts: { fresh?: boolean } = {}) {
      const recent = !opts.fresh && deps.everyMs ? { notWithinMs: deps.everyMs * 0.8 } : {};
      const held = await deps.leases.run(
        DUTY,
        async (lease) => {
          const now = deps.now();
          const rules = rulesWith(await alerts.rules());
          const vouchers = rules.vouchersLow;
          const [seen, targets] = await Promise.all([
            lookAtSources(deps.sources, now, opts.fresh ? 0 : (deps.readTtlMs ?? 0), {
              vouchersPercent: vouchers.enabled ? (vouchers.percent ?? null) : null,
            }),
            deps.targets?.(),
          ]);
          const decide = (rows: Unresolved[]) => step(rows, seen.findings, seen.unknown, rules, now);
          return alerts.look(decide, now, targets ?? NO_TARGETS, lease);
        },
        recent,
      );
      const result = held?.value ?? null;
      if (result) tell([...result.opened, ...result.resolved]);
      return result;
    },

    async page(actor: Actor, state: 'open' | 'resolved', page: number, pageSize: number) {
      const found = await alerts.page(scopeOf(actor), state, (page - 1) * pageSize, pageSize);
      return { ...found, items: found.items.map((alert) => forReader(actor, alert)) };
    },

    counts: (actor: Actor): Promise<AlertCounts> => alerts.counts(scopeOf(actor), deps.now()),

    async ack(id: number, note: string, ctx: RequestContext): Promise<Alert> {
      const alert = await open(id, ctx.actor);
      await alerts.transaction(async (tx) => {
        await alerts.ack(id, ctx.actor.username, note.trim(), deps.now(), tx);
        const details = { kind: alert.kind, note: note.trim() };
        await deps.audit.record('alert.ack', ctx, { target: `alert:${id}`, details }, tx);
      });
      tell([alert]);
      return (await alerts.get(id, scopeOf(ctx.actor))) as Alert;
    },

    async mute(id: number, minutes: number, ctx: RequestContext): Promise<Alert> {
      const alert = await open(id, ctx.actor);
      const until = minutes === 0 ? null : deps.now() + minutes * MINUTE;
      await alerts.transaction(async (tx) => {
        await alerts.mute(id, until, tx);
        await deps.audit.record(
          'alert.mute',
          ctx,
          { target: `alert:${id}`, details: { kind: alert.kind, minutes } },
          tx,
        );
      });
      tell([alert]);
      return (await alerts.get(id, scopeOf(ctx.actor))) as Alert;
    },

    rules,

    async setRule(kind: AlertKind, body: AlertRuleInput, ctx: RequestContext): Promise<AlertRule> {
      const before = rulesWith(await alerts.rules())[kind];
      const hasPercent = ALERT_KINDS_WITH_PERCENT.includes(kind);
      if (body.percent !== undefined && !hasPercent) throw new BadRequestError('alertRuleNoPercent', 'percent');
      const { percent = before.percent, ...rest } = body;
      const rule: AlertRule = { kind, ...rest, ...(hasPercent && percent !== undefined && { percent }) };
      await alerts.transaction(async (tx) => {
        await alerts.setRule(rule, deps.now(), tx);
        const details = { before: { ...before }, after: { ...rule } };
        await deps.audit.record('alert.rule', ctx, { target: `alertRule:${kind}`, details }, tx);
      });
      return rule;
    },

    /** A new socket joins the rooms of what its user is told about. */
    sockets(socket: RealtimeSocket) {
      const scope = scopeOf(socket.data.actor);
      const rooms = [
        ...(scope.everySite ? [ROOM_EVERY_SITE] : scope.sites.map(siteRoom)),
        ...(scope.staff ? [ROOM_STAFF] : []),
        ...(scope.admin ? [ROOM_ADMIN] : []),
      ];
      void socket.join(rooms);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
