import { describe, expect, it } from 'vitest';
import { onlineAt } from './activity.ts';
import { buildWorld } from './fleet.ts';
import { startSimulator } from './server.ts';
import { onlineSummary } from './tally.ts';
import { TestClient } from './testing/client.ts';
import { fixture, shapeProblems } from './testing/shape.ts';
import { wlanStatus } from './views.ts';
import { createWorld, hasSlots, type JsonObject, type Site } from './world.ts';

const NOW = Date.UTC(2026, 4, 6, 3, 0); // Wednesday 10:00 in Vietnam
const HOUR = 3_600_000;

/** Vietnamese letters with marks (and đ): a description with none of them is not written in Vietnamese. */
const MARKS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

const counts = (sites: Site[], t: number) => {
  const out: Record<string, number> = {};
  for (const s of sites) out[wlanStatus(s, t)] = (out[wlanStatus(s, t)] ?? 0) + 1;
  return out;
};

describe('a world of an operator’s size (`sites`)', () => {
  const world = buildWorld(1, NOW, { sites: 2000 });

  it('makes its sites lazily: names at once, access points and clients when first read', () => {
    const fresh = buildWorld(5, NOW, { sites: 2000 });
    const site = fresh.sites[10];
    expect(Object.getOwnPropertyDescriptor(site, 'devices')?.get).toBeTypeOf('function');
    expect(site.name).toMatch(/^[a-z]{8}$/);
    expect(site.devices.length).toBeGreaterThan(0);
    expect(Object.getOwnPropertyDescriptor(site, 'devices')?.get).toBeUndefined();
    // health counts the compact seats: no slot objects for it
    onlineSummary(site, NOW);
    expect(hasSlots(site)).toBe(false);
    expect(site.slots.length).toBeGreaterThan(0);
    expect(hasSlots(site)).toBe(true);
  });

  it('is the same for the same seed; another seed names its sites otherwise, both with `default` first', () => {
    const again = buildWorld(1, NOW, { sites: 2000 });
    const ids = (w: typeof world) => w.sites.map((s) => `${s._id} ${s.name} ${s.desc}`);
    expect(ids(again)).toEqual(ids(world));
    expect(again.sites.map((s) => s.devices.length)).toEqual(world.sites.map((s) => s.devices.length));
    for (const i of [0, 1, 2, 3, 4, 777, 1999]) {
      expect(JSON.stringify(again.sites[i].devices), `site ${i}`).toBe(JSON.stringify(world.sites[i].devices));
      expect(onlineSummary(again.sites[i], NOW)).toEqual(onlineSummary(world.sites[i], NOW));
    }

    const other = buildWorld(2, NOW, { sites: 2000 });
    expect(world.sites[0]).toMatchObject({ name: 'default', desc: 'Default' });
    expect(other.sites[0]).toMatchObject({ name: 'default', desc: 'Default' });
    const names = new Set(world.sites.map((s) => s.name));
    expect(other.sites.filter((s) => names.has(s.name)).map((s) => s.name)).toEqual(['default']);
  });

  it('has an operator’s spread: about 10 access points a site, most 2-15, a few big ones, faults', () => {
    const sizes = world.sites.map((s) => s.devices.length);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(16_000);
    expect(total).toBeLessThan(24_000);
    expect(sizes.filter((n) => n >= 2 && n <= 15).length).toBeGreaterThan(0.8 * sizes.length);
    expect(sizes.filter((n) => n >= 100).length).toBeGreaterThanOrEqual(3);
    expect(sizes.filter((n) => n === 0).length).toBeGreaterThanOrEqual(3);
    const statuses = counts(world.sites, NOW);
    expect(statuses.warning).toBeGreaterThan(0.03 * sizes.length);
    expect(statuses.error).toBeGreaterThan(0.01 * sizes.length);
    expect(statuses.unknown).toBeGreaterThanOrEqual(3);
  });

  it('has a hotel of 150 access points with about 2,000 clients in the daytime, and a crowd of about 5,000', () => {
    const hotel = world.sites.find((s) => s.devices.length === 150)!;
    expect(hotel.desc).toMatch(/^Khách sạn /);
    const day = onlineSummary(hotel, NOW).count;
    expect(day).toBeGreaterThan(1_600);
    expect(day).toBeLessThan(2_400);
    // the daily rhythm: far fewer at 03:00
    expect(onlineSummary(hotel, NOW - 7 * HOUR).count).toBeLessThan(day / 2);
    const crowd = world.sites.map((s) => onlineSummary(s, NOW).count).filter((n) => n >= 4_000);
    expect(crowd).toHaveLength(1);
    expect(crowd[0]).toBeLessThan(6_000);
  });

  it('names its sites in Vietnamese, with marks, of many kinds; short names are 8 letters and unique', () => {
    const generated = world.sites.slice(1);
    expect(generated.filter((s) => MARKS.test(s.desc)).length).toBeGreaterThan(0.9 * generated.length);
    expect(new Set(world.sites.map((s) => s.desc)).size).toBe(world.sites.length);
    const kinds = new Set(generated.map((s) => s.desc.split(' ').slice(0, 2).join(' ')));
    expect(kinds.size).toBeGreaterThan(30);
    for (const s of generated) expect(s.name).toMatch(/^[a-z]{8}$/);
    expect(new Set(world.sites.map((s) => s.name)).size).toBe(world.sites.length);
  });
});

