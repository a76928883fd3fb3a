import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, tokenFor } from '../../test/helpers.ts';
import { simCases, startTestSimulator, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

describe.each(simCases)('vouchers through the demo controller on %s at %s in Vietnam', (driver, clock) => {
  const { suite, call } = useControllerApp(driver, clock);

  it('says it is the demo controller, and fills the site names from it', async () => {
    expect((await call('GET', '/it4u/controller')).json()).toEqual({ configured: false, demo: true });
    expect((await call('GET', '/it4u/checkCookiesUbnt')).json()).toMatchObject({ ok: true, demo: true });
    const sync = await call('GET', '/it4u/createSitesName');
    expect(sync.statusCode).toBe(200);
    expect(sync.json().total).toBeGreaterThanOrEqual(5);
    const again = (await call('GET', '/it4u/createSitesName')).json();
    expect(again).toMatchObject({ added: 0, updated: 0 });
    const names = (await call('GET', '/it4u/getSitename/')).json();
    expect(names.map((s: { idname: string }) => s.idname)).toContain('default');
  });

  it('creates three vouchers with their duration and limits, lists them, prints them, revokes one', async () => {
    const batch = { n: 3, quota: 1, expire: 1440, down: 150, up: 100, bytes: 2, note: 'Phòng 101' };
    const made = await call('POST', '/it4u/default/createVoucher', { cmd: 'create-voucher', ...batch });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toHaveLength(3);
    for (const v of made.json())
      expect(v).toMatchObject({ duration: 1440, down: 150, up: 100, byteQuota: 2, note: 'Phòng 101', quota: 1 });
    expect(made.json()[0].code).toMatch(/^\d{5}-\d{5}$/);
    const list = (await call('GET', '/it4u/default/voucher')).json();
    const ours = list.filter((v: { note: string }) => v.note === 'Phòng 101');
    expect(ours).toHaveLength(3);
    const sheet = await call(
      'GET',
      `/it4u/default/printVoucher/${ours.map((v: { id: string }) => v.id).join(',')}?lang=vi`,
    );
    expect(sheet.headers['content-type']).toContain('text/html');
    expect(sheet.body.match(/class="card"/g)).toHaveLength(3);
    expect(sheet.body).toContain(ours[0].code);
    expect(sheet.body).toContain('<svg');
    const del = await call('POST', '/it4u/default/deleteVoucher', { _id: ours[0].id, cmd: 'delete-voucher' });
    expect(del.statusCode).toBe(200);
    expect((await call('GET', '/it4u/default/voucher')).json().some((v: { id: string }) => v.id === ours[0].id)).toBe(
      false,
    );
    expect((await call('POST', '/it4u/default/deleteVoucher', { _id: ours[0].id })).statusCode).toBe(404);
    const bad = await call('POST', '/it4u/default/createVoucher', { n: 1, quota: 1, expire: 999, note: 'x' });
    expect(bad.json().details[0].field).toBe('expire');
    // the batch and the revocation are audited, by the vouchers' ids: no code is written down
    const lines = rowsOf<{ event: string; target: string; details: Record<string, unknown> }>(
      await suite.t.database.db.execute(
        sql`select event, target, details from audit_events where event like 'voucher.%' order by id`,
      ),
    );
    expect(lines).toEqual([
      {
        event: 'voucher.create',
        target: 'site:default',
        details: { site: 'default', ...batch, ids: made.json().map((v: { id: string }) => v.id) },
      },
      {
        event: 'voucher.delete',
        target: 'site:default',
        details: { site: 'default', id: ours[0].id, note: 'Phòng 101', quota: 1 },
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(ours[0].code);
  });

  it('pages, searches (code with or without its dash, note with or without marks), filters and sorts on the server', async () => {
    const make = (n: number, note: string) =>
      call('POST', '/it4u/default/createVoucher', { n, quota: 2, expire: 480, note });
    expect((await make(12, 'Hội nghị Đà Nẵng')).statusCode).toBe(201);
    expect((await make(3, 'Sảnh chờ')).statusCode).toBe(201);
    type Row = { id: string; code: string; note: string; status: string; createTime: number; used: number };
    type Page = { items: Row[]; total: number; siteTotal: number; statuses: Record<string, number> };
    const page = async (query: string): Promise<Page> => {
      const res = await call('GET', `/it4u/default/voucher/page?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json();
    };
    const whole: Row[] = (await call('GET', '/it4u/default/voucher')).json();

    // the whole site: newest first, its count said, the statuses counted
    const first = await page('page=1&pageSize=10');
    expect(first.total).toBe(whole.length);
    expect(first.siteTotal).toBe(whole.length);
    expect(first.items.map((v) => v.id)).toEqual(whole.slice(0, 10).map((v) => v.id));
    expect(Object.values(first.statuses).reduce((a, b) => a + b, 0)).toBe(whole.length);
    expect(first.items[0]).toMatchObject({ notes: first.items[0]?.note });

    // a note, with and without its marks, any case: the same twelve, five a page
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    for (const text of ['Hội nghị Đà Nẵng', 'hoi nghi da nang', 'HỘI NGHỊ', 'nang hoi']) {
      const found = await page(`${q(text)}&pageSize=5`);
      expect(found.total, text).toBe(12);
      expect(found.siteTotal).toBe(whole.length);
    }
    const seen: string[] = [];
    for (const n of [1, 2, 3])
      seen.push(...(await page(`${q('hoi nghi')}&pageSize=5&page=${n}`)).items.map((v) => v.id));
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect((await page(`${q('sanh cho')}`)).total).toBe(3);

    // a code, with its dash, without it, in two halves
    const target = whole.find((v) => v.note === 'Sảnh chờ') as Row;
    for (const text of [target.code, target.code.replace('-', ''), target.code.replace('-', ' ')]) {
      const found = await page(q(text));
      expect(
        found.items.map((v) => v.id),
        text,
      ).toEqual([target.id]);
    }

    // a status: by the filter and by the search (its words), counted the same
    const status = target.status;
    const filtered = await page(`status=${status}&pageSize=200`);
    expect(filtered.total).toBe(first.statuses[status]);
    expect(filtered.items.every((v) => v.status === status)).toBe(true);
    expect(filtered.statuses).toEqual(first.statuses);
    const inNote = await page(`${q('sanh')}&status=${status}`);
    expect(inNote.total).toBe(3);
    expect(inNote.statuses).toEqual({ [status]: 3 });
    expect((await page(`${q(status.toLowerCase().replace('_', ' '))}&pageSize=200`)).total).toBeGreaterThanOrEqual(
      filtered.total,
    );
    const other = ['VALID_ONE', 'VALID_MULTI', 'USED', 'USED_MULTIPLE', 'EXPIRED'].find((s) => !first.statuses[s]);
    if (other) expect(await page(`status=${other}`)).toMatchObject({ items: [], total: 0 });

    // sorted by code, by note, oldest first
    const byCode = (await page(`${q('hoi nghi')}&sort=code:asc&pageSize=200`)).items.map((v) => v.code);
    expect(byCode).toEqual([...byCode].sort());
    const byCodeDown = (await page(`${q('hoi nghi')}&sort=code:desc&pageSize=200`)).items.map((v) => v.code);
    expect(byCodeDown).toEqual([...byCode].reverse());
    const byNote = (await page('sort=note:asc&pageSize=200')).items.map((v) => v.note);
    expect(byNote.indexOf('Hội nghị Đà Nẵng')).toBeLessThan(byNote.indexOf('Sảnh chờ'));
    const oldest = (await page('sort=createTime:asc&pageSize=200')).items.map((v) => v.createTime);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(await page(q('no such voucher'))).toMatchObject({ items: [], total: 0, siteTotal: whole.length });
  });

  it('refuses a voucher page query it does not know (400)', async () => {
    for (const query of [
      'sort=createTime',
      'sort=secret:asc',
      'sort=code:sideways',
      'status=NOPE',
      'pageSize=201',
      'pageSize=-1',
      'page=0',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await call('GET', `/it4u/default/voucher/page?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("answers 403 to a customer asking for another site's vouchers", async () => {
    const repo = createSitesRepository(suite.t.database.db);
    const own =
      (await repo.all()).find((s) => s.idname !== 'default') ??
      (await repo.insert({ sitename: 'Mine', idname: 'mine01' }));
    const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
    for (const url of ['/it4u/default/voucher', '/it4u/default/voucher/page', '/it4u/default/printVoucher/all']) {
      expect((await call('GET', url, undefined, kh)).statusCode, url).toBe(403);
    }
    expect(
      (await call('POST', '/it4u/default/createVoucher', { n: 1, quota: 1, expire: 480, note: 'x' }, kh)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/it4u/${own.idname}/voucher`, undefined, kh)).statusCode).toBe(200);
    expect((await call('GET', `/it4u/${own.idname}/voucher/page?q=a`, undefined, kh)).statusCode).toBe(200);
  });

  it('answers 404 for a site the controller does not have', async () => {
    const res = await call('GET', '/it4u/nosuchsite/voucher');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'siteNotOnController', params: { site: 'nosuchsite' } });
  });
});

describe('without any controller', () => {
  it('answers 503 naming the Parameter tab, and 502 naming a configured controller that is down', async () => {
    const t = await createTestApp('pglite');
    try {
      const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
      const none = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/default/voucher', headers: admin });
      expect(none.statusCode).toBe(503);
      expect(none.json().message).toContain('Parameter');
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/it4u/systemConfig',
        headers: admin,
        payload: { usernameUbnt: 'a', pwUbnt: 'b', tokenUcrm: 'c', tokenDev: 'd', urlUbnt: 'http://127.0.0.1:9' },
      });
      const down = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/default/devices', headers: admin });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({
        code: 'controllerUnreachable',
        details: { controller: 'http://127.0.0.1:9' },
      });
      // a customer is told the controller failed, never where it is
      const site = await createSitesRepository(t.database.db).insert({ sitename: 'Mine', idname: 'default' });
      const kh = (await tokenFor(t, ['ROLE_KH'], { type: 'Client', siteIds: [site.id] })).headers;
      for (const url of ['/api/v1/it4u/default/devices', '/api/v1/it4u/checkCookiesUbnt']) {
        const res = await t.app.inject({ method: 'GET', url, headers: kh });
        expect(res.body, url).not.toContain('127.0.0.1');
      }
      const check = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/checkCookiesUbnt', headers: admin });
      expect(check.json()).toMatchObject({ ok: false, controller: 'http://127.0.0.1:9' });
    } finally {
      await t.close();
    }
  });
});

describe('a first start with the demo controller', () => {
  it('fills the empty site names from it at once, so that an administrator sees every site', async () => {
    const sim = await startTestSimulator('03:00');
    const t = await createTestApp('pglite', { demoController: sim.config, syncDemoSites: true });
    try {
      const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
      const sites = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/getSitename/', headers: admin });
      expect(sites.json().map((s: { sitename: string }) => s.sitename)).toEqual(
        expect.arrayContaining(sim.sim.state.sites.map((s) => s.desc)),
      );
      // and a customer per demo site (not `default`) in the contracts register, so the overview counts segments
      const segments = await t.app.inject({ method: 'POST', url: '/api/v1/it4u/segments/client', headers: admin });
      const counts = Object.fromEntries(
        segments.json().map((s: { segment: string; customers: number }) => [s.segment, s.customers]),
      );
      expect(counts).toEqual({ 'Doanh nghiệp': 3, 'Giáo dục': 1, 'Khách sạn': 1, 'Nhà hàng - Cafe': 2 });
      const hotel = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/contracts?q=Hoa%20Mai', headers: admin });
      expect(hotel.json().items[0]).toMatchObject({
        numContract: expect.stringMatching(/^DEMO-/),
        segment: 'Khách sạn',
      });
      expect(hotel.json().items[0].sitename).toHaveLength(1);
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
