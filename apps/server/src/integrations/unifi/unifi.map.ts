import type { AccessPoint, BlockedDevice, ConnectedDevice, Voucher } from '@it4u/shared';

type Raw = Record<string, unknown>;

/** Controllers send numbers as numbers, floats or strings, or leave them out. */
export function num(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

function optNum(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = num(v);
  return Number.isFinite(n) ? n : null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** 1234567890 → 12345-67890 */
export function formatVoucherCode(code: string): string {
  return /^\d{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export function toVoucher(r: Raw): Voucher {
  const limited = r.qos_overwrite === true;
  return {
    id: str(r._id),
    _id: str(r._id),
    code: formatVoucherCode(str(r.code)),
    createTime: num(r.create_time) * 1000,
    duration: num(r.duration),
    quota: num(r.quota),
    used: num(r.used),
    note: str(r.note),
    up: limited ? optNum(r.qos_rate_max_up) : null,
    down: limited ? optNum(r.qos_rate_max_down) : null,
    byteQuota: limited ? optNum(r.qos_usage_quota) : null,
    status: str(r.status),
  };
}

export function bandOf(radio: unknown): string {
  if (radio === 'ng') return '2.4 GHz';
  if (radio === 'na') return '5 GHz';
  if (radio === '6e') return '6 GHz';
  return '';
}

/** Online clients joined with the site's access points (their names). */
export function toConnectedDevices(stations: Raw[], devices: Raw[]): ConnectedDevice[] {
  const apName = new Map(devices.map((d) => [str(d.mac).toLowerCase(), str(d.name) || str(d.mac)]));
  return stations.map((s) => {
    const mac = str(s.mac);
    const apMac = str(s.ap_mac).toLowerCase();
    return {
      mac,
      name: str(s.hostname) || str(s.name) || mac,
      essid: str(s.essid),
      ip: str(s.ip),
      apMac,
      apName: apMac ? (apName.get(apMac) ?? apMac) : '',
      band: s.is_wired === true ? '' : bandOf(s.radio),
      download: num(s.tx_bytes),
      upload: num(s.rx_bytes),
      uptime: num(s.uptime),
      isGuest: s.is_guest === true,
    };
  });
}

export function toBlockedDevices(users: Raw[]): BlockedDevice[] {
  return users
    .filter((u) => u.blocked === true)
    .map((u) => ({
      mac: str(u.mac),
      name: str(u.name) || str(u.hostname) || str(u.mac),
      firstSeen: num(u.first_seen) * 1000,
      lastSeen: num(u.last_seen) * 1000,
    }));
}

/** A site of a controller: its short name (`default`), its description, and its UUID on the official API when read by it. */
export type ControllerSite = { name: string; desc: string; uuid?: string };

/**
 * A site as the official Network API lists it (Ubiquiti's OpenAPI file for it, 10.4.57: `{ id (uuid),
 * internalReference, name }`, `internalReference` "the internal unique name of the site used in older APIs", since
 * 9.1.120; see the simulator's integration.ts for the copies read).
 */
export type OfficialSite = { id?: unknown; internalReference?: unknown; name?: unknown };

/** The official API's sites as the console keys them: the short name older APIs use, the name as description. */
export function toOfficialSites(rows: OfficialSite[]): ControllerSite[] {
  return rows
    .filter((r) => typeof r.internalReference === 'string' && r.internalReference !== '')
    .map((r) => ({
      name: str(r.internalReference),
      desc: str(r.name) || str(r.internalReference),
      ...(typeof r.id === 'string' ? { uuid: r.id } : {}),
    }));
}

export function toSites(rows: Raw[]): ControllerSite[] {
  return rows.map((r) => ({ name: str(r.name), desc: str(r.desc) || str(r.name) }));
}

/** A row of a site report: its slot time (ms) and the numbers the dashboards read (0 when left out). */
export type SiteReportRow = {
  time: number;
  wlanBytes: number;
  wanTxBytes: number;
  wanRxBytes: number;
  wlanSta: number;
};

/** Site report rows in time order; a repeated time (controllers send some twice) is dropped. */
export function toSiteReport(rows: Raw[]): SiteReportRow[] {
  const byTime = new Map<number, SiteReportRow>();
  for (const r of rows) {
    const time = num(r.time);
    if (time <= 0 || byTime.has(time)) continue;
    byTime.set(time, {
      time,
      wlanBytes: num(r.wlan_bytes),
      wanTxBytes: num(r['wan-tx_bytes']),
      wanRxBytes: num(r['wan-rx_bytes']),
      wlanSta: num(r['wlan-num_sta']),
    });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The access points among a site's devices (`type` uap; switches and gateways are not), connected when `state` 1. */
export function toAccessPoints(devices: Raw[]): AccessPoint[] {
  return devices
    .filter((d) => d.type === undefined || d.type === 'uap')
    .map((d) => {
      const connected = num(d.state) === 1;
      return {
        mac: str(d.mac).toLowerCase(),
        name: str(d.name) || str(d.mac),
        hostname: str(d.hostname) || str(d.ip),
        model: str(d.model),
        connected,
        uptime: connected ? num(d.uptime) : 0,
        // the AP's receive is its clients' upload, its transmit their download
        upBytes: num(d.rx_bytes),
        downBytes: num(d.tx_bytes),
        clients: connected ? num(d.num_sta) : 0,
      };
    });
}

/** A device of a site's list (an access point, a switch, a gateway): what identifies it, and whether it is up. */
/** `lastSeen`: when the controller last heard from it (epoch ms; 0 when it does not say). */
export type DeviceId = {
  mac: string;
  serial: string;
  model: string;
  name: string;
  connected: boolean;
  lastSeen: number;
};

/**
 * The devices of a site's list (`stat/device`), their MAC as the console stores it (AA:BB:CC:DD:EE:FF), their
 * serial in upper case, and whether each is connected now (state 1). One without a MAC is left out.
 */
export function toDeviceIds(devices: Raw[]): DeviceId[] {
  return devices
    .filter((d) => str(d.mac) !== '')
    .map((d) => ({
      mac: str(d.mac).toUpperCase(),
      serial: str(d.serial).trim().toUpperCase(),
      model: str(d.model),
      name: str(d.name) || str(d.hostname),
      connected: num(d.state) === 1,
      lastSeen: lastSeenOf(d),
    }));
}

/** A site's clients connected now (`stat/sta`): their MAC as the console stores it, and their name. */
export function toOnlineClients(stations: Raw[]): { mac: string; name: string }[] {
  return stations
    .filter((c) => str(c.mac) !== '')
    .map((c) => ({ mac: str(c.mac).toUpperCase(), name: str(c.name) || str(c.hostname) }));
}

/** When a device was last heard of (ms; the controller sends seconds). */
export const lastSeenOf = (d: Raw): number => num(d.last_seen) * 1000;

/** The status of a site's wifi: its `wlan` health subsystem looked up by name (never the first entry). */
export function wlanHealth(health: unknown): {
  status: 'ok' | 'warning' | 'error' | 'unknown';
  adopted: number;
  connected: number;
} {
  const wlan = Array.isArray(health) ? (health as Raw[]).find((h) => h.subsystem === 'wlan') : undefined;
  const status = str(wlan?.status);
  const adopted = num(wlan?.num_adopted);
  return {
    status: status === 'ok' || status === 'warning' || status === 'error' ? status : 'unknown',
    adopted,
    connected: Math.max(0, adopted - num(wlan?.num_disconnected)),
  };
}

/** How guests get in on a site's login page. */
export type GuestAuth = 'none' | 'password' | 'hotspot';

/** A guest's time when the site's settings name none (the controller's default, 8 hours). */
export const DEFAULT_GUEST_MINUTES = 480;

/** A site's guest login as the console reads it from the controller's `guest_access` setting. */
export type GuestLogin = {
  enabled: boolean;
  portalName: string;
  /**
   * The console's choice (none, password, hotspot), else the controller's own `auth` (facebook_wifi): a hotspot or an
   * external portal (`custom`) is the form of `voucher_enabled` and `password_enabled`, where the console keeps the
   * site's choice (a console before this read `password` from `auth` itself, which controllers do not take).
   */
  auth: string;
  password: string;
  promoUrl: string;
  /** the external portal's address when the controller sends guests to one */
  externalAddress: string;
  /**
   * How long a guest let in with the password or the terms stays in (minutes): the setting's `expire`, else
   * `expire_number` × `expire_unit` (1, 60 or 1440), else 8 hours.
   */
  minutes: number;
};

/** A positive whole number of minutes, or undefined. */
const minutesOf = (v: unknown): number | undefined => {
  const n = v === null || v === undefined || v === '' ? Number.NaN : num(v);
  return Number.isInteger(n) && n > 0 && n <= 525_600 ? n : undefined;
};

export function toGuestLogin(raw: Raw | undefined): GuestLogin {
  const own = str(raw?.auth) || 'none';
  // the controller's `auth` is none, hotspot, facebook_wifi or custom (paultyng/go-unifi setting_guest_access): its
  // hotspot and an external portal (custom) say their form in `voucher_enabled` and `password_enabled`
  const switched = raw?.voucher_enabled === true ? 'hotspot' : raw?.password_enabled === true ? 'password' : undefined;
  const auth = own === 'custom' ? (switched ?? 'none') : own === 'hotspot' ? (switched ?? 'hotspot') : own;
  return {
    enabled: raw?.portal_enabled === true,
    portalName: str(raw?.facebook_wifi_gw_name),
    auth,
    password: str(raw?.x_password),
    promoUrl: str(raw?.redirect_url),
    externalAddress: own === 'custom' ? str(raw?.custom_ip) : '',
    minutes:
      minutesOf(raw?.expire) ?? minutesOf(num(raw?.expire_number) * num(raw?.expire_unit)) ?? DEFAULT_GUEST_MINUTES,
  };
}

/**
 * Whether the console's guest page may let a site's guests in: the site's portal is on and the controller sends its
 * guests to this console's external portal (as saving the hotspot login sets it: `auth` custom, `custom_ip` the
 * console's public address). Off, the controller's own pages, Facebook wifi or another external portal: never.
 */
export const portalIsOurs = (login: GuestLogin, consoleAddress: string): boolean =>
  login.enabled && consoleAddress !== '' && login.externalAddress === consoleAddress;

/** The form a guest fills in on the console's page (an external portal keeps the site's choice in its switches). */
export const guestFormOf = (auth: string): GuestAuth => (auth === 'password' || auth === 'hotspot' ? auth : 'none');

/**
 * A hotspot voucher as the official Network API gives it (Ubiquiti's OpenAPI file for it, 10.4.57, "Hotspot voucher
 * details": `id`, `createdAt`, `name`, `code`, `authorizedGuestCount`, `expired` and `timeLimitMinutes` always;
 * `authorizedGuestLimit`, `activatedAt`, `expiresAt`, `dataUsageLimitMBytes`, `rxRateLimitKbps` (download) and
 * `txRateLimitKbps` (upload) when set; the same fields developer.ui.com's getvouchers page of Network 10.1.68 lists).
 */
export type OfficialVoucher = Record<string, unknown>;

/**
 * An official voucher as the console shows a classic one: no guest limit is a quota of 0 (unlimited), upload is
 * `tx` and download `rx`, and the status is the classic one its uses and expiry mean (VALID_ONE / VALID_MULTI
 * unused, USED / USED_MULTIPLE once used, EXPIRED).
 */
export function toOfficialVoucher(r: OfficialVoucher): Voucher {
  const quota = num(r.authorizedGuestLimit);
  const used = num(r.authorizedGuestCount);
  const created = Date.parse(str(r.createdAt));
  const single = quota === 1;
  const status =
    r.expired === true
      ? 'EXPIRED'
      : used === 0
        ? single
          ? 'VALID_ONE'
          : 'VALID_MULTI'
        : single || (quota > 0 && used >= quota)
          ? 'USED'
          : 'USED_MULTIPLE';
  return {
    id: str(r.id),
    _id: str(r.id),
    code: formatVoucherCode(str(r.code)),
    createTime: Number.isFinite(created) ? created : 0,
    duration: num(r.timeLimitMinutes),
    quota,
    used,
    note: str(r.name),
    up: optNum(r.txRateLimitKbps),
    down: optNum(r.rxRateLimitKbps),
    byteQuota: optNum(r.dataUsageLimitMBytes),
    status,
  };
}
