import * as XLSX from '@e965/xlsx';
import type { ReconciliationPage, Sighting } from '@it4u/shared';
import { type Simulator, startSimulator } from '@it4u/unifi-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeases } from '../../lib/leases.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

type Who = Awaited<ReturnType<typeof tokenFor>>;

/**
 * The warehouse against the network (issue 29 §3): stock-outs matched by MAC and serial to what the simulator's
 * controller lists (access points, and a customer's router among the clients), in each of the four cases, with where
 * and since when; a serial's sightings; the scan once at a time; the roles.
 */
describe.each(drivers)('the reconciliation on %s', (driver) => {
  let clock = Date.parse('2026-05-06T10:00:00+07:00');
  let sim: Simulator;
  let t: TestApp;
  let admin: Who;
  const ap = (desc: string, i: number) => {
    const site = sim.state.sites.find((s) => s.desc === desc);
    const device = site?.devices[i];
    if (!site || !device) throw new Error(`${desc} ${i}`);
    return { site: site.name, mac: device.mac.toUpperCase(), serial: device.serial };
  };
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload && { payload }) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(admin, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const page = (query: string) =>
    ok('GET', `/it4u/reconciliation?pageSize=100&${query}`) as Promise<ReconciliationPage>;
  const contracts: Record<string, number> = {};
  const stockOut = (body: object) =>
    ok('POST', '/it4u/exportWarehouse', {
      itemCode: 'U7PG2',
      number: 1,
      value: 0,
      exportDate: clock - 30 * DAY,
      ...body,
    });

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      host: '127.0.0.1',
      username: 'admin',
      password: 'sim-pass',
      seed: 11,
      now: () => clock,
    });
    t = await createTestApp(driver, {
      demoController: { url: sim.url, username: 'admin', password: 'sim-pass', verifyTls: true },
      now: () => clock,
    });
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    const names = createSitesRepository(t.database.db);
    for (const desc of ['Cafe Sài Gòn', 'Văn phòng Quận 1', 'Trường Tiểu học An Phú']) {
      const site = sim.state.sites.find((s) => s.desc === desc);
      if (!site) throw new Error(desc);
      await names.insert({ sitename: desc, idname: site.name });
    }
    for (const [n, desc] of [
      ['C-1', 'Cafe Sài Gòn'],
      ['C-2', 'Văn phòng Quận 1'],
    ] as const) {
      const site = sim.state.sites.find((s) => s.desc === desc);
      const made = await ok('POST', '/it4u/contracts', { numContract: n, clientName: desc, sitename: [site?.name] });
      contracts[n] = made.id;
    }
    await ok('POST', '/it4u/listSupplies', { itemCode: 'U7PG2', name: 'UniFi AP AC Pro', number: 50, value: 0 });
  });

  afterAll(async () => {
    await t?.close();
    await sim?.close().catch(() => undefined);
  });

  it('says nothing is known online before the first scan, then finds each case with where and since when', async () => {
    const cafe0 = ap('Cafe Sài Gòn', 0);
    const cafe1 = ap('Cafe Sài Gòn', 1);
    const cafe2 = ap('Cafe Sài Gòn', 2);
    const office0 = ap('Văn phòng Quận 1', 0);
    // issued right: the café's first access point, by serial only
    await stockOut({ serialNum: cafe0.serial.toLowerCase(), contractId: contracts['C-1'] });
    // written to the café's customer, but it is the office's access point (by MAC, typed with dashes)
    await stockOut({ mac: office0.mac.replaceAll(':', '-'), serialNum: office0.serial, contractId: contracts['C-1'] });
    // recalled, but still up at the café
    await stockOut({ serialNum: cafe1.serial, status: 'Thu hồi', contractId: contracts['C-1'] });
    // in a van: no controller has it
    const van = await stockOut({ serialNum: 'VAN-0001', mac: 'F0:9F:C2:00:00:01', contractId: contracts['C-2'] });
    // issued yesterday, not seen yet: not late
    await stockOut({ serialNum: 'NEW-0001', contractId: contracts['C-2'], exportDate: clock - DAY });

    const before = await page('');
    expect(before.scan).toBeNull();
    // before any scan nothing is known of the network: no case says anything yet
    expect(before.counts).toEqual({ notSeen: 0, elsewhere: 0, retired: 0, unissued: 0 });
    expect(before.items).toEqual([]);

    const scan = await ok('POST', '/it4u/reconciliation/scan');
    expect(scan).toEqual({ startedAt: clock, finishedAt: clock, sites: 3, unread: 0, failedAt: null });
    const after = await page('');
    // the café's third access point and the office's others were never issued
    const cafeAps = sim.state.sites.find((s) => s.desc === 'Cafe Sài Gòn')?.devices.length ?? 0;
    const officeAps = sim.state.sites.find((s) => s.desc === 'Văn phòng Quận 1')?.devices.length ?? 0;
    expect(after.counts).toEqual({
      notSeen: 1,
      elsewhere: 1,
      retired: 1,
      unissued: cafeAps - 2 + officeAps - 1,
    });
    expect(after.case).toBe('notSeen');
    expect(after.items.map((r) => r.record?.id)).toEqual([van.id]);
    expect(after.items[0]?.seen).toBeNull();

    const elsewhere = (await page('case=elsewhere')).items;
    expect(elsewhere).toHaveLength(1);
    expect(elsewhere[0]?.record).toMatchObject({ serialNum: office0.serial, mac: office0.mac });
    expect(elsewhere[0]?.record?.contract?.numContract).toBe('C-1');
    expect(elsewhere[0]?.seen).toMatchObject({
      mac: office0.mac,
      serial: office0.serial,
      kind: 'device',
      site: { idname: office0.site, sitename: 'Văn phòng Quận 1' },
      customer: { id: contracts['C-2'], clientName: 'Văn phòng Quận 1' },
      firstSeen: clock,
      lastSeen: clock,
    });

    const retired = (await page('case=retired')).items;
    expect(retired.map((r) => [r.record?.serialNum, r.record?.status, r.seen?.site.idname])).toEqual([
      [cafe1.serial, 'Thu hồi', cafe1.site],
    ]);
    const unissued = (await page('case=unissued')).items;
    expect(unissued.every((r) => r.record === null && r.seen?.kind === 'device')).toBe(true);
    expect(unissued.map((r) => r.seen?.mac)).toContain(cafe2.mac);
    expect(unissued.map((r) => r.seen?.mac)).not.toContain(cafe0.mac);
    // the school has no customer: its access points are not ours to account for
    const school = sim.state.sites.find((s) => s.desc === 'Trường Tiểu học An Phú')?.name;
    expect(unissued.some((r) => r.seen?.site.idname === school)).toBe(false);

    // the text filter reads the record and where it is seen
    expect((await page(`case=unissued&q=${encodeURIComponent(cafe2.mac.toLowerCase())}`)).items).toHaveLength(1);
    expect((await page('case=notSeen&q=van-0001')).total).toBe(1);
    expect((await page('case=notSeen&q=nothing-like-it')).total).toBe(0);
    // fewer days: the one issued yesterday is late too
    expect((await page('case=notSeen&days=1')).total).toBe(2);
  });

  it('keeps when a device was first seen, and drops what went offline from "online now" at the next scan', async () => {
    const cafe1 = ap('Cafe Sài Gòn', 1);
    const first = clock;
    clock += 20 * MINUTE;
    sim.setDeviceConnected(cafe1.site, cafe1.mac.toLowerCase(), false);
    await ok('POST', '/it4u/reconciliation/scan');
    // recalled and now down: no longer a case
    expect((await page('case=retired')).total).toBe(0);
    // its history still says where and when it was last seen
    const seen = (await ok('GET', `/it4u/exportWarehouseBySerialNum/${cafe1.serial}/seen`)) as Sighting[];
    expect(seen).toEqual([
      expect.objectContaining({
        mac: cafe1.mac,
        site: { idname: cafe1.site, sitename: 'Cafe Sài Gòn' },
        firstSeen: first,
        lastSeen: first,
      }),
    ]);
    sim.setDeviceConnected(cafe1.site, cafe1.mac.toLowerCase(), true);
    clock += 20 * MINUTE;
    await ok('POST', '/it4u/reconciliation/scan');
    const back = (await page('case=retired')).items;
    expect(back[0]?.seen).toMatchObject({ firstSeen: first, lastSeen: clock });
  });

  it("finds a customer's router among a site's clients by the MAC it was issued with", async () => {
    clock += 2 * MINUTE;
    const cafe = ap('Cafe Sài Gòn', 0).site;
    const clients = (await ok('GET', `/it4u/${cafe}/devices`)) as { mac: string; name?: string }[];
    const router = clients[0];
    if (!router) throw new Error('the café has no client now');
    await ok('POST', '/it4u/listSupplies', { itemCode: 'HAP-AC2', name: 'MikroTik hAP ac2', number: 5, value: 0 });
    // issued to the office's customer, but it is at the café
    await stockOut({ itemCode: 'HAP-AC2', mac: router.mac, serialNum: 'HAP-77', contractId: contracts['C-2'] });
    await ok('POST', '/it4u/reconciliation/scan');
    const row = (await page('case=elsewhere')).items.find((r) => r.record?.serialNum === 'HAP-77');
    expect(row?.seen).toMatchObject({ kind: 'client', mac: router.mac.toUpperCase(), site: { idname: cafe } });
    // a client is never "never issued": phones are not ours
    expect((await page('case=unissued')).items.some((r) => r.seen?.kind === 'client')).toBe(false);
    // issued again, by its MAC only, to the café's customer: its last record holds, and it is where it should be
    await stockOut({ itemCode: 'HAP-AC2', mac: router.mac, contractId: contracts['C-1'], exportDate: clock - DAY });
    expect((await page('case=elsewhere')).items.some((r) => r.record?.serialNum === 'HAP-77')).toBe(false);
    // back to the office's customer, for the export below
    await stockOut({
      itemCode: 'HAP-AC2',
      mac: router.mac,
      serialNum: 'HAP-77',
      contractId: contracts['C-2'],
      exportDate: clock,
    });
  });

  it('exports every case in the language asked', async () => {
    const res = await call(admin, 'GET', '/it4u/reconciliation/export?lang=en');
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] ?? ''] ?? {});
    const all = await page('');
    const total = Object.values(all.counts).reduce((a, b) => a + b, 0);
    expect(rows).toHaveLength(total);
    expect(rows.some((r) => r.Case === "Online elsewhere than its customer's sites" && r.Serial === 'HAP-77')).toBe(
      true,
    );
    const vi = await call(admin, 'GET', '/it4u/reconciliation/export?case=notSeen');
    const viRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(vi.rawPayload).Sheets.Reconciliation ?? {},
    );
    expect(viRows.map((r) => r['Trường hợp'])).toEqual(['Đã xuất, chưa từng thấy trực tuyến']);
  });

  it('runs one scan at a time, and is for the roles of the warehouse', async () => {
    // within a minute of the last scan's start: refused
    clock += 30_000;
    expect((await call(admin, 'POST', '/it4u/reconciliation/scan')).statusCode).toBe(409);
    // a scan taken by another instance, not yet ended (it holds the scans' lease), however long it has been at it
    const other = await createLeases(t.database.db, { holder: 'another instance' }).hold('sightings');
    expect(other).toBeDefined();
    await t.database.db.execute(
      sql`update sighting_scans set started_at = ${new Date(clock + 1).toISOString()}::timestamptz, finished_at = null`,
    );
    clock += 2 * 60 * MINUTE;
    const busy = await call(admin, 'POST', '/it4u/reconciliation/scan');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('sightingScanRunning');
    // that instance died mid-scan: once its lease has run out (nothing renews it), the scan is taken over
    await t.database.db.execute(
      sql`update duty_leases set until = now() - interval '1 second' where name = 'sightings'`,
    );
    expect((await call(admin, 'POST', '/it4u/reconciliation/scan')).statusCode).toBe(200);
    // (its renewals end; the lease is no longer its to free)
    await other?.release();
    expect(await createLeases(t.database.db).holderOf('sightings')).toBeUndefined();
    for (const role of ['ROLE_CSKH', 'ROLE_KH'] as const) {
      const who = await tokenFor(t, [role]);
      expect((await call(who, 'GET', '/it4u/reconciliation')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/it4u/reconciliation/scan')).statusCode).toBe(403);
    }
    const kt = await tokenFor(t, ['ROLE_KT']);
    expect((await call(kt, 'GET', '/it4u/reconciliation')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/it4u/reconciliation?days=0')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/it4u/reconciliation?case=lost')).statusCode).toBe(400);
  });

  it('keeps the last good picture when no controller answers, and says the reading failed', async () => {
    clock += 20 * MINUTE;
    await ok('POST', '/it4u/reconciliation/scan');
    const good = await page('');
    await sim.close();
    clock += 20 * MINUTE;
    const failed = await call(admin, 'POST', '/it4u/reconciliation/scan');
    expect([502, 503, 504]).toContain(failed.statusCode);
    expect(failed.json().code).toMatch(/^controller/);
    const after = await page('');
    expect(after.counts).toEqual(good.counts);
    expect(after.scan).toEqual({ ...good.scan, failedAt: clock });
  });
});
