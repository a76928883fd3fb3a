import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../../lib/spreadsheet.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';

describe.each(drivers)('device information on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  let contractId: number;
  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_KT'])).headers;
    await call('POST', '/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    await call('POST', '/it4u/sitename/', { sitename: 'Cafe Sen', idname: 'sen02' });
    const contract = await call('POST', '/it4u/contracts', {
      numContract: 'HD-001',
      clientName: 'Khách sạn Hoa Mai',
      phone: '0903 123 456',
      servicePlans: 'FTTH 200M',
      sitename: ['hoamai01'],
    });
    contractId = contract.json().id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
  const siteId = async (idname: string) =>
    (await call('GET', '/it4u/sitenames')).json().find((s: { idname: string }) => s.idname === idname).id;
  const stored = async (id: number) =>
    rowsOf<{ fields: unknown; secrets: unknown }>(
      await t.database.db.execute(
        sql`select fields::text as fields, secrets::text as secrets from device_info where id = ${id}`,
      ),
    )[0];
  const audits = async (event: string) =>
    rowsOf<{ target: string; details: unknown; actor_name: string }>(
      await t.database.db.execute(
        sql`select target, details, actor_name from audit_events where event = ${event} order by id`,
      ),
    );

  it('keeps passwords encrypted, lists them masked, reveals one on request and audits it', async () => {
    const made = await call('POST', '/it4u/clientDeviceInf', {
      sitenameId: await siteId('hoamai01'),
      ispWan1: 'VNPT',
      modelWan1: 'Draytek 2927',
      ipWan1: '14.1.1.2',
      passWan1: 'r0uter-Secret!',
      ipLb: '192.168.1.1',
      passLb: 'lb-pass',
      note: 'tầng 3',
    });
    expect(made.statusCode).toBe(201);
    const row = made.json();
    // the customer is the site's contract
    expect(row).toMatchObject({
      contract: { id: contractId, clientName: 'Khách sạn Hoa Mai', phone: '0903 123 456', servicePlans: 'FTTH 200M' },
      sitename: { idname: 'hoamai01' },
      ipWan1: '14.1.1.2',
      passWan1: '********',
      passLb: '********',
      passWan2: '',
    });
    const raw = await stored(row.id);
    expect(JSON.stringify(raw)).not.toContain('r0uter-Secret!');
    expect(JSON.stringify(raw)).not.toContain('lb-pass');

    const list = (await call('GET', '/it4u/clientDeviceInfLimit/10')).json();
    expect(JSON.stringify(list)).not.toContain('r0uter-Secret!');

    const shown = await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passWan1' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ value: 'r0uter-Secret!' });
    expect(shown.headers['cache-control']).toBe('no-store');
    const reveals = await audits('deviceInfo.reveal');
    expect(reveals.at(-1)).toMatchObject({ target: `deviceInfo:${row.id}`, details: { field: 'passWan1' } });
    expect(JSON.stringify(reveals)).not.toContain('r0uter-Secret!');
    expect((await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passWan2' })).json().code).toBe(
      'noPasswordStored',
    );

    // the mask keeps a password, '' removes one, other text replaces it; fields left out keep their value
    const edited = await call('PUT', `/it4u/clientDeviceInf/${row.id}`, {
      passWan1: '********',
      passLb: '',
      passOther: 'other-1',
      ispWan1: 'Viettel',
    });
    expect(edited.json()).toMatchObject({
      ispWan1: 'Viettel',
      ipWan1: '14.1.1.2',
      passWan1: '********',
      passLb: '',
      passOther: '********',
    });
    expect((await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passWan1' })).json().value).toBe(
      'r0uter-Secret!',
    );
    expect((await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passOther' })).json().value).toBe(
      'other-1',
    );
    const changes = await audits('deviceInfo.passwords');
    expect(changes.at(-1)?.details).toEqual({ changed: ['passLb', 'passOther'] });
  });

  it("gives a row added without a customer its site's, keeps none when asked, and audits its addresses", async () => {
    const site = await siteId('hoamai01');
    // the body the screen sends for a new row with a site and no customer picked: contractId left out
    const added = await call('POST', '/it4u/clientDeviceInf', {
      sitenameId: site,
      ipWan1: '14.9.9.1',
      ipLb: '10.9.0.1',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().contract).toMatchObject({ id: contractId });
    // contractId: null says "no customer" on purpose
    const none = await call('POST', '/it4u/clientDeviceInf', {
      sitenameId: site,
      contractId: null,
      ipWan1: '14.9.9.2',
    });
    expect(none.json().contract).toBeNull();
    // a row without a customer that gets a site (and no customer named) takes the site's
    const bare = (await call('POST', '/it4u/clientDeviceInf', { ipOther: '10.9.0.3' })).json();
    expect(bare.contract).toBeNull();
    const sited = await call('PUT', `/it4u/clientDeviceInf/${bare.id}`, { sitenameId: site });
    expect(sited.json().contract).toMatchObject({ id: contractId });

    const created = (await audits('deviceInfo.create')).find((a) => a.target === `deviceInfo:${added.json().id}`);
    expect(created).toMatchObject({
      actor_name: expect.any(String),
      details: { contractId, siteId: site, addresses: { ipWan1: '14.9.9.1', ipLb: '10.9.0.1' } },
    });

    // a change of address is audited (from, to); a change of anything else is not
    const id = added.json().id;
    await call('PUT', `/it4u/clientDeviceInf/${id}`, { note: 'only a note' });
    await call('PUT', `/it4u/clientDeviceInf/${id}`, { ipWan1: '14.9.9.5', ipLb: '', ipOther: '10.9.0.9' });
    const moved = (await audits('deviceInfo.addresses')).filter((a) => a.target === `deviceInfo:${id}`);
    expect(moved.map((a) => a.details)).toEqual([
      {
        changed: {
          ipWan1: { from: '14.9.9.1', to: '14.9.9.5' },
          ipLb: { from: '10.9.0.1', to: '' },
          ipOther: { from: '', to: '10.9.0.9' },
        },
      },
    ]);
    for (const id of [added.json().id, none.json().id, bare.id]) await call('DELETE', `/it4u/clientDeviceInf/${id}`);
  });

  it('refuses bad fields with the field named, and links that do not exist', async () => {
    const bad = await call('POST', '/it4u/clientDeviceInf', { ipWan1: '14.1.1.2; rm -rf /' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('ipWan1');
    expect((await call('POST', '/it4u/clientDeviceInf', { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('POST', '/it4u/clientDeviceInf', { passWan1: 12345 })).statusCode).toBe(400);
    const noSite = await call('POST', '/it4u/clientDeviceInf', { sitenameId: 999_999 });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().code).toBe('siteNotFound');
    expect((await call('POST', '/it4u/clientDeviceInf', { contractId: 999_999 })).json().code).toBe('contractNotFound');
    expect((await call('PUT', '/it4u/clientDeviceInf/999999', { note: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/it4u/clientDeviceInf/999999')).statusCode).toBe(404);
  });

  it('searches the fields, the customer and the site; pages x rows at a time, grouped by customer', async () => {
    await call('POST', '/it4u/clientDeviceInf', {
      sitenameId: await siteId('sen02'),
      ipWan1: '10.9.9.9',
      ispWan1: 'FPT',
    });
    await call('POST', '/it4u/clientDeviceInf', { contractId, ipOther: '172.16.0.5', modelOther: 'Camera' });
    const byIp = (await call('POST', '/it4u/searchClientDeviceInf', { content: '10.9.9' })).json();
    expect(byIp.items.map((r: { ipWan1: string }) => r.ipWan1)).toEqual(['10.9.9.9']);
    const byCustomer = (await call('POST', '/it4u/searchClientDeviceInf', { content: 'hoa mai' })).json();
    expect(byCustomer.total).toBe(2);
    const bySite = (await call('POST', '/it4u/searchClientDeviceInf', { content: 'cafe sen' })).json();
    expect(bySite.total).toBe(1);
    expect((await call('POST', '/it4u/searchClientDeviceInf', { content: '100%_' })).json().total).toBe(0);
    const one = (await call('GET', '/it4u/clientDeviceInfLimit/1')).json();
    expect(one.items).toHaveLength(1);
    expect(one.total).toBe(3);
    const second = (await call('GET', '/it4u/clientDeviceInfLimit/2?page=2')).json();
    expect(second.items).toHaveLength(1);
    // grouped by customer: the customer's rows first (by name), the row without one last
    const all = (await call('GET', '/it4u/clientDeviceInfLimit/5000')).json();
    expect(all.items.map((r: { contract: { id: number } | null }) => r.contract?.id ?? null)).toEqual([
      contractId,
      contractId,
      null,
    ]);
    expect((await call('GET', '/it4u/clientDeviceInfLimit/5001')).statusCode).toBe(400);
    expect((await call('GET', '/it4u/clientDeviceInfLimit/0')).statusCode).toBe(400);
  });

  it('uploads all or nothing, naming every bad row; exports without passwords', async () => {
    const before = (await call('GET', '/it4u/clientDeviceInfLimit/5000')).json().total;
    const bad = await call('POST', '/it4u/upload/ClientDeviceInf', [
      { 'Số hợp đồng': 'HD-001', 'IP WAN1': '1.2.3.4', 'Mật khẩu WAN1': 'up-1' },
      { 'Tên site giám sát': 'nowhere', 'IP WAN1': '1.2.3.5' },
      { 'Số hợp đồng': 'HD-404', 'IP LB': 'not an ip' },
    ]);
    expect(bad.statusCode).toBe(422);
    const rows = bad.json().details;
    expect(rows.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    expect(rows[0].problems).toEqual([{ code: 'unknownSite', params: { value: 'nowhere' } }]);
    expect(rows[1].problems.map((p: { code: string }) => p.code)).toEqual(['contractNotRegistered', 'notAHost']);
    expect((await call('GET', '/it4u/clientDeviceInfLimit/5000')).json().total).toBe(before);

    const file = writeSheet(
      'x',
      ['Số hợp đồng', 'Tên site giám sát', 'ISP WAN1', 'IP WAN1', 'Mật khẩu WAN1', 'Ghi chú'],
      [
        ['HD-001', 'hoamai01', 'VNPT', '1.2.3.4', 'up-secret-1', 'phòng máy'],
        ['', 'Cafe Sen', 'FPT', '5.6.7.8', '', ''],
      ],
    );
    const body = multipartFile('devices.xlsx', file);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/upload/ClientDeviceInf',
      headers: { ...h, ...body.headers },
      payload: body.payload,
    });
    expect(good.json()).toEqual({ saved: 2 });
    const found = (await call('POST', '/it4u/searchClientDeviceInf', { content: '1.2.3.4' })).json().items[0];
    expect(found).toMatchObject({ contract: { numContract: 'HD-001' }, passWan1: '********', note: 'phòng máy' });
    expect(JSON.stringify(await stored(found.id))).not.toContain('up-secret-1');

    await call('POST', '/it4u/clientDeviceInf', { note: '=cmd()' });
    const exported = await call('GET', '/it4u/clientDeviceInf/export');
    expect(exported.statusCode).toBe(200);
    const sheet = XLSX.read(exported.rawPayload);
    const cells = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    const header = cells[0] as string[];
    expect(header).toContain('IP WAN1');
    expect(header.some((c) => /mật khẩu/i.test(c))).toBe(false);
    expect(JSON.stringify(cells)).not.toMatch(/up-secret-1|r0uter-Secret/);
    // text that a spreadsheet program would take for a formula is escaped
    expect(JSON.stringify(cells)).toContain("'=cmd()");
    const template = await call('GET', '/it4u/clientDeviceInf/template');
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });

  it('is for ADMIN, LEAD_KT and KT only; a reveal too', async () => {
    const row = (await call('POST', '/it4u/clientDeviceInf', { passLb: 'x1' })).json();
    for (const role of ['ROLE_CSKH', 'ROLE_MANAGER', 'ROLE_KH'] as const) {
      const other = (await tokenFor(t, [role])).headers;
      expect((await call('GET', '/it4u/clientDeviceInfLimit/10', undefined, other)).statusCode).toBe(403);
      expect((await call('POST', '/it4u/clientDeviceInf', {}, other)).statusCode).toBe(403);
      expect((await call('PUT', `/it4u/clientDeviceInf/${row.id}`, {}, other)).statusCode).toBe(403);
      expect((await call('DELETE', `/it4u/clientDeviceInf/${row.id}`, undefined, other)).statusCode).toBe(403);
      expect(
        (await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passLb' }, other)).statusCode,
      ).toBe(403);
      expect((await call('POST', '/it4u/upload/ClientDeviceInf', [], other)).statusCode).toBe(403);
      expect((await call('GET', '/it4u/clientDeviceInf/export', undefined, other)).statusCode).toBe(403);
    }
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    expect(
      (await call('POST', `/it4u/clientDeviceInf/${row.id}/reveal`, { field: 'passLb' }, admin)).json().value,
    ).toBe('x1');
    expect((await call('DELETE', `/it4u/clientDeviceInf/${row.id}`)).statusCode).toBe(200);
    expect((await audits('deviceInfo.delete')).at(-1)?.target).toBe(`deviceInfo:${row.id}`);
  });
});
