import { ALERT_KINDS, type AlertKind, type AlertRule } from '@it4u/shared/api';

const MINUTE = 60_000;

/** Who is told of an alert besides those who see its site: every staff member, or administrators only. */
export type Audience = 'site' | 'staff' | 'admin';

/** A condition the sources see now. */
export type Finding = {
  kind: AlertKind;
  subject: string;
  /** the site's short name on the controller (its people are told) */
  site: string | null;
  customerId: number | null;
  audience: Audience;
  params: Record<string, string | number>;
  /** since when it holds, when the source knows (an access point's last sight, a link's change); else first seen */
  since?: number;
};

/** An unresolved alert as stored: pending (`openedAt` null) or open. */
export type Unresolved = {
  id: number;
  kind: AlertKind;
  subject: string;
  site: string | null;
  since: number;
  openedAt: number | null;
  clearSince: number | null;
  params: Record<string, string | number>;
  customerId: number | null;
};

/** What a look changes. */
export type Step = {
  /** new conditions: pending, or open at once when their rule holds nothing */
  add: (Finding & { since: number; openedAt: number | null })[];
  /** pending ones that held for their minutes */
  open: number[];
  /** open ones whose condition cleared now */
  clearing: number[];
  /** open ones clearing whose condition came back */
  holding: number[];
  resolve: number[];
  /** pending ones whose condition cleared before they opened */
  drop: number[];
  /** what a source says of one differently now (a renamed access point, a moved site's customer) */
  facts: { id: number; params: Record<string, string | number>; site: string | null; customerId: number | null }[];
};

export const DEFAULT_RULES: Record<AlertKind, AlertRule> = {
  apDown: { kind: 'apDown', enabled: true, holdMinutes: 5, clearMinutes: 3 },
  siteError: { kind: 'siteError', enabled: true, holdMinutes: 5, clearMinutes: 3 },
  controllerDown: { kind: 'controllerDown', enabled: true, holdMinutes: 3, clearMinutes: 2 },
  wanDown: { kind: 'wanDown', enabled: true, holdMinutes: 5, clearMinutes: 3 },
  routerSilent: { kind: 'routerSilent', enabled: true, holdMinutes: 15, clearMinutes: 5 },
  channelDown: { kind: 'channelDown', enabled: true, holdMinutes: 0, clearMinutes: 0 },
  jobFailed: { kind: 'jobFailed', enabled: true, holdMinutes: 0, clearMinutes: 0 },
  stockLow: { kind: 'stockLow', enabled: true, holdMinutes: 0, clearMinutes: 0 },
  hostKeyChanged: { kind: 'hostKeyChanged', enabled: true, holdMinutes: 0, clearMinutes: 0 },
  vouchersLow: { kind: 'vouchersLow', enabled: true, holdMinutes: 0, clearMinutes: 0, percent: 10 },
};

export const rulesWith = (stored: AlertRule[]): Record<AlertKind, AlertRule> => {
  const rules = { ...DEFAULT_RULES };
  // a stored rule over its kind's defaults (a percentage stored before there was one: the default's)
  for (const r of stored)
    if ((ALERT_KINDS as readonly string[]).includes(r.kind)) rules[r.kind] = { ...DEFAULT_RULES[r.kind], ...r };
  return rules;
};

const keyOf = (kind: string, subject: string) => `${kind}\u0000${subject}`;

/**
 * One look: the unresolved alerts against what the sources see now. A condition opens once it has held for its
 * rule's minutes, and an open alert resolves once its condition has been clear for the rule's clear minutes (a
 * condition back meanwhile keeps it open): so a flapping access point neither opens nor resolves on each flap. What
 * the sources could not see (`unknown`: a site of a controller that could not be read, a router silent) is left as
 * it is. A kind switched off drops its pending conditions and resolves its open alerts.
 */
export function step(
  rows: Unresolved[],
  findings: Finding[],
  unknown: (row: Unresolved) => boolean,
  rules: Record<AlertKind, AlertRule>,
  now: number,
): Step {
  const out: Step = { add: [], open: [], clearing: [], holding: [], resolve: [], drop: [], facts: [] };
  const seen = new Map<string, Finding>();
  for (const f of findings) if (rules[f.kind].enabled) seen.set(keyOf(f.kind, f.subject), f);
  const stored = new Set<string>();
  const held = (rule: AlertRule, since: number) => now - since >= rule.holdMinutes * MINUTE;
  for (const row of rows) {
    const key = keyOf(row.kind, row.subject);
    stored.add(key);
    const rule = rules[row.kind];
    const finding = seen.get(key);
    if (!finding) {
      if (rule.enabled && unknown(row)) continue;
      if (row.openedAt === null) out.drop.push(row.id);
      else if (!rule.enabled || rule.clearMinutes === 0) out.resolve.push(row.id);
      else if (row.clearSince === null) out.clearing.push(row.id);
      else if (now - row.clearSince >= rule.clearMinutes * MINUTE) out.resolve.push(row.id);
      continue;
    }
    if (row.openedAt === null && held(rule, row.since)) out.open.push(row.id);
    if (row.clearSince !== null) out.holding.push(row.id);
    if (
      JSON.stringify(finding.params) !== JSON.stringify(row.params) ||
      finding.site !== row.site ||
      finding.customerId !== row.customerId
    )
      out.facts.push({ id: row.id, params: finding.params, site: finding.site, customerId: finding.customerId });
  }
  for (const [key, f] of seen) {
    if (stored.has(key)) continue;
    const since = Math.min(f.since ?? now, now);
    out.add.push({ ...f, since, openedAt: held(rules[f.kind], since) ? now : null });
  }
  return out;
}
