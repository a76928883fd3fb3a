import type { AccessPoint } from '@it4u/shared';

type Raw = Record<string, unknown>;
type Entry = { name: string; value: number };

const GB = 1024 ** 3;
const BANDS: Record<string, string> = { ng: '2.4 GHz', na: '5 GHz', '6e': '6 GHz' };
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const gb = (bytes: number) => Math.round((bytes / GB) * 1000) / 1000;

/** Counts summed per name, in the order the names first come. */
function tally(pairs: [string, number][]): Entry[] {
  const out = new Map<string, number>();
  for (const [name, value] of pairs) out.set(name, (out.get(name) ?? 0) + value);
  return [...out].map(([name, value]) => ({ name, value }));
}

/** The wireless networks of the connected access points (their `vap_table`): clients per network and radio. */
function vaps(devices: Raw[], connected: Set<string>): Raw[] {
  return devices
    .filter((d) => connected.has(String(d.mac ?? '').toLowerCase()) && Array.isArray(d.vap_table))
    .flatMap((d) => (d.vap_table as unknown[]).filter((v): v is Raw => typeof v === 'object' && v !== null));
}

/**
 * A site's access points as the spec's stat answer names them, each a JSON text of a list: clients per wifi network
 * (`client_ssid`) and per radio (`radio_type`), clients and traffic (GB) per access point (`client_usage`,
 * `traffic_usage`), the quick-look rows (`quick_look`: name, host name, up and down bytes, uptime), connected and
 * disconnected (`ap_conn`) and the site's download and upload (GB, `traffic_info`).
 */
export function statSpecNames(devices: Raw[], accessPoints: AccessPoint[]) {
  const up = new Set(accessPoints.filter((ap) => ap.connected).map((ap) => ap.mac));
  const networks = vaps(devices, up);
  const connected = up.size;
  const text = (value: unknown) => JSON.stringify(value);
  return {
    client_ssid: text(tally(networks.map((v) => [String(v.essid ?? ''), num(v.num_sta)]))),
    client_usage: text(accessPoints.map((ap) => ({ name: ap.name, value: ap.clients }))),
    traffic_usage: text(accessPoints.map((ap) => ({ name: ap.name, value: gb(ap.upBytes + ap.downBytes) }))),
    radio_type: text(tally(networks.map((v) => [BANDS[String(v.radio)] ?? String(v.radio ?? ''), num(v.num_sta)]))),
    quick_look: text(
      accessPoints.map((ap) => ({
        name: ap.name,
        hostname: ap.hostname,
        up: ap.upBytes,
        down: ap.downBytes,
        uptime: ap.uptime,
      })),
    ),
    ap_conn: text([
      { name: 'connected', value: connected },
      { name: 'disconnected', value: accessPoints.length - connected },
    ]),
    traffic_info: text([
      { name: 'download', value: gb(accessPoints.reduce((sum, ap) => sum + ap.downBytes, 0)) },
      { name: 'upload', value: gb(accessPoints.reduce((sum, ap) => sum + ap.upBytes, 0)) },
    ]),
  };
}
