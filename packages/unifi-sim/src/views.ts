// Over 300 lines: every read-only view the controller answers, each in the controller's exact shape from one moment of the world.
/** Read-only views of the state at a moment: devices, health, sites, sysinfo. */
import { isUp, type Online, onlineAt, rates } from './activity.ts';
import { hash01 } from './rng.ts';
import { onlineSummary } from './tally.ts';
import { type Device, gatewayIp, type JsonObject, MINUTE, type Site, TIMEZONE, type World } from './world.ts';

/** `online`: clients online at t, the site's or only this access point's (devices() gives each AP its own). */
export function deviceObject(site: Site, d: Device, online: Online[], t: number): JsonObject {
  const up = isUp(d, t);
  const nowS = Math.floor(t / 1000);
  const mine = up ? online.filter((o) => o.ap === d) : [];
  const aliveUntil = up ? t : (d.downSince ?? t);
  const uptime = up ? Math.floor((t - d.bootAt) / 1000) : 0;
  const total = Math.round((Math.max(0, aliveUntil - d.bootAt) / 1000) * d.rate);
  const rx = Math.round(total * 0.06);
  const tx = total - rx;
  let rxR = 0;
  let txR = 0;
  for (const o of mine) {
    const r = rates(site, o, t);
    rxR += r.rx;
    txR += r.tx;
  }
  const guests = mine.filter((o) => o.ident.isGuest).length;
  const radios = [
    { name: 'wifi0', radio: 'ng', channel: d.channelNg, ht: '20', nss: 2, max: 23, gain: 3 },
    { name: 'wifi1', radio: 'na', channel: d.channelNa, ht: '80', nss: 2, max: 26, gain: 4 },
  ];
  const enabledWlans = site.wlans.filter((w) => w.enabled !== false);
  const vapTable: JsonObject[] = [];
  let athIndex = 0;
  for (const r of radios) {
    for (const w of enabledWlans) {
      const isGuest = w.is_guest === true;
      const sta = mine.filter((o) => o.ident.radio === r.radio && o.ident.isGuest === isGuest).length;
      vapTable.push({
        ap_mac: d.mac,
        avg_client_signal: sta ? -60 - Math.floor(hash01(site.seed, d.index, athIndex) * 15) : 0,
        bssid: d.mac,
        ccq: 330,
        channel: r.channel,
        essid: String(w.name),
        id: String(w._id),
        is_guest: isGuest,
        is_wep: false,
        name: `ath${athIndex++}`,
        num_sta: sta,
        radio: r.radio,
        radio_name: r.name,
        rx_bytes: Math.round(rx / Math.max(1, enabledWlans.length * 2)),
        satisfaction: sta ? 95 : -1,
        site_id: site._id,
        state: up ? 'RUN' : 'DOWN',
        t: 'vap',
        tx_bytes: Math.round(tx / Math.max(1, enabledWlans.length * 2)),
        tx_power: r.max - 5,
        up,
        usage: isGuest ? 'guest' : 'user',
        wlanconf_id: String(w._id),
      });
    }
  }
  const obj: JsonObject = {
    _id: d._id,
    _uptime: uptime,
    adopted: true,
    architecture: 'aarch64',
    board_rev: 18,
    bytes: total,
    'bytes-d': Math.round((txR + rxR) * 60),
    'bytes-r': txR + rxR,
    cfgversion: d._id.slice(8, 24),
    config_network: { ip: d.ip, type: 'dhcp' },
    connect_request_ip: d.ip,
    connect_request_port: '36424',
    considered_lost_at: Math.floor(aliveUntil / 1000) + 90,
    country_code: 704,
    device_id: d._id,
    ethernet_table: [{ mac: d.mac, name: 'eth0', num_port: 1 }],
    gateway_mac: site.gatewayMac,
    'guest-num_sta': guests,
    'guest-wlan-num_sta': guests,
    has_fan: false,
    has_speaker: false,
    has_temperature: false,
    inform_ip: gatewayIp(site),
    inform_url: `http://${gatewayIp(site)}:8080/inform`,
    ip: d.ip,
    isolated: false,
    kernel_version: '4.4.198',
    known_cfgversion: d._id.slice(8, 24),
    last_seen: up
      ? nowS - Math.floor(hash01(site.seed, d.index, Math.floor(t / 60_000)) * 10)
      : Math.floor(aliveUntil / 1000),
    led_override: 'default',
    license_state: 'registered',
    locating: false,
    mac: d.mac,
    model: d.model,
    name: d.name,
    next_interval: 30,
    num_sta: mine.length,
    radio_table: radios.map((r) => ({
      antenna_gain: r.gain,
      builtin_ant_gain: r.gain,
      builtin_antenna: true,
      channel: r.channel,
      current_antenna_gain: 0,
      ...(r.radio === 'na' ? { hard_noise_floor_enabled: false, has_dfs: true, has_fccdfs: true, is_11ac: true } : {}),
      ht: r.ht,
      max_txpower: r.max,
      min_rssi_enabled: false,
      min_txpower: 6,
      name: r.name,
      nss: r.nss,
      radio: r.radio,
      radio_caps: 16420,
      sens_level_enabled: false,
      tx_power_mode: 'auto',
      wlangroup_id: d.wlangroupId,
    })),
    radio_table_stats: radios.map((r) => ({
      channel: r.channel,
      cu_total: up ? 10 + Math.floor(hash01(site.seed, d.index, r.channel, Math.floor(t / 60_000)) * 40) : 0,
      name: r.name,
      num_sta: mine.filter((o) => o.ident.radio === r.radio).length,
      radio: r.radio,
      satisfaction: mine.length ? 95 : -1,
      state: up ? 'RUN' : 'DOWN',
      tx_power: r.max - 5,
    })),
    required_version: '4.0.0',
    rx_bytes: rx,
    satisfaction: mine.length ? 95 : -1,
    scanning: false,
    serial: d.serial,
    site_id: site._id,
    start_connected_millis: d.bootAt,
    start_disconnected_millis: up ? d.bootAt - 5000 : (d.downSince ?? t),
    state: up ? 1 : 0,
    sys_stats: {
      loadavg_1: '0.12',
      loadavg_15: '0.08',
      loadavg_5: '0.10',
      mem_total: 262_144_000,
      mem_used: 141_000_000,
    },
    'system-stats': { cpu: up ? '4.2' : '0', mem: up ? '53.8' : '0', uptime: String(uptime) },
    tx_bytes: tx,
    type: 'uap',
    upgradable: false,
    upgrade_state: 0,
    uplink: {
      full_duplex: true,
      ip: '0.0.0.0',
      mac: d.mac,
      max_speed: 1000,
      name: 'eth0',
      speed: 1000,
      type: 'wire',
      up,
    },
    uptime,
    'user-num_sta': mine.length - guests,
    'user-wlan-num_sta': mine.length - guests,
    vap_table: vapTable,
    version: d.version,
    wlangroup_id_na: d.wlangroupId,
    wlangroup_id_ng: d.wlangroupId,
  };
  if (!up) obj.disconnected_at = Math.floor((d.downSince ?? t) / 1000);
  return obj;
}