describe('a small generated world', () => {
  it('has, from 8 sites on, the big hotel, the crowd and every fault', () => {
    const world = buildWorld(3, NOW, { sites: 8 });
    expect(world.sites).toHaveLength(8);
    expect(world.sites.some((s) => s.devices.length === 150)).toBe(true);
    expect(world.sites.some((s) => onlineSummary(s, NOW).count >= 4_000)).toBe(true);
    expect(counts(world.sites, NOW)).toMatchObject({ warning: expect.any(Number), error: 1, unknown: 1 });
  });

  it('puts the vouchers asked for at the big hotel, each code once', () => {
    const world = buildWorld(3, NOW, { sites: 8, vouchers: 10_000 });
    const vouchers = world.sites[1].vouchers;
    expect(vouchers).toHaveLength(10_000);
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(10_000);
    for (const v of vouchers) expect(String(v.code)).toMatch(/^[1-9]\d{9}$/);
    expect(new Set(vouchers.map((v) => v.status))).toEqual(
      new Set(['VALID_ONE', 'VALID_MULTI', 'USED_MULTIPLE', 'EXPIRED']),
    );
  });

  it('keeps the demo world as it was without `sites` (vouchers go to its hotel)', () => {
    const demo = createWorld(7, NOW);
    const same = buildWorld(7, NOW);
    expect(same.sites.map((s) => `${s._id} ${s.name} ${s.desc}`)).toEqual(
      demo.sites.map((s) => `${s._id} ${s.name} ${s.desc}`),
    );
    expect(JSON.stringify(same.sites.map((s) => s.devices))).toBe(JSON.stringify(demo.sites.map((s) => s.devices)));
    expect(same.healthCache).toBeUndefined();
    const withVouchers = buildWorld(7, NOW, { vouchers: 500 });
    expect(withVouchers.sites[1].desc).toBe('Khách sạn Hoa Mai');
    expect(withVouchers.sites[1].vouchers).toHaveLength(500);
    expect(withVouchers.sites[1].vouchers.slice(0, demo.sites[1].vouchers.length)).toEqual(demo.sites[1].vouchers);
  });

  it('counts clients from the compact seats exactly as onlineAt lists them (blocked and kicked clients too)', () => {
    const compact = buildWorld(4, NOW, { sites: 120 });
    const objects = buildWorld(4, NOW, { sites: 120 });
    for (const s of objects.sites) void s.slots;
    // block one client online now and kick another, at every site of both worlds
    for (const w of [compact, objects]) {
      for (const [i, s] of w.sites.entries()) {
        const online = onlineAt(objects.sites[i], NOW);
        if (online.length > 2) {
          s.blocked.add(online[0].ident.mac);
          s.kicked.set(online[1].ident.mac, NOW - 1_000);
        }
      }
    }
    const times = [0, 30_000, 5 * HOUR, 9 * HOUR, 13 * HOUR, 17 * HOUR, 30 * HOUR, 75 * HOUR].map((dt) => NOW + dt);
    for (const t of times) {
      for (const [i, s] of compact.sites.entries()) {
        const listed = onlineAt(objects.sites[i], t);
        expect(onlineSummary(s, t), `site ${i} at ${new Date(t).toISOString()}`).toEqual(
          onlineSummary(objects.sites[i], t),
        );
        expect(onlineSummary(s, t).count).toBe(listed.length);
      }
    }
    // (default is the demo's own site, with its slots)
    expect(compact.sites.slice(1).some((s) => hasSlots(s))).toBe(false);
  });
});

