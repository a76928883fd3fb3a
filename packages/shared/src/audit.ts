/** The audit trail's areas and how a line reads: shared by the server's export and the web's screen. */

/**
 * The areas of the audit trail, each with the starts of the events it holds (an event is `<area>.<what>`, the account's
 * events are four).
 */
export const AUDIT_AREAS = {
  account: ['signin.', 'session.', 'password.', 'user.'],
  sites: ['site.'],
  contracts: ['contract.'],
  supplies: ['supplies.'],
  channels: ['channel.'],
  deviceInfo: ['deviceInfo.'],
  terminal: ['terminal.'],
  devices: ['device.'],
  vouchers: ['voucher.'],
  wireless: ['wireless.'],
  splash: ['splash.'],
  cronjob: ['cronjob.'],
  wanLinks: ['wanLink.', 'deviceToken.'],
  alerts: ['alert.'],
  availability: ['sla.'],
  settings: ['settings.', 'controller.', 'backup.', 'demo.'],
} as const;
export type AuditArea = keyof typeof AUDIT_AREAS;

/**
 * Events only administrators read: failed sign-ins and reset requests (they mark what was typed, where people type
 * passwords by mistake). Others reading the trail do not see these lines at all.
 */
export const ADMIN_ONLY_EVENTS = [
  'signin.failure',
  'signin.throttled',
  'password.reset.request',
  'password.reset.badLink',
] as const;

/**
 * The starts of events whose details only administrators read: administrators' own settings (controllers' and the
 * mail server's addresses and accounts, the terminal's SSH user, alert recipients and webhooks). Others see the line
 * (who changed what, when) without its details.
 */
export const ADMIN_DETAIL_EVENTS = [
  'settings.',
  'controller.',
  'alert.rule',
  'alert.webhook.',
  'alert.delivery',
] as const;
export const AUDIT_AREA_NAMES = Object.keys(AUDIT_AREAS) as AuditArea[];

/** The area an event belongs to (undefined for an event of none). */
export function auditAreaOf(event: string): AuditArea | undefined {
  return AUDIT_AREA_NAMES.find((area) => AUDIT_AREAS[area].some((start) => event.startsWith(start)));
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const shown = (v: unknown) => (empty(v) ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A line's details for reading (the screen and the export): each changed field as `field: before → after` (a field
 * made as `field: value`, a secret as `field: (changed)`), the other facts as `name: value`; what is empty on both
 * sides says nothing and is left out.
 */
export function auditDetailParts(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === 'changed' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [field, change] of Object.entries(value as Record<string, unknown>)) {
        // [before, after], ['(changed)'] for a secret, or { from, to } (the addresses of a device row)
        const pair = Array.isArray(change)
          ? change
          : change && typeof change === 'object' && 'from' in change
            ? [(change as { from: unknown }).from, (change as { to?: unknown }).to]
            : [change];
        const [before, after] = pair;
        if (pair.length === 1) parts.push(`${field}: ${shown(before)}`);
        else if (empty(before) && !empty(after)) parts.push(`${field}: ${shown(after)}`);
        else if (!empty(before) || !empty(after)) parts.push(`${field}: ${shown(before)} → ${shown(after)}`);
      }
    } else if (!empty(value)) parts.push(`${key}: ${shown(value)}`);
  }
  return parts;
}