export function devices(site: Site, t: number): JsonObject[] {
  const online = onlineAt(site, t);
  // each access point's own clients, found once (a big site has hundreds of APs and thousands of clients)
  const byAp = new Map<Device, Online[]>();
  for (const o of online) {
    const list = byAp.get(o.ap);
    if (list) list.push(o);
    else byAp.set(o.ap, [o]);
  }
  return site.devices.map((d) => deviceObject(site, d, byAp.get(d) ?? [], t));
}

export function wlanStatus(site: Site, t: number): 'ok' | 'warning' | 'error' | 'unknown' {
  const n = site.devices.length;
  if (n === 0) return 'unknown';
  const down = site.devices.filter((d) => !isUp(d, t)).length;
  return down === 0 ? 'ok' : down === n ? 'error' : 'warning';
}

export function health(site: Site, t: number): JsonObject[] {
  const online = onlineSummary(site, t);
  const down = site.devices.filter((d) => !isUp(d, t)).length;
  const rxR = online.rx;
  const txR = online.tx;
  const guests = online.guests;
  const wanDown = site.devices.length > 0 && down === site.devices.length;
  const uptime = Math.floor((t - (site.devices[0]?.bootAt ?? t)) / 1000);
  const h = (salt: number) => hash01(site.seed, site.index, Math.floor(t / 60_000), salt);
  const monitor = (target: string, type: string, latency: number) => ({
    availability: 100.0,
    latency_average: latency,
    target,
    type,
  });
  return [
    {
      subsystem: 'wlan',
      num_user: online.count - guests,
      num_guest: guests,
      num_iot: 0,
      'tx_bytes-r': txR,
      'rx_bytes-r': rxR,
      status: wlanStatus(site, t),
      num_ap: site.devices.length,
      num_adopted: site.devices.length,
      num_disabled: 0,
      num_disconnected: down,
      num_pending: 0,
    },
    {
      subsystem: 'wan',
      num_gw: 1,
      num_adopted: 1,
      num_disconnected: wanDown ? 1 : 0,
      num_pending: 0,
      status: wanDown ? 'error' : 'ok',
      wan_ip: site.wanIp,
      gateways: [],
      netmask: '255.255.255.0',
      nameservers: [],
      num_sta: online.count + site.lanClients,
      'tx_bytes-r': Math.round(rxR * 0.12),
      'rx_bytes-r': Math.round(rxR * 0.9),
      gw_mac: site.gatewayMac,
      gw_name: `GW ${site.desc}`,
      'gw_system-stats': { cpu: (3 + h(1) * 10).toFixed(1), mem: (40 + h(2) * 30).toFixed(1), uptime: String(uptime) },
      gw_version: '4.4.57.5578372',
      isp_name: 'Example ISP',
      isp_organization: 'Example ISP, Inc.',
      uptime_stats: {
        WAN: {
          alerting_monitors: [monitor('ping.ui.com', 'icmp', 9), monitor('203.0.113.53', 'dns', 30)],
          availability: 100.0,
          latency_average: 9,
          monitors: [monitor('www.microsoft.com', 'icmp', 15), monitor('google.com', 'icmp', 13)],
          time_period: 86400,
          uptime,
        },
      },
    },
    {
      subsystem: 'www',
      status: wanDown ? 'error' : 'ok',
      'tx_bytes-r': Math.round(rxR * 0.12),
      'rx_bytes-r': Math.round(rxR * 0.9),
      latency: 8 + Math.floor(h(3) * 20),
      uptime,
      drops: 1,
      xput_up: 95.0 + Math.round(h(4) * 100) / 10,
      xput_down: 180.0 + Math.round(h(5) * 200) / 10,
      speedtest_status: 'Success',
      speedtest_lastrun: Math.floor(t / 1000) - 3600 * 5,
      speedtest_ping: 10,
      gw_mac: site.gatewayMac,
    },
    {
      subsystem: 'lan',
      lan_ip: null,
      status: 'ok',
      num_user: site.lanClients,
      num_guest: 0,
      num_iot: 0,
      'tx_bytes-r': 0,
      'rx_bytes-r': 0,
      num_sw: 1,
      num_adopted: 1,
      num_disconnected: 0,
      num_pending: 0,
    },
    {
      subsystem: 'vpn',
      status: 'unknown',
      remote_user_enabled: false,
      site_to_site_enabled: false,
      site_to_site_num_active: 0,
      site_to_site_num_inactive: 0,
      site_to_site_rx_bytes: 0,
      site_to_site_tx_bytes: 0,
      site_to_site_rx_packets: 0,
      site_to_site_tx_packets: 0,
    },
  ];
}

