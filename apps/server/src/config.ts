import { isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { rangesOf } from './lib/hosts.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** the backups' folder, schedule (hours, 0 for none) and how many files to keep */
  backups: { dir: string; everyHours: number; keep: number };
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  logLevel: string;
  webDist: string;
  /** false, true (every X-Forwarded-For entry: forgeable), or the proxies' addresses */
  trustProxy: boolean | string;
  /** where the demo controller's clock starts (epoch ms; it then runs on); the wall clock when undefined */
  demoClock: number | undefined;
  /** how many sites the demo controller has (an operator's size); its own eight when undefined */
  demoSites: number | undefined;
  /** words naming the operator's own wireless networks, which the console does not list */
  wirelessHidden: string | undefined;
  /** the console's public IPv4 address, where the controllers' external portals send guests ('' for none) */
  portalAddress: string;
  /** the Zabbix server the customer report checks, when ZABBIX_URL is set */
  zabbix: { url: string; username: string; password: string } | undefined;
  /** the bearer token GET /metrics asks for; without it, the one generated in Settings → Parameter (or loopback only) */
  metricsToken: string | undefined;
  /** where people reach the web app (the links of reset mails): PUBLIC_URL, else http://localhost:<port> */
  publicUrl: string;
  /** how often the alerts look at what they watch (ALERTS_EVERY_SECONDS, default 60) */
  alertsEveryMs: number;
  /** how long a duty's lease lasts unless renewed: a dead instance's duty waits this long (DUTY_LEASE_SECONDS, 30) */
  dutyLeaseMs: number;
  /** the alerts' webhooks may go to loopback (WEBHOOKS_ALLOW_LOOPBACK=1: a test's receiver) */
  webhooksToLoopback: boolean;
  /** the private ranges the alerts' webhooks may reach all the same (CIDR, comma-separated) */
  webhooksAllowRanges?: string;
  /** how often the controllers' devices are read for the warehouse's reconciliation (SIGHTINGS_EVERY_MINUTES, default 15) */
  sightingsEveryMs: number;
  /** the remote terminal: minutes without typing before a session closes, open sessions per user; loopback allowed */
  terminal: { idleMs: number; maxSessions: number; allowLoopback?: true };
  /** on SIGTERM, how long /api/ready says "draining" while requests are still served, before the server closes */
  drainMs: number;
};

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

/** A whole number between min and max, or the fallback when unset. */
function count(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  // decimal digits only: `2e3` or `0x10` are not taken for a number
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** On (`1`, `true`) or off (unset, `0`, `false`). */
function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function instant(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw new Error(`${name} must be an ISO date and time such as 2026-05-06T12:00:00+07:00, got "${value}"`);
  }
  return ms;
}

/**
 * Which proxies' X-Forwarded-For to believe, for the client address that sign-in limits count: their addresses
 * (`127.0.0.1`, `10.0.0.0/8`, comma-separated). `true` believes every entry, which a client can write itself.
 */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * Where the controllers send guests (their external portal takes an IPv4 address, on port 80): PORTAL_ADDRESS,
 * `off` for none, else this machine's first outside IPv4 address (right when guests reach it without NAT).
 */
function portalAddress(value: string | undefined): string {
  if (value === 'off') return '';
  if (value) {
    if (!isIPv4(value)) throw new Error(`PORTAL_ADDRESS must be an IPv4 address such as 203.0.113.10, got "${value}"`);
    return value;
  }
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  return outside?.address ?? '';
}

/**
 * The bits of entropy a SECRET_KEY can hold at most, by the alphabet of its characters: hexadecimal 4 a character,
 * base64 6, any other text 6.5; a key of fewer than 8 different characters (a repeated pattern) counts as none.
 */
export function secretKeyBits(value: string): number {
  if (new Set(value).size < 8) return 0;
  const perCharacter = /^[0-9a-fA-F]+$/.test(value) ? 4 : /^[A-Za-z0-9+/_=-]+$/.test(value) ? 6 : 6.5;
  return value.length * perCharacter;
}

/** SECRET_KEY: refused below 32 bytes of entropy (the key is never printed). */
function secretKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (secretKeyBits(value) < 256) {
    throw new Error(
      `SECRET_KEY must hold at least 32 bytes of entropy: 64 hexadecimal digits (openssl rand -hex 32) or 43 base64 characters (openssl rand -base64 32); the one given has ${value.length} characters`,
    );
  }
  return value;
}

/** WEBHOOKS_ALLOW_RANGES: CIDR ranges, checked at start (a typo stops it rather than leaving a range closed). */
function allowRanges(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    rangesOf(value);
  } catch (err) {
    throw new Error(`WEBHOOKS_ALLOW_RANGES: ${(err as Error).message}`);
  }
  return value;
}

/** PUBLIC_URL: an http(s) address without a path, as people reach the console (reset mails link to it). */
function publicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an address such as https://console.example.vn, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http or https address without a path, got "${value}"`);
  }
  return url.origin;
}

/** Every environment variable the server reads, in one place. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const port = int('PORT', env.PORT, 8080);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    backups: {
      dir: path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR || path.join(root, 'data'), 'backups')),
      everyHours: count('BACKUP_HOURS', env.BACKUP_HOURS, 24, 0, 8760),
      keep: count('BACKUP_KEEP', env.BACKUP_KEEP, 7, 1, 1000),
    },
    adminPassword: env.ADMIN_PASSWORD || undefined,
    secretKey: secretKey(env.SECRET_KEY),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    trustProxy: trustProxy(env.TRUST_PROXY),
    demoClock: instant('UNIFI_DEMO_CLOCK', env.UNIFI_DEMO_CLOCK),
    demoSites: env.UNIFI_DEMO_SITES ? count('UNIFI_DEMO_SITES', env.UNIFI_DEMO_SITES, 8, 1, 5000) : undefined,
    wirelessHidden: env.WIRELESS_HIDDEN,
    portalAddress: portalAddress(env.PORTAL_ADDRESS),
    zabbix: env.ZABBIX_URL
      ? { url: env.ZABBIX_URL, username: env.ZABBIX_USER ?? '', password: env.ZABBIX_PASSWORD ?? '' }
      : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    publicUrl: publicUrl(env.PUBLIC_URL, port),
    alertsEveryMs: count('ALERTS_EVERY_SECONDS', env.ALERTS_EVERY_SECONDS, 60, 1, 3600) * 1000,
    dutyLeaseMs: count('DUTY_LEASE_SECONDS', env.DUTY_LEASE_SECONDS, 30, 3, 600) * 1000,
    webhooksToLoopback: flag('WEBHOOKS_ALLOW_LOOPBACK', env.WEBHOOKS_ALLOW_LOOPBACK),
    webhooksAllowRanges: allowRanges(env.WEBHOOKS_ALLOW_RANGES),
    sightingsEveryMs: count('SIGHTINGS_EVERY_MINUTES', env.SIGHTINGS_EVERY_MINUTES, 15, 1, 1440) * 60_000,
    drainMs: count('SHUTDOWN_DRAIN_SECONDS', env.SHUTDOWN_DRAIN_SECONDS, 3, 0, 300) * 1000,
    terminal: {
      idleMs: count('TERMINAL_IDLE_MINUTES', env.TERMINAL_IDLE_MINUTES, 15, 1, 1440) * 60_000,
      maxSessions: count('TERMINAL_MAX_SESSIONS', env.TERMINAL_MAX_SESSIONS, 3, 1, 100),
      ...(flag('TERMINAL_ALLOW_LOOPBACK', env.TERMINAL_ALLOW_LOOPBACK) ? { allowLoopback: true as const } : {}),
    },
  };
}
