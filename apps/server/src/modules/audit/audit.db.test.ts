import { createHash } from 'node:crypto';
import type { AuditEntry } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { rowsOf } from '../../lib/sql.ts';
import { readSpreadsheet } from '../../lib/upload.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { unknownIdentifier } from '../auth/auth.service.ts';

/** The Audit screen's reads: who may, and each filter (issue 27 §3). */
describe.each(drivers)('the audit trail screen on %s', (driver) => {
  let t: TestApp;
  let lead: Awaited<ReturnType<typeof tokenFor>>;
  let kt: Awaited<ReturnType<typeof tokenFor>>;
  let contractId: number;
  beforeAll(async () => {
    t = await createTestApp(driver);
    lead = await tokenFor(t, ['ROLE_LEAD_KT']);
    kt = await tokenFor(t, ['ROLE_KT']);
    // the technician makes a site, a customer with it and a channel; the lead changes the contract
    const as = (who: typeof kt) => (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });
    await as(kt)('POST', '/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    await as(kt)('POST', '/it4u/sitename/', { sitename: 'Cafe Sen', idname: 'cafesen' });
    const contract = await as(kt)('POST', '/it4u/contracts', {
      numContract: 'HD-AU-1',
      clientName: 'Khách sạn Hoa Mai',
      sitename: ['hoamai01'],
    });
    contractId = contract.json().id;
    await as(kt)('POST', '/it4u/channel/attribute', { name: 'Kênh Hoa Mai', customer: 'Hoa Mai' });
    await as(lead)('PUT', `/it4u/contracts/${contractId}`, {
      numContract: 'HD-AU-1',
      clientName: 'Khách sạn Hoa Mai',
      phone: '0903 111 222',
      sitename: ['hoamai01'],
    });
  });
  afterAll(() => t.close());

  const read = async (query: string, who = lead) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/it4u/audit?${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: AuditEntry[]; total: number };
  };
  const events = async (query: string) => (await read(query)).items.map((e) => e.event);

  it('is for ADMIN and LEAD_KT only', async () => {
    for (const who of [kt, await tokenFor(t, ['ROLE_KH'])]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/audit', headers: who.headers });
      expect(res.statusCode).toBe(403);
      const file = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/audit/export', headers: who.headers });
      expect(file.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/audit' })).statusCode).toBe(401);
  });

  it("keeps no typed sign-in name verbatim, and shows failed sign-ins and administrators' settings to administrators only", async () => {
    const admin = await tokenFor(t, ['ROLE_ADMIN']);
    // someone types a password where the username goes, and asks for a reset of an address that is no user's
    const typed = 'Mật-khẩu-bí-mật-2026!';
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: typed, password: 'whatever-it-was' },
    });
    expect(failed.statusCode).toBe(401);
    // an administrator's setting with an address and an account in its details
    await createAudit(t.database.db).record(
      'settings.mail',
      { actor: { id: admin.user.id, username: admin.user.username } },
      {
        details: { changed: { host: ['', 'smtp.it4u.vn'], username: ['', 'mailer@it4u.vn'] } },
      },
    );

    const stored = JSON.stringify(await createAudit(t.database.db).list(1000));
    expect(stored).not.toContain(typed);
    expect(stored.toLowerCase()).not.toContain(typed.toLowerCase());
    // a reset asked for an address that is no user's: a line only administrators read
    await createAudit(t.database.db).record(
      'password.reset.request',
      { actor: null, ip: '203.0.113.9' },
      {
        target: unknownIdentifier(Buffer.from('k'), 'ai.do@example.test'),
      },
    );
    // where alerts go (their recipients): an administrator's setting, through its route
    const delivery = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/alerts/delivery',
      headers: admin.headers,
      payload: { mail: { enabled: true, to: ['noc.secret@it4u.vn'], digestMinutes: 0 }, language: 'Vietnamese' },
    });
    expect(delivery.statusCode, delivery.body).toBe(200);

    const asAdmin = await read('area=account&pageSize=100', admin);
    const failure = asAdmin.items.find((e) => e.event === 'signin.failure');
    expect(failure?.target).toMatch(/^unknown:[0-9a-f]{16}$/);
    // keyed: not a plain hash of what was typed (which anyone could try words against), and another key another mark
    for (const text of [typed, typed.toLowerCase()]) {
      const plain = createHash('sha256').update(text).digest('hex').slice(0, 16);
      expect(failure?.target).not.toBe(`unknown:${plain}`);
    }
    expect(unknownIdentifier(Buffer.from('one key'), typed)).not.toBe(unknownIdentifier(Buffer.from('another'), typed));
    // the same text typed again is the same mark: the throttle still counts it
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: ` ${typed} `, password: 'x' },
    });
    expect((await read(`q=${failure?.target}`, admin)).total).toBe(2);

    // the lead technician reads neither the failures nor the settings' details, nor finds them by what they hold
    const asLead = await read('pageSize=100');
    expect(asLead.items.map((e) => e.event)).not.toContain('signin.failure');
    expect(asLead.items.map((e) => e.event)).not.toContain('password.reset.request');
    expect(asAdmin.items.map((e) => e.event)).toContain('password.reset.request');
    const route = asLead.items.find((e) => e.event === 'alert.delivery');
    expect(route).toMatchObject({ details: null });
    expect(JSON.stringify(asLead)).not.toContain('noc.secret@it4u.vn');
    expect((await read('q=noc.secret', admin)).total).toBe(1);
    expect((await read(`q=${failure?.target}`)).total).toBe(0);
    const mail = asLead.items.find((e) => e.event === 'settings.mail');
    expect(mail).toMatchObject({ actorName: admin.user.username, details: null });
    expect((await read('q=smtp.it4u.vn')).total).toBe(0);
    expect((await read('q=smtp.it4u.vn', admin)).total).toBe(1);
    for (const [who, holds] of [
      [lead, false],
      [admin, true],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/audit/export', headers: who.headers });
      expect(file.statusCode).toBe(200);
      const text = JSON.stringify(await readSpreadsheet(file.rawPayload));
      expect(text.includes('smtp.it4u.vn'), who.user.username).toBe(holds);
      expect(text.includes('signin.failure'), who.user.username).toBe(holds);
    }
  });

  it('filters by person, area, site, customer, text and time, newest first, paged', async () => {
    expect(await events(`actor=${kt.user.username.toUpperCase()}&area=contracts`)).toEqual(['contract.create']);
    expect(await events('area=channels')).toEqual(['channel.create']);
    // a site: its own line and the lines of writes about it
    expect(await events('site=cafesen')).toEqual(['site.create']);
    // a customer: its contract's lines and its sites'
    expect(await events(`contractId=${contractId}`)).toEqual(['contract.update', 'contract.create', 'site.create']);
    const changed = (await read(`contractId=${contractId}&area=contracts`)).items[0];
    expect(changed?.actorName).toBe(lead.user.username);
    const fields = changed?.details?.changed as Record<string, unknown[]> | undefined;
    expect(fields?.phone?.[1]).toBe('0903 111 222');
    expect(await events('q=0903 111')).toEqual(['contract.update']);
    // time: from the contract's change on
    const at = changed?.at ?? 0;
    expect(await events(`fromDate=${at}&area=contracts`)).toEqual(['contract.update']);
    expect(await events(`toDate=${at - 1}&area=contracts`)).toEqual(['contract.create']);
    const first = await read('pageSize=2&page=1');
    const second = await read('pageSize=2&page=2');
    expect(first.total).toBe(second.total);
    expect(first.items.map((e) => e.id)).toEqual([...first.items.map((e) => e.id)].sort((a, b) => b - a));
    expect(second.items[0]?.id).toBeLessThan(first.items[1]?.id ?? 0);
  });

  it('refuses a range that ends before it starts, an unknown area and an unknown customer', async () => {
    const ask = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/it4u/audit?${query}`, headers: lead.headers });
    expect((await ask('fromDate=2000&toDate=1000')).json()).toMatchObject({ code: 'startAfterEnd' });
    expect((await ask('area=everything')).statusCode).toBe(400);
    expect((await ask('site=a b')).statusCode).toBe(400);
    expect((await ask('contractId=999999')).statusCode).toBe(404);
  });

  it('exports the filtered lines as a sheet, what changed in words, whatever the shape of a change', async () => {
    // a device row's addresses are recorded as { from, to }
    await createAudit(t.database.db).record(
      'deviceInfo.addresses',
      {},
      {
        target: 'deviceInfo:1',
        details: { changed: { ipWan1: { from: '10.0.0.1', to: '10.0.0.2' } } },
      },
    );
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/v1/it4u/audit/export?area=deviceInfo',
      headers: lead.headers,
    });
    expect(devices.statusCode).toBe(200);
    expect((await readSpreadsheet(devices.rawPayload))[0]?.['Chi tiết']).toBe('ipWan1: 10.0.0.1 → 10.0.0.2');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/it4u/audit/export?contractId=${contractId}&area=contracts`,
      headers: lead.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await readSpreadsheet(res.rawPayload);
    expect(rows.map((r) => r['Sự kiện'])).toEqual(['contract.update', 'contract.create']);
    expect(rows[0]?.['Chi tiết']).toMatch(/^phone: (.* → )?0903 111 222$/);
  });

  it("gives the changes to a site's wifi over a range, oldest first, for its connection history", async () => {
    const audit = createAudit(t.database.db);
    const who = { actor: { id: lead.user.id, username: lead.user.username } };
    const network = await audit.record('wireless.network.update', who, {
      target: 'site:hoamai01',
      details: { site: 'hoamai01' },
    });
    await audit.record('voucher.create', who, { target: 'site:hoamai01' });
    await audit.record('splash.upload', who, { target: 'site:cafesen' });
    await audit.record('cronjob.upload', who, { target: 'site:hoamai01' });
    const ask = (site: string, query: string, headers = kt.headers) =>
      t.app.inject({ method: 'GET', url: `/api/v1/it4u/${site}/changes?${query}`, headers });
    const all = await ask('hoamai01', `start=0&end=${Date.now() + 60_000}`);
    expect(all.statusCode, all.body).toBe(200);
    const lines = all.json() as AuditEntry[];
    // not its vouchers, nor another site's splash image
    expect(lines.map((l) => l.event)).toEqual(['wireless.network.update', 'cronjob.upload']);
    expect(lines[0]).toEqual({
      id: network,
      at: expect.any(Number),
      actorName: lead.user.username,
      event: 'wireless.network.update',
    });
    const before = lines[0]?.at ?? 0;
    expect((await ask('hoamai01', `start=0&end=${before - 1}`)).json()).toEqual([]);
    expect((await ask('hoamai01', 'start=2000&end=1000')).json()).toMatchObject({ code: 'rangeReversed' });
    // the people who change sites see them; a customer does not
    expect((await ask('hoamai01', 'start=0&end=1', (await tokenFor(t, ['ROLE_KH'])).headers)).statusCode).toBe(403);
  });

  it('writes no line for a save that changes nothing, one for a save that changes something', async () => {
    const put = (phone: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/it4u/contracts/${contractId}`,
        headers: lead.headers,
        payload: { numContract: 'HD-AU-1', clientName: 'Khách sạn Hoa Mai', phone, sitename: ['hoamai01'] },
      });
    const lines = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from audit_events where event = 'contract.update' and target = ${`contract:${contractId}`}`,
        ),
      )[0]?.n;
    const before = await lines();
    // the same values again: saved, nothing to say
    expect((await put('0903 111 222')).statusCode).toBe(200);
    expect(await lines()).toBe(before);
    expect((await put('0912 333 444')).statusCode).toBe(200);
    expect(await lines()).toBe(before + 1);
    // a unit of the audit: a change that names no field is no line, a password named is one
    const audit = createAudit(t.database.db);
    expect(await audit.record('x.update', {}, { details: { changed: {} } })).toBe(0);
    expect(await audit.record('x.update', {}, { details: { changed: {}, passwords: ['wifi'] } })).toBeGreaterThan(0);
    expect(await audit.record('x.update', {}, { details: { changed: { phone: ['a', 'b'] } } })).toBeGreaterThan(0);
  });
});
