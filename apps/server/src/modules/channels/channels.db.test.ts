import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../../lib/spreadsheet.ts';
import { readSpreadsheet } from '../../lib/upload.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';

describe.each(drivers)('channel register on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

  it('adds providers and service packs; names are unique', async () => {
    const vnpt = await call('POST', '/it4u/channel/name', { name: 'VNPT' });
    expect(vnpt.statusCode).toBe(201);
    expect((await call('POST', '/it4u/channel/name', { name: 'vnpt' })).statusCode).toBe(409);
    const pack = await call('POST', '/it4u/channel/value', {
      servicePack: 'FiberVNN 100M',
      value: '100 Mbps',
      channelName: { id: vnpt.json().id },
    });
    expect(pack.statusCode).toBe(201);
    expect(pack.json()).toMatchObject({
      servicePack: 'FiberVNN 100M',
      value: '100 Mbps',
      channelName: { name: 'VNPT' },
    });
    expect(
      (await call('POST', '/it4u/channel/value', { servicePack: 'fibervnn 100m', channelName: { name: 'VNPT' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/it4u/channel/value', { servicePack: 'X', channelName: { name: 'Nobody' } })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/it4u/channel.name')).json().map((p: { name: string }) => p.name)).toContain('VNPT');
    expect((await call('GET', '/it4u/channel/value.all.VNPT')).json()).toHaveLength(1);
    expect((await call('GET', `/it4u/channel/value.all.${vnpt.json().id}`)).json()).toHaveLength(1);
    expect((await call('GET', '/it4u/channel/value.all.Nobody')).statusCode).toBe(404);
  });

  it('registers a channel as offline, records each change with old and new values, keeps the history after deletion', async () => {
    const viettel = (await call('POST', '/it4u/channel/name', { name: 'Viettel' })).json();
    const pack = (
      await call('POST', '/it4u/channel/value', { servicePack: 'FTTH 200M', channelName: { id: viettel.id } })
    ).json();
    const made = await call('POST', '/it4u/channel/attribute', {
      name: 'Kênh Hoa Mai',
      customer: 'Khách sạn Hoa Mai',
      usernamePPPoE: 'hoamai01',
      channelValueId: pack.id,
    });
    expect(made.statusCode).toBe(201);
    const channel = made.json();
    expect(channel).toMatchObject({
      status: 'offline',
      customer: 'Khách sạn Hoa Mai',
      channelValue: { servicePack: 'FTTH 200M', channelName: { name: 'Viettel' } },
    });

    const bad = await call('PUT', `/it4u/channel/attribute.${channel.id}`, { status: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
    const edited = await call('PUT', `/it4u/channel/attribute.${channel.id}`, {
      status: 'online',
      virtualNum: 'VN-42',
    });
    expect(edited.json()).toMatchObject({ status: 'online', virtualNum: 'VN-42', name: 'Kênh Hoa Mai' });

    const online = (await call('GET', '/it4u/channel/attribute.all.online')).json();
    expect(online.items.map((a: { id: number }) => a.id)).toContain(channel.id);
    const byProvider = (await call('GET', `/it4u/channel/attribute.all?providerId=${viettel.id}`)).json();
    expect(byProvider.total).toBe(1);

    expect((await call('DELETE', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(404);
    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', old: 'offline', new: 'online' },
        { field: 'virtualNum', old: '', new: 'VN-42' },
      ]),
    );
    expect(history[1].changes).toHaveLength(2);
    expect(history[1].actorName).toBeTruthy();
    expect(history[2].changes).toContainEqual({ field: 'servicePack', old: null, new: 'Viettel / FTTH 200M' });
  });

  it("refuses deleting a contract a channel's detail names (409 contractInUse), then deletes it once the detail went", async () => {
    const channel = (await call('POST', '/it4u/channel/attribute', { name: 'Kênh Bến Thành' })).json();
    const contract = (
      await call('POST', '/it4u/contracts', { numContract: 'HD-KENH-DEL', clientName: 'Chợ Bến Thành' })
    ).json();
    const detail = (
      await call('POST', '/it4u/channel/detail', { channelAttributeId: channel.id, contractId: contract.id })
    ).json();
    const refused = await call('DELETE', `/it4u/contracts/${contract.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('contractInUse');
    expect((await call('GET', `/it4u/contracts/${contract.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/it4u/channel/detail.${detail.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/it4u/contracts/${contract.id}`)).statusCode).toBe(200);
  });

  it('saves details (new, then changed by id), searches them by deploy date, records the changes, refuses deleting a channel in use', async () => {
    const channel = (
      await call('POST', '/it4u/channel/attribute', { name: 'Kênh An Phú', customer: 'Trường An Phú' })
    ).json();
    const contract = (
      await call('POST', '/it4u/contracts', { numContract: 'HD-KENH-1', clientName: 'Trường An Phú' })
    ).json();
    const deploy = Date.UTC(2025, 2, 10);
    const made = await call('POST', '/it4u/channel/detail', {
      channelAttributeId: channel.id,
      contractId: contract.id,
      fees: 1_500_000,
      routerType: 'MikroTik hEX',
      deviceStatus: 'Hoat dong',
      deployRequestDate: deploy,
      dateAcceptance: Date.UTC(2025, 2, 15),
    });
    expect(made.statusCode, made.body).toBe(201);
    const detail = made.json();
    expect(detail).toMatchObject({
      fees: 1_500_000,
      deployRequestDate: deploy,
      dateAcceptance: Date.UTC(2025, 2, 15),
      dateOnline: null,
      contract: { numContract: 'HD-KENH-1' },
      channelAttribute: { id: channel.id, status: 'offline' },
    });
    const changed = await call('POST', '/it4u/channel/detail', {
      id: detail.id,
      channelAttributeId: channel.id,
      contractId: contract.id,
      routerType: 'Draytek',
      dateOnline: Date.UTC(2025, 2, 20),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ routerType: 'Draytek', fees: 1_500_000, dateOnline: Date.UTC(2025, 2, 20) });
    const bad = await call('POST', '/it4u/channel/detail', { channelAttributeId: channel.id, deviceStatus: 'Lost' });
    expect(bad.json().details[0].field).toBe('deviceStatus');
    expect((await call('POST', '/it4u/channel/detail', { channelAttributeId: 999999 })).json().details[0].field).toBe(
      'channelAttributeId',
    );

    const inRange = await call('POST', '/it4u/channel/attribute.date', {
      fromDate: Date.UTC(2025, 2, 1),
      toDate: Date.UTC(2025, 2, 31),
      q: 'An Phú',
    });
    expect(inRange.json().items.map((d: { id: number }) => d.id)).toEqual([detail.id]);
    const outside = await call('POST', '/it4u/channel/attribute.date', {
      fromDate: Date.UTC(2025, 3, 1),
      toDate: Date.UTC(2025, 3, 30),
      q: 'An Phú',
    });
    expect(outside.json().total).toBe(0);
    expect((await call('GET', '/it4u/channel/detail.all?status=offline&q=HD-KENH-1')).json().total).toBe(1);
    expect((await call('GET', '/it4u/channel/detail.all?status=online&q=HD-KENH-1')).json().total).toBe(0);
    // the status is the channel's: changing it moves the detail to the other status's list
    await call('PUT', `/it4u/channel/attribute.${channel.id}`, { status: 'suspend' });
    expect((await call('GET', '/it4u/channel/detail.all?status=suspend&q=HD-KENH-1')).json().total).toBe(1);
    expect((await call('GET', '/it4u/channel/detail.all?status=offline&q=HD-KENH-1')).json().total).toBe(0);
    const range = { fromDate: Date.UTC(2025, 2, 1), toDate: Date.UTC(2025, 2, 31) };
    expect((await call('POST', '/it4u/channel/attribute.date', { ...range, status: 'suspend' })).json().total).toBe(1);

    const refused = await call('DELETE', `/it4u/channel/attribute.${channel.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('details');
    expect((await call('DELETE', `/it4u/channel/detail.${detail.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(200);

    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { entity: string; action: string }) => `${e.entity}:${e.action}`)).toEqual([
      'attribute:delete',
      'detail:delete',
      'attribute:update',
      'detail:update',
      'detail:create',
      'attribute:create',
    ]);
    expect(history[3].changes).toEqual(
      expect.arrayContaining([
        { field: 'routerType', old: 'MikroTik hEX', new: 'Draytek' },
        { field: 'dateOnline', old: null, new: Date.UTC(2025, 2, 20) },
      ]),
    );
  });

  it('clears a value with null (null is not taken for 0), and keeps a 0', async () => {
    const channel = (await call('POST', '/it4u/channel/attribute', { name: 'Kênh Null' })).json();
    const made = (
      await call('POST', '/it4u/channel/detail', {
        channelAttributeId: channel.id,
        fees: 500_000,
        dateAcceptance: Date.UTC(2025, 5, 1),
        dateOnline: Date.UTC(2025, 5, 2),
      })
    ).json();
    const cleared = await call('POST', '/it4u/channel/detail', {
      id: made.id,
      channelAttributeId: channel.id,
      fees: null,
      dateAcceptance: null,
    });
    expect(cleared.json()).toMatchObject({ fees: null, dateAcceptance: null, dateOnline: Date.UTC(2025, 5, 2) });
    const zero = await call('POST', '/it4u/channel/detail', { id: made.id, channelAttributeId: channel.id, fees: 0 });
    expect(zero.json().fees).toBe(0);
    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'fees', old: 500_000, new: null },
        { field: 'dateAcceptance', old: Date.UTC(2025, 5, 1), new: null },
      ]),
    );
  });

  it('imports rows all or nothing: every bad row is named with its reason, and nothing is saved', async () => {
    const fpt = (await call('POST', '/it4u/channel/name', { name: 'FPT' })).json();
    await call('POST', '/it4u/channel/value', {
      servicePack: 'Leased 50M',
      value: '50 Mbps',
      channelName: { id: fpt.id },
    });
    await call('POST', '/it4u/contracts', { numContract: 'HD-IMP-1', clientName: 'Cafe Sông Hàn' });
    const good = {
      'Số hợp đồng': 'hd-imp-1',
      'Tên kênh': 'Kênh Sông Hàn',
      'Khách hàng': 'Cafe Sông Hàn',
      'Nhà cung cấp': 'fpt',
      'Gói dịch vụ': 'LEASED 50M',
      'Trạng thái': 'Online',
      'Cước phí': '1.200.000',
      'Trạng thái thiết bị': 'Hoạt động',
      'Ngày yêu cầu triển khai': '05-03-2025',
      'Ngày nghiệm thu': 45726, // a spreadsheet date: 2025-03-10
    };
    const before = (await call('GET', '/it4u/channel/detail.all?pageSize=1')).json().total;
    const rejected = await call('POST', '/it4u/import/channel', [
      good,
      { ...good, 'Nhà cung cấp': 'Nobody' },
      { ...good, 'Gói dịch vụ': 'Leased 9G' },
      { ...good, 'Ngày nghiệm thu': '03/05/25' },
      { ...good, 'Trạng thái': 'broken' },
      { ...good, 'Số hợp đồng': '' },
      { ...good, 'Số hợp đồng': 'HD-NOWHERE' },
      { ...good, 'Trạng thái thiết bị': 'Lost' },
    ]);
    expect(rejected.statusCode).toBe(422);
    const reasons = rejected.json().details as { row: number; reason: string }[];
    expect(reasons.map((r) => r.row)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(reasons[0]?.reason).toContain('unknown provider "Nobody"');
    // each problem also as a code with its parameters, for the web app to say in the reader's language
    expect(rejected.json().details[0].problems).toEqual([{ code: 'unknownProvider', params: { value: 'Nobody' } }]);
    expect(rejected.json().details[2].problems).toEqual([
      { code: 'ambiguousDate', params: { field: 'dateAcceptance', value: '03/05/25' } },
    ]);
    expect(reasons[1]?.reason).toContain('no service pack "Leased 9G"');
    expect(reasons[2]?.reason).toContain('ambiguous date');
    expect(reasons[3]?.reason).toContain('unknown status "broken"');
    expect(reasons[4]?.reason).toContain('the contract number is missing');
    expect(reasons[5]?.reason).toContain('HD-NOWHERE is not in the contracts register');
    expect(reasons[6]?.reason).toContain('unknown device status "Lost"');
    expect((await call('GET', '/it4u/channel/detail.all?pageSize=1')).json().total).toBe(before);

    const unknownColumn = await call('POST', '/it4u/import/channel', [{ ...good, Colour: 'red' }]);
    expect(unknownColumn.json().details[0]).toMatchObject({ row: 1, reason: 'unknown column "Colour"' });
    const noContractColumn = await call('POST', '/it4u/import/channel', [{ 'Tên kênh': 'X' }]);
    expect(noContractColumn.json().details[0].reason).toContain('"Số hợp đồng" is missing');

    const saved = await call('POST', '/it4u/import/channel', [
      good,
      { ...good, 'Tên kênh': 'Kênh 2', 'Nhà cung cấp': '', 'Gói dịch vụ': '', 'Trạng thái': '' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: 2 });
    expect((await call('GET', '/it4u/channel/detail.all?pageSize=1')).json().total).toBe(before + 2);
    const found = (await call('GET', '/it4u/channel/detail.all?q=Sông Hàn')).json().items as {
      fees: number;
      deviceStatus: string;
      deployRequestDate: number;
      dateAcceptance: number;
      contract: { numContract: string };
      channelAttribute: { id: number; name: string; status: string; channelValue: { servicePack: string } | null };
    }[];
    const first = found.find((d) => d.channelAttribute.name === 'Kênh Sông Hàn');
    expect(first).toMatchObject({
      fees: 1_200_000,
      deviceStatus: 'Hoat dong',
      deployRequestDate: Date.UTC(2025, 2, 5),
      dateAcceptance: Date.UTC(2025, 2, 10),
      contract: { numContract: 'HD-IMP-1' },
      channelAttribute: { status: 'online', channelValue: { servicePack: 'Leased 50M' } },
    });
    expect(found.find((d) => d.channelAttribute.name === 'Kênh 2')?.channelAttribute).toMatchObject({
      status: 'offline',
      channelValue: null,
    });
    const history = (await call('GET', `/it4u/history/channel/${first?.channelAttribute.id}`)).json();
    expect(history.map((e: { entity: string; action: string }) => `${e.entity}:${e.action}`).sort()).toEqual([
      'attribute:create',
      'detail:create',
    ]);
    const detailCreate = history.find((e: { entity: string }) => e.entity === 'detail');
    expect(detailCreate.changes).toEqual(
      expect.arrayContaining([
        { field: 'contract', old: null, new: 'HD-IMP-1' },
        { field: 'fees', old: null, new: 1_200_000 },
      ]),
    );
  });

  it('takes the spreadsheet itself, refuses what is not one; the template and an export fit the import', async () => {
    const template = await call('GET', '/it4u/template/channel');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const XLSX = await import('@e965/xlsx');
    const templateBook = XLSX.read(template.rawPayload, { type: 'buffer' });
    const firstSheet = templateBook.Sheets[templateBook.SheetNames[0] as string];
    const header = (XLSX.utils.sheet_to_json(firstSheet as never, { header: 1 }) as string[][])[0] ?? [];
    expect(header[0]).toBe('Số hợp đồng');

    await call('POST', '/it4u/contracts', { numContract: 'HD-FILE-1', clientName: 'Nhà sách Phương Nam' });
    const row = header.map(
      (h) => ({ 'Số hợp đồng': 'HD-FILE-1', 'Tên kênh': '=HYPERLINK("x")', 'Ngày online': '2025-04-01' })[h] ?? '',
    );
    const mp = multipartFile('kenh.xlsx', writeSheet('Sheet1', header, [row]));
    const uploaded = await call('POST', '/it4u/import/channel', mp.payload, { ...h, ...mp.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const exported = await call('GET', '/it4u/export/channel?q=HD-FILE-1');
    expect(exported.statusCode).toBe(200);
    const rows = await readSpreadsheet(exported.rawPayload);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).toEqual(header);
    expect(rows[0]?.['Tên kênh']).toBe('\'=HYPERLINK("x")');
    expect(rows[0]?.['Ngày online']).toBe('01-04-2025');
    const again = await call('POST', '/it4u/import/channel', rows);
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('GET', '/it4u/channel/detail.all?q=HD-FILE-1')).json().total).toBe(2);

    const text = multipartFile('fake.xlsx', Buffer.from('Số hợp đồng\nHD-FILE-1\n'));
    expect((await call('POST', '/it4u/import/channel', text.payload, { ...h, ...text.headers })).statusCode).toBe(415);
    expect((await call('POST', '/it4u/import/channel', { 'Số hợp đồng': 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/it4u/import/channel', [])).statusCode).toBe(422);
  });

  it('counts channels per status and per provider', async () => {
    const summary = (await call('GET', '/it4u/channel/summary')).json();
    expect(summary.byStatus.map((s: { status: string }) => s.status)).toEqual([
      'online',
      'offline',
      'moved',
      'paused',
      'pending',
      'suspend',
    ]);
    const all = (await call('GET', '/it4u/channel/attribute.all?pageSize=1')).json().total;
    const sum = (xs: { count: number }[]) => xs.reduce((n, x) => n + x.count, 0);
    expect(sum(summary.byStatus)).toBe(all);
    expect(sum(summary.byProvider)).toBe(all);
    const online = (await call('GET', '/it4u/channel/attribute.all.online?pageSize=1')).json().total;
    expect(summary.byStatus[0].count).toBe(online);
    expect(summary.byProvider.find((p: { name: string }) => p.name === 'FPT').count).toBeGreaterThan(0);
  });

  for (const role of ['ROLE_CSKH', 'ROLE_KH'] as const) {
    it(`forbids ${role}`, async () => {
      const other = (await tokenFor(t, [role])).headers;
      for (const [method, url, body] of [
        ['GET', '/it4u/channel.name', undefined],
        ['POST', '/it4u/channel/name', { name: 'CMC' }],
        ['GET', '/it4u/channel/attribute.all', undefined],
        ['POST', '/it4u/channel/attribute', {}],
        ['GET', '/it4u/history/channel/1', undefined],
        ['GET', '/it4u/channel/attribute.1', undefined],
        ['PUT', '/it4u/channel/attribute.1', {}],
        ['DELETE', '/it4u/channel/attribute.1', undefined],
        ['GET', '/it4u/channel/attribute.all.online', undefined],
        ['GET', '/it4u/channel/value.all.all', undefined],
        ['POST', '/it4u/channel/value', { servicePack: 'x', channelName: { id: 1 } }],
        ['GET', '/it4u/channel/detail.all', undefined],
        ['POST', '/it4u/channel/attribute.date', { fromDate: 0, toDate: 1 }],
        ['POST', '/it4u/channel/detail', { channelAttributeId: 1 }],
        ['DELETE', '/it4u/channel/detail.1', undefined],
        ['POST', '/it4u/import/channel', []],
        ['GET', '/it4u/template/channel', undefined],
        ['GET', '/it4u/export/channel', undefined],
        ['GET', '/it4u/channel/summary', undefined],
      ] as const) {
        expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(403);
      }
    });
  }
});
