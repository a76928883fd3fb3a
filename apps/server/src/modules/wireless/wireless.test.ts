import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { drivers, tokenFor } from '../../test/helpers.ts';
import { useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

type Json = Record<string, unknown>;

describe.each(drivers)('wireless networks, wifi groups, new sites and the hotspot login on %s', (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon', { portalAddress: '203.0.113.10' });
  const site = () => suite.sim.sim.state.sites[1]; // the hotel: its own groups and networks
  const groupOf = async () => (await call('GET', `/it4u/${site().name}/wlangroup`)).json()[0].id as string;
  const network = (groupId: string, fields: Json = {}) => ({
    name: 'HoaMai-Lobby',
    security: 'wpapsk',
    passphrase: 'hoamai-2026',
    isGuest: false,
    vlanEnabled: false,
    groupId,
    scheduleEnabled: false,
    schedule: [],
    ...fields,
  });
  const stored = (name: string) => site().wlans.find((w) => w.name === name);

  it("lists the site's wifi groups without the hidden Off group, and adds one with the default roaming channels", async () => {
    const groups = (await call('GET', `/it4u/${site().name}/wlangroup`)).json();
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.map((g: { name: string }) => g.name.toLowerCase())).not.toContain('off');
    expect(site().wlangroups.some((g) => g.name === 'Off')).toBe(true);

    const made = await call('POST', `/it4u/${site().name}/wlangroup`, { name: 'Tầng thượng' });
    expect(made.statusCode).toBe(201);
    expect(site().wlangroups.find((g) => g._id === made.json().id)).toMatchObject({
      name: 'Tầng thượng',
      roam_radio: 'ng',
      roam_channel_na: 36,
      roam_channel_ng: 1,
      pmf_mode: 'optional',
    });
    const again = await call('POST', `/it4u/${site().name}/wlangroup`, { name: 'TẦNG THƯỢNG' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('wlanGroupTaken');
    expect((await call('POST', `/it4u/${site().name}/wlangroup`, { name: '  ' })).statusCode).toBe(400);
  });

  it('creates a network from its own fields with a schedule of two windows a day, reads it back, edits it', async () => {
    const groupId = await groupOf();
    const schedule = [
      { day: 'mon', from: 480, to: 1080 },
      { day: 'tue', from: 780, to: 1020 },
      { day: 'tue', from: 420, to: 660 },
    ];
    const made = await call(
      'POST',
      `/it4u/${site().name}/wlanconf`,
      network(groupId, { scheduleEnabled: true, schedule }),
    );
    expect(made.statusCode).toBe(201);
    expect(stored('HoaMai-Lobby')).toMatchObject({
      security: 'wpapsk',
      x_passphrase: 'hoamai-2026',
      wlangroup_id: groupId,
      schedule_enabled: true,
      schedule: ['mon|0800-1800', 'tue|0700-1100', 'tue|1300-1700'],
    });
    const id = made.json().id;
    const read = (await call('GET', `/it4u/${site().name}/essid/${id}`)).json();
    expect(read).toMatchObject({ name: 'HoaMai-Lobby', passphrase: 'hoamai-2026', scheduleEnabled: true });
    expect(read.schedule).toEqual([schedule[0], schedule[2], schedule[1]]);
    const listed = (await call('GET', `/it4u/${site().name}/wlanconf/${groupId}`)).json();
    expect(listed.map((w: { name: string }) => w.name)).toContain('HoaMai-Lobby');

    // an edit that leaves the passphrase empty keeps it; a VLAN when switched on
    const edit = network(groupId, { name: 'HoaMai-Sảnh', passphrase: '', vlanEnabled: true, vlan: 30 });
    const edited = await call('PUT', `/it4u/${site().name}/wlanconf/${id}`, edit);
    expect(edited.statusCode).toBe(200);
    expect(stored('HoaMai-Sảnh')).toMatchObject({
      x_passphrase: 'hoamai-2026',
      vlan_enabled: true,
      vlan: '30',
      schedule_enabled: false,
      schedule: [],
    });
    // both audited: the new network's fields, then what the edit changed, never the passphrase
    const lines = rowsOf<{ event: string; details: Record<string, unknown> }>(
      await suite.t.database.db.execute(
        sql`select event, details from audit_events where event like 'wireless.network.%' and details->>'id' = ${id} order by id`,
      ),
    );
    expect(lines.map((l) => l.event)).toEqual(['wireless.network.create', 'wireless.network.update']);
    expect(lines[0]?.details).toMatchObject({ site: site().name, name: 'HoaMai-Lobby', scheduleEnabled: true });
    expect(lines[1]?.details.changed).toMatchObject({
      name: ['HoaMai-Lobby', 'HoaMai-Sảnh'],
      vlanEnabled: [false, true],
      scheduleEnabled: [true, false],
    });
    expect(JSON.stringify(lines)).not.toContain('hoamai-2026');
  });

  it('takes a VLAN from 1 to 4094, and a window from 00:00 to 24:00', async () => {
    const groupId = await groupOf();
    for (const vlan of [1, 4094]) {
      const name = `HoaMai-VLAN-${vlan}`;
      const made = await call(
        'POST',
        `/it4u/${site().name}/wlanconf`,
        network(groupId, { name, vlanEnabled: true, vlan }),
      );
      expect(made.statusCode, String(vlan)).toBe(201);
      expect(made.json()).toMatchObject({ vlanEnabled: true, vlan });
      expect(stored(name)).toMatchObject({ vlan_enabled: true, vlan: String(vlan) });
    }
    const schedule = [{ day: 'sat', from: 0, to: 1440 }];
    const day = await call(
      'POST',
      `/it4u/${site().name}/wlanconf`,
      network(groupId, { name: 'HoaMai-Cuoi-tuan', scheduleEnabled: true, schedule }),
    );
    expect(day.statusCode).toBe(201);
    expect(stored('HoaMai-Cuoi-tuan')?.schedule).toEqual(['sat|0000-2400']);
    expect(day.json().schedule).toEqual(schedule);
  });

  it('creates an open network without a passphrase', async () => {
    const groupId = await groupOf();
    const made = await call(
      'POST',
      `/it4u/${site().name}/wlanconf`,
      network(groupId, { name: 'HoaMai-Free', security: 'open', passphrase: undefined }),
    );
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ security: 'open', passphrase: '' });
    expect(stored('HoaMai-Free')?.security).toBe('open');
  });

  it('refuses what the controller would not take, naming the field, and stores nothing', async () => {
    const groupId = await groupOf();
    const before = site().wlans.length;
    const refused: [Json, number, string][] = [
      // 30 letters, 38 bytes: Vietnamese marks take 2 or 3 bytes each
      [{ name: 'Khách sạn Hoa Mai tầng thượng' }, 400, 'ssidTooLong'],
      [{ name: 'x'.repeat(33) }, 400, 'invalidFields'],
      [{ passphrase: 'short12' }, 400, 'passphraseLength'],
      [{ passphrase: 'mật-khẩu-wifi' }, 400, 'passphraseAscii'],
      [{ vlanEnabled: true }, 400, 'vlanRequired'],
      [{ vlanEnabled: true, vlan: 4095 }, 400, 'invalidFields'],
      [{ vlanEnabled: true, vlan: 0 }, 400, 'invalidFields'],
      [{ scheduleEnabled: true }, 400, 'scheduleEmpty'],
      [{ scheduleEnabled: true, schedule: [{ day: 'mon', from: 600, to: 600 }] }, 400, 'scheduleReversed'],
      [
        {
          scheduleEnabled: true,
          schedule: [
            { day: 'fri', from: 480, to: 720 },
            { day: 'fri', from: 600, to: 900 },
          ],
        },
        400,
        'scheduleOverlap',
      ],
      [{ scheduleEnabled: true, schedule: [{ day: 'mon', from: 485, to: 600 }] }, 400, 'invalidFields'],
      // before midnight, and a window that ends as it starts
      [{ scheduleEnabled: true, schedule: [{ day: 'mon', from: -15, to: 600 }] }, 400, 'invalidFields'],
      [{ scheduleEnabled: true, schedule: [{ day: 'mon', from: 600, to: 600 }] }, 400, 'scheduleReversed'],
      [{ scheduleEnabled: true, schedule: [{ day: 'mon', from: 480, to: 1455 }] }, 400, 'invalidFields'],
      [{ scheduleEnabled: true, schedule: [{ day: 'monday', from: 480, to: 600 }] }, 400, 'invalidFields'],
      [{ groupId: 'ffffffffffffffffffffffff' }, 400, 'wlanGroupNotFound'],
      [{ security: 'wep' }, 400, 'invalidFields'],
      [{ isGuest: 'yes' }, 400, 'invalidFields'],
    ];
    for (const [fields, status, code] of refused) {
      const res = await call('POST', `/it4u/${site().name}/wlanconf`, network(groupId, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().code, JSON.stringify(fields)).toBe(code);
    }
    expect(site().wlans.length).toBe(before);
  });

  it('does not list the networks the hidden-networks setting names, nor read them one by one', async () => {
    const groupId = await groupOf();
    const made = await call('POST', `/it4u/${site().name}/wlanconf`, network(groupId, { name: 'TPCOMS-NOC' }));
    expect(made.statusCode).toBe(201);
    expect(stored('TPCOMS-NOC')).toBeDefined();
    const listed = (await call('GET', `/it4u/${site().name}/wlanconf/${groupId}`)).json();
    expect(listed.map((w: { name: string }) => w.name)).not.toContain('TPCOMS-NOC');
    expect((await call('GET', `/it4u/${site().name}/essid/${made.json().id}`)).statusCode).toBe(404);
  });

  it('adds a site on the controller that is in the site names at once, and applies a group to its access points', async () => {
    const made = await call('POST', '/it4u/default/sitemgr', { desc: 'Homestay Đà Lạt', cmd: 'add-site' });
    expect(made.statusCode).toBe(201);
    const { idname } = made.json();
    expect(suite.sim.sim.state.sites.some((s) => s.name === idname && s.desc === 'Homestay Đà Lạt')).toBe(true);
    const names = (await call('GET', '/it4u/getSitename/')).json();
    expect(names.some((s: { idname: string }) => s.idname === idname)).toBe(true);
    expect((await call('GET', `/it4u/${idname}/wlangroup`)).statusCode).toBe(200);
    expect((await call('POST', '/it4u/default/sitemgr', { desc: '' })).statusCode).toBe(400);

    const groupId = await groupOf();
    const saved = await call('POST', `/it4u/${site().name}/group/device`, { groupId });
    expect(saved.json()).toEqual({ devices: site().devices.length });
    for (const d of site().devices) expect(d.wlangroupId).toBe(groupId);
    const unknown = await call('POST', `/it4u/${site().name}/group/device`, { groupId: 'ffffffffffffffffffffffff' });
    expect(unknown.json().code).toBe('wlanGroupNotFound');
  });

  it('sets the hotspot login, pointing the controller at the guest page; a password portal needs its password; the password goes only to those who may change it', async () => {
    const path = `/it4u/${site().name}/hotspot`;
    const body = {
      enabled: true,
      portalName: 'Hoa Mai WiFi',
      auth: 'password',
      promoUrl: 'https://hoamai.example/uu-dai',
    };
    const access = site().settings.find((x) => x.key === 'guest_access');
    if (access) access.x_password = ''; // no password kept from before
    const missing = await call('POST', path, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('hotspotPasswordRequired');
    const saved = await call('POST', path, { ...body, password: 'chao-khach' });
    expect(saved.statusCode).toBe(200);
    expect(site().settings.find((x) => x.key === 'guest_access')).toMatchObject({
      portal_enabled: true,
      auth: 'custom',
      custom_ip: '203.0.113.10',
      password_enabled: true,
      voucher_enabled: false,
      x_password: 'chao-khach',
      facebook_wifi_gw_name: 'Hoa Mai WiFi',
      redirect_enabled: true,
      redirect_url: 'https://hoamai.example/uu-dai',
    });
    expect((await call('GET', path)).json()).toEqual({
      ...body,
      password: 'chao-khach',
      portalUrl: `http://203.0.113.10/guest/s/${site().name}/`,
      external: true,
      facebook_wifi_gw_name: 'Hoa Mai WiFi',
      x_password: 'chao-khach',
      redirect_url: 'https://hoamai.example/uu-dai',
    });
    const office = (await tokenFor(suite.t, ['ROLE_CSKH'])).headers;
    expect((await call('GET', path, undefined, office)).json()).toMatchObject({ password: '', x_password: '' });
    expect((await call('POST', path, { ...body, promoUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    // audited: what the save changed, the password only as changed; the refused saves left no line
    const lines = rowsOf<{ details: { changed: Record<string, unknown[]> } }>(
      await suite.t.database.db.execute(
        sql`select details from audit_events where event = 'wireless.hotspot.update' and details->>'site' = ${site().name}`,
      ),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.details.changed).toMatchObject({
      portalName: [expect.anything(), 'Hoa Mai WiFi'],
      password: ['(changed)'],
    });
    expect(JSON.stringify(lines)).not.toContain('chao-khach');
  });

  it('lets every role read and only administrators and technicians write; a customer only their own site', async () => {
    const groupId = await groupOf();
    const s = site().name;
    const writes: ['POST' | 'PUT', string, Json][] = [
      ['POST', `/it4u/${s}/wlangroup`, { name: 'Cấm' }],
      ['POST', `/it4u/${s}/wlanconf`, network(groupId, { name: 'Cam' })],
      ['PUT', `/it4u/${s}/wlanconf/${site().wlans[0]?._id}`, network(groupId, { name: 'Cam' })],
      ['POST', `/it4u/${s}/sitemgr`, { desc: 'Cấm' }],
      ['POST', `/it4u/${s}/group/device`, { groupId }],
      ['POST', `/it4u/${s}/hotspot`, { enabled: false, portalName: '', auth: 'none', promoUrl: '' }],
    ];
    const reads = [`/it4u/${s}/wlangroup`, `/it4u/${s}/wlanconf/${groupId}`, `/it4u/${s}/hotspot`];
    const before = JSON.stringify([site().wlans, site().wlangroups, site().settings]);
    for (const role of ['ROLE_MANAGER', 'ROLE_CSKH', 'ROLE_LEAD_KD'] as const) {
      const headers = (await tokenFor(suite.t, [role])).headers;
      for (const [method, url, payload] of writes) {
        expect((await call(method, url, payload, headers)).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      for (const url of reads)
        expect((await call('GET', url, undefined, headers)).statusCode, `${role} ${url}`).toBe(200);
      const listed = (await call('GET', `/it4u/${s}/wlanconf/${groupId}`, undefined, headers)).json();
      for (const w of listed) expect(w.passphrase).toBe('');
    }
    expect(JSON.stringify([site().wlans, site().wlangroups, site().settings])).toBe(before);

    // a customer: neither reads nor writes on another's site; reads its own, and writes nothing there either
    const venue = suite.sim.sim.state.sites[2];
    if (!venue) throw new Error('no site');
    const own = await createSitesRepository(suite.t.database.db).insert({ sitename: venue.desc, idname: venue.name });
    const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
    for (const url of reads) expect((await call('GET', url, undefined, kh)).statusCode, url).toBe(403);
    const ownGroup = (await call('GET', `/it4u/${venue.name}/wlangroup`, undefined, kh)).json()[0].id as string;
    for (const url of [
      `/it4u/${venue.name}/wlangroup`,
      `/it4u/${venue.name}/wlanconf/${ownGroup}`,
      `/it4u/${venue.name}/hotspot`,
    ]) {
      const read = await call('GET', url, undefined, kh);
      expect(read.statusCode, `KH ${url}`).toBe(200);
      if (url.includes('/wlanconf/')) for (const w of read.json()) expect(w.passphrase).toBe('');
      if (url.endsWith('/hotspot')) expect(read.json().password).toBe('');
    }
    const ownBefore = JSON.stringify([venue.wlans, venue.wlangroups, venue.settings]);
    const ownWrites: ['POST' | 'PUT', string, Json][] = [
      ['POST', `/it4u/${venue.name}/wlangroup`, { name: 'Của tôi' }],
      ['POST', `/it4u/${venue.name}/wlanconf`, network(ownGroup, { name: 'Cua-toi' })],
      ['PUT', `/it4u/${venue.name}/wlanconf/${venue.wlans[0]?._id}`, network(ownGroup, { name: 'Cua-toi' })],
      ['POST', `/it4u/${venue.name}/sitemgr`, { desc: 'Của tôi' }],
      ['POST', `/it4u/${venue.name}/group/device`, { groupId: ownGroup }],
      ['POST', `/it4u/${venue.name}/hotspot`, { enabled: false, portalName: '', auth: 'none', promoUrl: '' }],
    ];
    for (const [method, url, payload] of ownWrites) {
      expect((await call(method, url, payload, kh)).statusCode, `KH ${method} ${url}`).toBe(403);
    }
    expect(JSON.stringify([venue.wlans, venue.wlangroups, venue.settings])).toBe(ownBefore);
    const lead = (await tokenFor(suite.t, ['ROLE_LEAD_KT'])).headers;
    expect((await call('POST', `/it4u/${s}/wlangroup`, { name: 'Trưởng nhóm' }, lead)).statusCode).toBe(201);
  });
});

describe.each(drivers)('the hidden-networks setting (WIRELESS_HIDDEN) on %s', (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon', { wirelessHidden: 'Lobby  NOC' });
  it('hides the networks its own words name, as whole words, and no longer the default ones', async () => {
    const site = suite.sim.sim.state.sites[1];
    if (!site) throw new Error('no site');
    const groupId = (await call('GET', `/it4u/${site.name}/wlangroup`)).json()[0].id as string;
    const names = ['HoaMai-Lobby', 'noc_mgmt', 'TPS-mgmt', 'Lobbyist', 'Laptops'];
    const made: Record<string, string> = {};
    for (const name of names) {
      const res = await call('POST', `/it4u/${site.name}/wlanconf`, {
        name,
        security: 'open',
        isGuest: false,
        vlanEnabled: false,
        groupId,
        scheduleEnabled: false,
        schedule: [],
      });
      expect(res.statusCode, name).toBe(201);
      made[name] = res.json().id;
    }
    const listed = (await call('GET', `/it4u/${site.name}/wlanconf/${groupId}`))
      .json()
      .map((w: { name: string }) => w.name);
    expect(listed).not.toContain('HoaMai-Lobby');
    expect(listed).not.toContain('noc_mgmt');
    expect(listed).toEqual(expect.arrayContaining(['TPS-mgmt', 'Lobbyist', 'Laptops']));
    expect((await call('GET', `/it4u/${site.name}/essid/${made.noc_mgmt}`)).statusCode).toBe(404);
    expect((await call('GET', `/it4u/${site.name}/essid/${made['TPS-mgmt']}`)).statusCode).toBe(200);
  });
});