export function selfSite(site: Site): JsonObject {
  const out: JsonObject = { _id: site._id, name: site.name, desc: site.desc };
  if (site.name === 'default') {
    out.attr_hidden_id = 'default';
    out.attr_no_delete = true;
  }
  out.role = 'admin';
  return out;
}

export function statSite(world: World, site: Site, t: number): JsonObject {
  return {
    ...selfSite(site),
    anonymous_id: site._id.split('').reverse().join(''),
    role_hotspot: false,
    health: siteHealth(world, site, t),
    num_new_alarms: 0,
  };
}

/**
 * A site's health for stat/sites. A world of thousands of sites keeps it for the rest of the simulated minute (as a
 * controller refreshes its site list's figures now and then, not on every read), until a write changes the world.
 */
export function siteHealth(world: World, site: Site, t: number): JsonObject[] {
  const cache = world.healthCache;
  if (!cache) return health(site, t);
  const minute = Math.floor(t / MINUTE);
  const hit = cache.get(site);
  if (hit && hit.minute === minute && hit.version === world.version) return hit.health;
  const value = health(site, t);
  cache.set(site, { minute, version: world.version, health: value });
  return value;
}

export function sysinfo(world: World, t: number, flavor: 'classic' | 'unifios'): JsonObject {
  return {
    anonymous_controller_id: '24f81231-a456-4c32-abcd-f5612345385f',
    autobackup: false,
    build: 'atag_7.4.162_21057',
    console_display_version: flavor === 'unifios' ? '3.1.15' : '7.4.162',
    data_retention_days: 90,
    data_retention_time_in_hours_for_5minutes_scale: 24,
    data_retention_time_in_hours_for_daily_scale: 2160,
    data_retention_time_in_hours_for_hourly_scale: 720,
    data_retention_time_in_hours_for_monthly_scale: 8760,
    data_retention_time_in_hours_for_others: 2160,
    debug_device: 'warn',
    debug_mgmt: 'warn',
    debug_sdn: 'warn',
    debug_setting_preference: 'auto',
    debug_system: 'warn',
    default_site_device_auth_password_alert: false,
    facebook_wifi_registered: false,
    has_webrtc_support: true,
    hostname: 'unifi-sim',
    https_port: 8443,
    image_maps_use_google_engine: false,
    inform_port: 8080,
    ip_addrs: ['192.0.2.10'],
    is_cloud_console: false,
    live_chat: 'super-only',
    name: 'unifi-sim',
    override_inform_host: false,
    portal_http_port: 8880,
    previous_version: '7.4.156',
    radius_disconnect_running: false,
    sso_app_id: 'simulator',
    sso_app_sec: 'simulator',
    store_enabled: 'super-only',
    timezone: TIMEZONE,
    ubnt_device_type: flavor === 'unifios' ? 'UDMPRO' : 'UNIFI_NETWORK_APP',
    udm_version: flavor === 'unifios' ? '3.0.20.9281' : '',
    unifi_go_enabled: false,
    unsupported_device_count: 0,
    unsupported_device_list: [],
    update_available: false,
    update_downloaded: false,
    uptime: Math.max(0, Math.floor((t - world.createdAt) / 1000)),
    version: '7.4.162',
  };
}