describe('a generated site over HTTP', () => {
  it('answers with the captured fixtures’ shapes, its health agreeing with its devices and clients', async () => {
    const sim = await startSimulator({ port: 0, seed: 9, sites: 12, vouchers: 300, now: () => NOW });
    try {
      const client = new TestClient(sim);
      await client.login();
      const names = sim.state.sites.slice(1).map((s) => s.name);
      const all = async (path: string) =>
        (await Promise.all(names.map((n) => client.data('GET', `/api/s/${n}${path}`)))).flat();
      const stas = await all('/stat/sta');
      const optional = [
        'name',
        'hostname',
        'noted',
        'fixed_ip',
        'device_name',
        'dev_id_override',
        'fingerprint_override',
      ];
      expect(shapeProblems(stas, fixture('stat-sta.wireless.json').data, { optional })).toEqual([]);
      for (const s of stas) expect(s.ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
      const devices = await all('/stat/device');
      const capture = fixture('stat-device.uap-ac-pro.json').data;
      const keys = Object.keys(devices[0]).filter((k) => k in capture[0]);
      expect(shapeProblems(devices, capture, { keys })).toEqual([]);
      expect(new Set(devices.map((d) => d.ip)).size).toBe(devices.length);
      expect(shapeProblems(await all('/stat/voucher'), fixture('stat-voucher.json').data)).toEqual([]);
      const wlans = await all('/rest/wlanconf');
      expect(
        shapeProblems(wlans, fixture('rest-wlanconf.json').data, { absentOk: ['minrate_ng_cck_rates_enabled'] }),
      ).toEqual([]);
      for (const w of wlans) expect(String(w.name).length).toBeLessThanOrEqual(32);

      const stat = await client.data('GET', '/api/stat/sites');
      for (const [i, name] of names.entries()) {
        const health = stat[i + 1].health as JsonObject[];
        for (const h of health) {
          const expected = fixture('stat-health.json').data.filter((c) => c.subsystem === h.subsystem);
          expect(shapeProblems([h], expected), `${name} ${h.subsystem}`).toEqual([]);
        }
        const own = devices.filter((d) => d.site_id === sim.state.sites[i + 1]._id);
        const sta = stas.filter((s) => s.site_id === sim.state.sites[i + 1]._id);
        expect(health[0].num_ap, name).toBe(own.length);
        expect(Number(health[0].num_user) + Number(health[0].num_guest), name).toBe(sta.length);
      }
      const report = await client.data('POST', `/api/s/${names[0]}/stat/report/hourly.site`, {
        start: NOW - 86_400_000,
        end: NOW,
      });
      expect(shapeProblems(report, fixture('handmade/stat-report-hourly.site.json').data)).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});
