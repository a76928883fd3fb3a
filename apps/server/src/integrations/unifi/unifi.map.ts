import type { BlockedDevice, ConnectedDevice, Voucher } from '@it4u/shared';

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

export type ControllerSite = { name: string; desc: string };

export function toSites(rows: Raw[]): ControllerSite[] {
  return rows.map((r) => ({ name: str(r.name), desc: str(r.desc) || str(r.name) }));
}
