import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Alert, AlertCounts } from '@it4u/shared/api';
import { type Simulator, startSimulator } from '@it4u/unifi-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeases, type Lease } from '../../lib/leases.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, pushWan, setDeviceToken, type TestApp, tokenFor } from '../../test/helpers.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createAlertsRepository } from './alerts.repository.ts';

const MINUTE = 60_000;
const TOKEN = 'router-token-alerts-1';

type Who = Awaited<ReturnType<typeof tokenFor>>;

/**
 * Alerts (issue 28 §1) on a controller and a console whose clock the test moves: a condition opens once it has held
 * for its rule's minutes, resolves once it has been clear for the rule's clear minutes, does not flap, is told to
 * whom sees its site, and can be acknowledged and muted.
 */
describe.each(drivers)('alerts on %s', (driver) => {
  let clock = Date.parse('2026-05-06T09:00:00+07:00');
  let sim: Simulator;
  let t: TestApp;
  let admin: Who;
  let office: Who;
  let holder: Who;
  let customer: Who;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hooks: Server;
  /** what the webhook receiver got, and how it answers the next one */
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let answer = 200;
  let cafe: string;
  let cafeAp: string;

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload && { payload }) });
  const ok = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const look = () => ok(admin, 'POST', '/it4u/alerts/look');
  const open = async (who: Who) => (await ok(who, 'GET', '/it4u/alerts?pageSize=100')).items as Alert[];
  const resolved = async (who: Who) =>
    (await ok(who, 'GET', '/it4u/alerts?state=resolved&pageSize=100')).items as Alert[];
  const counts = (who: Who) => ok(who, 'GET', '/it4u/alerts/count') as Promise<AlertCounts>;
  const cafeAlert = async (who: Who) => (await open(who)).find((a) => a.subject === `ap:${cafeAp}`);
  const later = (minutes: number) => {
    clock += minutes * MINUTE;
  };

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      host: '127.0.0.1',
      username: 'admin',
      password: 'sim-pass',
      seed: 11,
      now: () => clock,
    });
    const simSite = (desc: string) => {
      const site = sim.state.sites.find((s) => s.desc === desc);
      if (!site) throw new Error(desc);
      return site;
    };
    cafe = simSite('Cafe Sài Gòn').name;
    cafeAp = simSite('Cafe Sài Gòn').devices[0]?.mac ?? '';
    t = await createTestApp(driver, {
      demoController: { url: sim.url, username: 'admin', password: 'sim-pass', verifyTls: true },
      now: () => clock,
      webhooksToLoopback: true,
    });
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    office = await tokenFor(t, ['ROLE_CSKH']);
    const names = createSitesRepository(t.database.db);
    const ids: Record<string, number> = {};
    for (const desc of ['Cafe Sài Gòn', 'Văn phòng Quận 1'])
      ids[desc] = (await names.insert({ sitename: desc, idname: simSite(desc).name })).id;
    holder = await tokenFor(t, ['ROLE_KT'], { siteIds: [ids['Văn phòng Quận 1'] as number] });
    customer = await tokenFor(t, ['ROLE_KH'], { type: 'Client', siteIds: [ids['Cafe Sài Gòn'] as number] });
    await setDeviceToken(t, admin.headers, TOKEN);
  });

  afterAll(async () => {
    await t?.close();
    await sim?.close();
    await smtp?.close();
    await new Promise((resolve) => hooks?.close(resolve));
  });

  it('opens an access point down after its 5 minutes, not before, and tells only whom sees its site', async () => {
    expect(await look()).toEqual({ opened: 0, resolved: 0 });
    sim.setDeviceConnected(cafe, cafeAp, false);
    later(1);
    await look();
    expect(await cafeAlert(admin)).toBeUndefined();
    expect(await counts(customer)).toEqual({ open: 0, unacked: 0, sites: 0 });
    later(4);
    expect((await look()).opened).toBe(1);
    const alert = await cafeAlert(admin);
    expect(alert).toMatchObject({ kind: 'apDown', site: cafe, siteName: 'Cafe Sài Gòn', openedAt: clock });
    // down since the controller last saw it, 5 minutes ago
    expect(alert?.since).toBe(clock - 5 * MINUTE);
    expect(alert?.params.mac).toBe(cafeAp);
    expect(await cafeAlert(customer)).toBeDefined();
    expect(await cafeAlert(office)).toBeDefined();
    // a technician who holds the office only is not told of the café
    expect(await cafeAlert(holder)).toBeUndefined();
    expect(await counts(customer)).toEqual({ open: 1, unacked: 1, sites: 1 });
    expect(await counts(holder)).toEqual({ open: 0, unacked: 0, sites: 0 });
  });

  it('keeps it open while the access point flaps, and resolves it once clear for 3 minutes', async () => {
    sim.setDeviceConnected(cafe, cafeAp, true);
    later(1);
    expect((await look()).resolved).toBe(0);
    sim.setDeviceConnected(cafe, cafeAp, false);
    later(2);
    await look();
    sim.setDeviceConnected(cafe, cafeAp, true);
    later(1);
    await look();
    later(2);
    expect((await look()).resolved).toBe(0);
    expect(await cafeAlert(admin)).toBeDefined();
    later(1);
    expect((await look()).resolved).toBe(1);
    expect(await cafeAlert(admin)).toBeUndefined();
    const [gone] = (await resolved(customer)).filter((a) => a.subject === `ap:${cafeAp}`);
    expect(gone?.resolvedAt).toBe(clock);
    expect((await resolved(holder)).some((a) => a.subject === `ap:${cafeAp}`)).toBe(false);
  });

  it('opens once when two looks run at once', async () => {
    sim.setDeviceConnected(cafe, cafeAp, false);
    later(10);
    const both = await Promise.all([look(), look(), look()]);
    const opened = both.map((r) => r.opened ?? 0).reduce((a, b) => a + b, 0);
    expect(opened).toBe(1);
    expect((await open(admin)).filter((a) => a.subject === `ap:${cafeAp}`)).toHaveLength(1);
  });

  it('is acknowledged by staff with a note, muted for a time, and refused to a customer', async () => {
    const alert = (await cafeAlert(admin)) as Alert;
    expect((await call(customer, 'POST', `/it4u/alerts/${alert.id}/ack`, { note: 'seen' })).statusCode).toBe(403);
    expect((await call(holder, 'POST', `/it4u/alerts/${alert.id}/ack`, { note: 'seen' })).statusCode).toBe(404);
    const acked = await ok(office, 'POST', `/it4u/alerts/${alert.id}/ack`, { note: '  Kỹ thuật đang đến  ' });
    expect(acked.ack).toEqual({ by: office.user.username, at: clock, note: 'Kỹ thuật đang đến' });
    expect(await counts(customer)).toEqual({ open: 1, unacked: 0, sites: 1 });
    // the customer is told staff acknowledged it and when, never by whom nor staff's note
    const seen = (await cafeAlert(customer)) as Alert;
    expect(seen.ack).toEqual({ by: '', at: clock, note: '' });
    expect(JSON.stringify(await ok(customer, 'GET', '/it4u/alerts?pageSize=100'))).not.toMatch(
      new RegExp(`Kỹ thuật đang đến|${office.user.username}`),
    );
    const muted = await ok(admin, 'POST', `/it4u/alerts/${alert.id}/mute`, { minutes: 60 });
    expect(muted.mutedUntil).toBe(clock + 60 * MINUTE);
    // muted: counted nowhere, but the café still has a fault
    expect(await counts(customer)).toEqual({ open: 0, unacked: 0, sites: 1 });
    later(61);
    expect(await counts(customer)).toEqual({ open: 1, unacked: 0, sites: 1 });
    const trail = await ok(admin, 'GET', '/it4u/audit?pageSize=50');
    const events = (trail.items as { event: string }[]).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['alert.ack', 'alert.mute']));
    // bad input: no note, a mute too long
    expect((await call(office, 'POST', `/it4u/alerts/${alert.id}/ack`, {})).statusCode).toBe(400);
    expect((await call(office, 'POST', `/it4u/alerts/${alert.id}/mute`, { minutes: 100_000 })).statusCode).toBe(400);
    expect((await call(office, 'POST', '/it4u/alerts/999999/ack', { note: '' })).statusCode).toBe(404);
  });

  it("follows the administrator's rule: off resolves, and a longer hold waits longer", async () => {
    const rules = (await ok(office, 'GET', '/it4u/alerts/rules')) as { kind: string }[];
    expect(rules.map((r) => r.kind)).toContain('apDown');
    expect(
      (await call(office, 'PUT', '/it4u/alerts/rules/apDown', { enabled: false, holdMinutes: 5, clearMinutes: 3 }))
        .statusCode,
    ).toBe(403);
    await ok(admin, 'PUT', '/it4u/alerts/rules/apDown', { enabled: false, holdMinutes: 5, clearMinutes: 3 });
    later(1);
    await look();
    expect(await cafeAlert(admin)).toBeUndefined();
    await ok(admin, 'PUT', '/it4u/alerts/rules/apDown', { enabled: true, holdMinutes: 200, clearMinutes: 3 });
    later(1);
    await look();
    // down for 77 minutes: under 200
    expect(await cafeAlert(admin)).toBeUndefined();
    later(130);
    await look();
    expect(await cafeAlert(admin)).toBeDefined();
    expect(
      (await call(admin, 'PUT', '/it4u/alerts/rules/nothing', { enabled: true, holdMinutes: 1, clearMinutes: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'PUT', '/it4u/alerts/rules/apDown', { enabled: true, holdMinutes: 5000, clearMinutes: 1 }))
        .statusCode,
    ).toBe(400);
    await ok(admin, 'PUT', '/it4u/alerts/rules/apDown', { enabled: true, holdMinutes: 5, clearMinutes: 3 });
    sim.setDeviceConnected(cafe, cafeAp, true);
  });

  it("opens a WAN link down and a silent router from the routers' pushes, for the site's customer", async () => {
    const push = (wan2Status: number) =>
      pushWan(t, TOKEN, {
        sitename: cafe,
        groupClient: 'FTTH',
        wan1Provider: 'VNPT',
        wan1Ip: '14.160.2.2',
        wan1Status: 1,
        wan2Provider: 'Viettel',
        wan2Ip: '27.72.1.1',
        wan2Status,
      });
    expect((await push(0)).statusCode).toBe(200);
    await look();
    later(3);
    expect((await push(0)).statusCode).toBe(200);
    await look();
    later(3);
    expect((await push(0)).statusCode).toBe(200);
    await look();
    const wan = (await open(customer)).find((a) => a.kind === 'wanDown');
    expect(wan).toMatchObject({ site: cafe, params: { wan: 2, provider: 'Viettel' } });
    expect(await open(holder)).not.toContainEqual(expect.objectContaining({ kind: 'wanDown' }));
    // the router falls silent: its link is unknown, neither resolved nor opened again; after 15 minutes it is told
    later(10);
    await look();
    expect((await open(customer)).find((a) => a.kind === 'wanDown')?.id).toBe(wan?.id);
    expect((await open(customer)).some((a) => a.kind === 'routerSilent')).toBe(false);
    later(6);
    await look();
    expect((await open(customer)).find((a) => a.kind === 'routerSilent')).toMatchObject({ site: cafe });
    // back, both links up: both resolve once clear for their minutes
    expect((await push(1)).statusCode).toBe(200);
    await look();
    later(6);
    await look();
    expect((await open(customer)).filter((a) => a.kind === 'wanDown' || a.kind === 'routerSilent')).toEqual([]);
  });

  it('tells staff of a channel that went offline, not a customer', async () => {
    const channel = await ok(admin, 'POST', '/it4u/channel/attribute', { name: 'Kênh VP Q1', customer: 'VP' });
    await ok(admin, 'PUT', `/it4u/channel/attribute.${channel.id}`, { name: 'Kênh VP Q1', status: 'online' });
    await look();
    expect((await open(office)).some((a) => a.kind === 'channelDown')).toBe(false);
    await ok(admin, 'PUT', `/it4u/channel/attribute.${channel.id}`, { name: 'Kênh VP Q1', status: 'suspend' });
    await look();
    expect((await open(office)).find((a) => a.kind === 'channelDown')).toMatchObject({
      subject: `channel:${channel.id}`,
      params: { name: 'Kênh VP Q1', status: 'suspend' },
    });
    expect((await open(customer)).some((a) => a.kind === 'channelDown')).toBe(false);
    await ok(admin, 'PUT', `/it4u/channel/attribute.${channel.id}`, { name: 'Kênh VP Q1', status: 'online' });
    await look();
    expect((await open(office)).some((a) => a.kind === 'channelDown')).toBe(false);
  });

  it('tells administrators only of a failed backup, until one succeeds', async () => {
    const backup = (ok: boolean) =>
      t.database.db.execute(sql`insert into backup_runs (trigger, started_at, finished_at, ok, error)
        values ('schedule', ${new Date(clock).toISOString()}::timestamptz, ${new Date(clock).toISOString()}::timestamptz,
          ${ok}, ${ok ? null : 'disk full'})`);
    await backup(false);
    await look();
    expect((await open(admin)).find((a) => a.kind === 'jobFailed')).toMatchObject({
      subject: 'backup',
      params: { job: 'backup' },
    });
    expect((await open(office)).some((a) => a.kind === 'jobFailed')).toBe(false);
    later(60);
    await backup(true);
    await look();
    expect((await open(admin)).some((a) => a.kind === 'jobFailed')).toBe(false);
  });

  it('tells staff of a catalogue item below its minimum stock, and of a terminal host offering a changed key', async () => {
    const item = await ok(admin, 'POST', '/it4u/listSupplies', {
      itemCode: 'U6-LITE',
      name: 'UniFi U6 Lite',
      number: 1,
      value: 0,
      minStock: 2,
    });
    expect(item.minStock).toBe(2);
    await look();
    expect((await open(office)).find((a) => a.kind === 'stockLow')).toMatchObject({
      subject: `item:${item.id}`,
      params: { code: 'U6-LITE', onHand: 1, minimum: 2 },
    });
    expect((await open(customer)).some((a) => a.kind === 'stockLow')).toBe(false);
    // an edit that leaves the minimum out keeps it
    await ok(admin, 'PUT', `/it4u/listSupplies/${item.id}`, {
      itemCode: 'U6-LITE',
      name: 'UniFi U6 Lite',
      number: 1,
      value: 0,
    });
    expect((await ok(admin, 'GET', '/it4u/listSupplies?q=U6-LITE')).items[0].minStock).toBe(2);
    await ok(admin, 'POST', '/it4u/importWarehouse', { exportDate: clock, itemCode: 'U6-LITE', number: 5, value: 0 });
    await look();
    expect((await open(office)).some((a) => a.kind === 'stockLow')).toBe(false);

    const keys = (offered: string | null) =>
      t.database.db.execute(sql`insert into ssh_host_keys (host, port, fingerprint, pinned_by, offered_fingerprint, offered_at)
        values ('10.20.0.1', 22, 'SHA256:old', 'admin', ${offered}, ${offered ? new Date(clock).toISOString() : null}::timestamptz)
        on conflict (host, port) do update set offered_fingerprint = excluded.offered_fingerprint, offered_at = excluded.offered_at`);
    await keys('SHA256:new');
    await look();
    expect((await open(office)).find((a) => a.kind === 'hostKeyChanged')).toMatchObject({
      subject: 'hostKey:10.20.0.1:22',
      params: { host: '10.20.0.1', port: 22 },
      since: clock,
    });
    await keys(null);
    await look();
    expect((await open(office)).some((a) => a.kind === 'hostKeyChanged')).toBe(false);
  });

  it('sends an opening and its resolving once by mail and to a webhook, signed, retried when refused', async () => {
    smtp = await startSmtp();
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const port = (hooks.address() as AddressInfo).port;
    await ok(admin, 'PUT', '/it4u/configMail', mailSettingsFor(smtp.port));
    await ok(admin, 'PUT', '/it4u/alerts/delivery', {
      mail: { enabled: true, to: ['noc@it4u.test'], digestMinutes: 0 },
      language: 'Vietnamese',
    });
    // only an administrator sets where alerts go; never to link-local (a cloud's metadata) nor an unknown name
    const hook = { name: 'NOC', url: `http://127.0.0.1:${port}/hook`, format: 'json', enabled: true };
    expect((await call(office, 'POST', '/it4u/alerts/webhooks', hook)).statusCode).toBe(403);
    const metadata = await call(admin, 'POST', '/it4u/alerts/webhooks', {
      ...hook,
      url: 'http://169.254.169.254/latest',
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json()).toMatchObject({ code: 'webhookRefused', params: { kind: 'linkLocal' } });
    // nor to a private, carrier-grade NAT or unique local address (another cloud's metadata, the network behind)
    for (const host of [
      '10.0.0.5',
      '172.16.1.1',
      '192.168.1.1',
      '100.100.100.200',
      '[fd00:ec2::254]',
      '[::ffff:10.1.2.3]',
    ]) {
      const inside = await call(admin, 'POST', '/it4u/alerts/webhooks', { ...hook, url: `http://${host}/hook` });
      expect(inside.statusCode, host).toBe(400);
      expect(inside.json().code, host).toBe('webhookPrivate');
    }
    expect(
      (await call(admin, 'POST', '/it4u/alerts/webhooks', { ...hook, url: 'ftp://example.com/x' })).statusCode,
    ).toBe(400);
    const made = await call(admin, 'POST', '/it4u/alerts/webhooks', hook);
    expect(made.statusCode, made.body).toBe(201);
    const { secret, webhook } = made.json();
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    expect((await ok(admin, 'GET', '/it4u/alerts/delivery')).webhooks).toEqual([webhook]);
    expect(JSON.stringify(await ok(admin, 'GET', '/it4u/alerts/delivery'))).not.toContain(secret);

    sim.setDeviceConnected(cafe, cafeAp, false);
    later(6);
    // two instances look and send at once: each body goes once
    await Promise.all([look(), look()]);
    await look();
    expect(got).toHaveLength(1);
    const [first] = got;
    const body = JSON.parse(first?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'alert.opened',
      alert: { kind: 'apDown', site: cafe, params: { mac: cafeAp } },
    });
    expect(body.text).toContain('Điểm truy cập');
    const stamp = String(first?.headers['x-it4u-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${stamp}.${first?.body}`).digest('hex')}`;
    expect(first?.headers['x-it4u-signature']).toBe(expected);
    expect(first?.headers['x-it4u-event']).toBe('alert.opened');
    const mails = await smtp.waitFor(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('IT4U: 1 cảnh báo mở hoặc đã hết');
    expect(mails[0]?.text).toContain('Cafe Sài Gòn');

    // the receiver refuses the resolving once: it is tried again after a minute, and sent once
    answer = 500;
    sim.setDeviceConnected(cafe, cafeAp, true);
    later(1);
    await look();
    expect(got).toHaveLength(1);
    later(3);
    await look();
    expect(got).toHaveLength(2);
    answer = 200;
    await look();
    expect(got).toHaveLength(2);
    later(1);
    await look();
    expect(got).toHaveLength(3);
    expect(JSON.parse(got[2]?.body ?? '{}').event).toBe('alert.resolved');
    await smtp.waitFor(2);
    const log = (await ok(admin, 'GET', '/it4u/alerts/deliveries?pageSize=50')).items as Record<string, unknown>[];
    const resolving = log.find((l) => l.channel === 'webhook' && l.event === 'resolved');
    expect(resolving).toMatchObject({ status: 'sent', attempts: 2, answer: 'HTTP 200', webhook: 'NOC' });
    expect(log.filter((l) => l.status === 'sent')).toHaveLength(4);
    const mailLog = (await ok(admin, 'GET', '/it4u/mailLog?pageSize=50')).items as { kind: string }[];
    expect(mailLog.filter((l) => l.kind === 'alert')).toHaveLength(2);
  });

  it('opens a voucher batch with 10 % or less left, for the site, at the percentage an administrator sets', async () => {
    // on the office, where nothing else is open: the café's people are not told, the office's technician is
    const office = sim.state.sites.find((s) => s.desc === 'Văn phòng Quận 1')?.name ?? '';
    const made = await ok(admin, 'POST', `/it4u/${office}/createVoucher`, {
      n: 10,
      quota: 1,
      expire: 1440,
      note: 'Sự kiện khai trương',
    });
    expect(made).toHaveLength(10);
    const batch = () =>
      sim.state.sites.find((s) => s.name === office)?.vouchers.filter((v) => v.note === 'Sự kiện khai trương') ?? [];
    const spend = (n: number) => {
      for (const v of batch().slice(0, n)) Object.assign(v, { used: 1, status: 'EXPIRED' });
    };
    const low = async (who: Who) => (await open(who)).find((a) => a.kind === 'vouchersLow');
    // 2 of 10 left: not yet
    spend(8);
    await look();
    expect(await low(admin)).toBeUndefined();
    // 1 of 10 left: opens, for the office's people
    spend(9);
    await look();
    expect(await low(admin)).toMatchObject({
      site: office,
      params: { note: 'Sự kiện khai trương', left: 1, total: 10 },
    });
    expect(await low(holder)).toBeDefined();
    expect(await low(customer)).toBeUndefined();
    // a batch running out is no fault of the site's
    expect(await counts(holder)).toEqual({ open: 1, unacked: 1, sites: 0 });

    // at 5 %, one of ten left is no longer low: it resolves; the percentage is kept when a body leaves it out
    expect(
      await ok(admin, 'PUT', '/it4u/alerts/rules/vouchersLow', {
        enabled: true,
        holdMinutes: 0,
        clearMinutes: 0,
        percent: 5,
      }),
    ).toMatchObject({ percent: 5 });
    await look();
    expect(await low(admin)).toBeUndefined();
    await ok(admin, 'PUT', '/it4u/alerts/rules/vouchersLow', { enabled: true, holdMinutes: 0, clearMinutes: 0 });
    const rules = (await ok(admin, 'GET', '/it4u/alerts/rules')) as { kind: string; percent?: number }[];
    expect(rules.find((r) => r.kind === 'vouchersLow')?.percent).toBe(5);
    // used up: opens again
    spend(10);
    await look();
    expect(await low(admin)).toMatchObject({ params: { left: 0, total: 10 } });

    // a percentage is refused on a kind without one, and out of its bounds
    const refused = await call(admin, 'PUT', '/it4u/alerts/rules/apDown', {
      enabled: true,
      holdMinutes: 5,
      clearMinutes: 3,
      percent: 10,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('alertRuleNoPercent');
    for (const percent of [0, 100, 12.5, '10'])
      expect(
        (
          await call(admin, 'PUT', '/it4u/alerts/rules/vouchersLow', {
            enabled: true,
            holdMinutes: 0,
            clearMinutes: 0,
            percent,
          })
        ).statusCode,
      ).toBe(400);
    expect(
      (await ok(admin, 'GET', '/it4u/alerts/rules')).find((r: { kind: string }) => r.kind === 'apDown'),
    ).not.toHaveProperty('percent');
  });

  it('resolves a voucher batch of a site its controller no longer has', async () => {
    expect((await open(admin)).filter((a) => a.kind === 'vouchersLow')).toHaveLength(1);
    const sites = sim.state.sites;
    const index = sites.findIndex((s) => s.desc === 'Văn phòng Quận 1');
    const [site] = sites.splice(index, 1);
    if (!site) throw new Error('no office');
    try {
      await look();
      expect((await open(admin)).filter((a) => a.kind === 'vouchersLow')).toEqual([]);
    } finally {
      sites.splice(index, 0, site);
    }
  });

  it('resolves the alerts of a site its controller no longer has', async () => {
    const second = sim.state.sites.find((s) => s.name === cafe)?.devices[1]?.mac ?? '';
    sim.setDeviceConnected(cafe, cafeAp, false);
    sim.setDeviceConnected(cafe, second, false);
    later(5);
    await look();
    expect(await cafeAlert(admin)).toBeDefined();
    // two access points down (and its router, silent since the WAN test): one site with a fault
    const faults = await counts(customer);
    expect(faults.sites).toBe(1);
    expect(faults.open).toBeGreaterThanOrEqual(2);
    const sites = sim.state.sites;
    const index = sites.findIndex((s) => s.name === cafe);
    const [site] = sites.splice(index, 1);
    if (!site) throw new Error('no café');
    try {
      // the controller read, without the site: its access point's alert resolves after its clear minutes
      later(1);
      await look();
      later(3);
      await look();
      expect(await cafeAlert(admin)).toBeUndefined();
      expect((await resolved(admin)).find((a) => a.subject === `ap:${cafeAp}`)?.resolvedAt).toBe(clock);
      expect((await open(admin)).filter((a) => a.site === cafe && a.kind === 'apDown')).toEqual([]);
    } finally {
      sites.splice(index, 0, site);
    }
  });

  it('is looked at by one instance at a time, and a look whose lease was taken over lands nothing', async () => {
    // another instance holds the looks' lease (it is looking): this one reads no source and writes nothing
    const other = await createLeases(t.database.db, { holder: 'another instance' }).hold('alerts');
    expect(other).toBeDefined();
    sim.resetCalls();
    expect(await look()).toEqual({ opened: null, resolved: null });
    expect(Object.values(sim.calls()).reduce((a, b) => a + b, 0)).toBe(0);
    await other?.release();
    expect(await look()).toMatchObject({ opened: expect.any(Number), resolved: expect.any(Number) });

    // a look that stalled past its lease while another instance took the looks over: its writes are refused
    const stalled = (await createLeases(t.database.db, { holder: 'stalled' }).hold('alerts', { ttlMs: 600 })) as Lease;
    await t.database.db.execute(sql`update duty_leases set until = now() - interval '1 second' where name = 'alerts'`);
    const newer = await createLeases(t.database.db, { holder: 'newer' }).hold('alerts');
    let decided = false;
    const decide = () => {
      decided = true;
      return { open: [], clearing: [], cleared: [], resolve: [], add: [] } as never;
    };
    const repository = createAlertsRepository(t.database.db);
    expect(await repository.look(decide, clock, { mail: false, webhooks: [] }, stalled)).toBeNull();
    expect(decided).toBe(false);
    await newer?.release();
    await stalled.release();
  });

  it('sends again, under the same delivery id, a body an instance that died was sending, once its lease ran out', async () => {
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from alert_deliveries where channel = 'webhook' and status = 'sent' order by id desc limit 1`,
      ),
    );
    expect(row).toBeDefined();
    // an instance took it and died while sending (its lease still running): nobody else sends it meanwhile
    await t.database.db.execute(sql`update alert_deliveries set status = 'sending' where id = ${row?.id}`);
    await t.database.db.execute(sql`insert into duty_leases (name, holder, token, until)
      values ('alerts.delivery', 'died', 1, now() + interval '1 minute')
      on conflict (name) do update set holder = 'died', token = duty_leases.token + 1, until = excluded.until`);
    const before = got.length;
    await look();
    expect(got.length).toBe(before);
    // its lease has run out: the next look's delivery takes it
    await t.database.db.execute(sql`update duty_leases set until = now() where name = 'alerts.delivery'`);
    await look();
    expect(got.slice(before).map((g) => g.headers['x-it4u-delivery'])).toEqual([String(row?.id)]);
  });
});
