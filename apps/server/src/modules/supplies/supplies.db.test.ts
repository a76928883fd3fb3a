import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { writeSheet } from '../../lib/spreadsheet.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createContractsRepository } from '../contracts/contracts.repository.ts';
import { createSuppliesRepository } from './supplies.repository.ts';
import { createSuppliesService } from './supplies.service.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe.each(drivers)('supplies on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  let n = 0;
  const code = (prefix: string) => `${prefix}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_KT'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

  async function item(itemCode: string, number = 0, extra: object = {}) {
    const res = await call('POST', '/it4u/listSupplies', {
      itemCode,
      name: `Thiết bị ${itemCode}`,
      unit: 'Cái',
      number,
      value: 0,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function stock(kind: 'importWarehouse' | 'exportWarehouse', body: object) {
    const res = await call('POST', `/it4u/${kind}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const report = async (from: string, to: string, itemCode: string) => {
    const res = await call('POST', '/it4u/reportSupplies', { fromDate: day(from), toDate: day(to) + 86_399_999 });
    expect(res.statusCode).toBe(200);
    return res.json().find((r: { itemCode: string }) => r.itemCode === itemCode);
  };

  it('computes the report: opening quantity, inclusive bounds, negative stock, items with no records', async () => {
    const c = code('AP');
    await item(c, 5);
    const idle = code('IDLE');
    await item(idle, 7);
    await stock('importWarehouse', { exportDate: day('2024-02-28'), itemCode: c, number: 10, value: 1 });
    await stock('importWarehouse', { exportDate: day('2024-03-01'), itemCode: c, number: 3, value: 1 }); // first day: in the period
    await stock('exportWarehouse', { exportDate: day('2024-03-31') + 86_399_000, itemCode: c, number: 4, value: 1 }); // last second
    await stock('exportWarehouse', { exportDate: day('2024-04-01'), itemCode: c, number: 100, value: 1 }); // after
    expect(await report('2024-03-01', '2024-03-31', c)).toMatchObject({
      inventoryStart: 15,
      numImportFromToDate: 3,
      numExportFromToDate: 4,
      inventoryEnd: 14,
    });
    expect(await report('2024-04-01', '2024-04-30', c)).toMatchObject({ inventoryStart: 14, inventoryEnd: -86 });
    expect(await report('2024-03-01', '2024-03-31', idle)).toMatchObject({
      inventoryStart: 7,
      numImportFromToDate: 0,
      numExportFromToDate: 0,
      inventoryEnd: 7,
    });
    expect((await call('GET', `/it4u/stock/${c}`)).json()).toEqual({ itemCode: c, onHand: -86 });
    const backwards = await call('POST', '/it4u/reportSupplies', {
      fromDate: day('2024-05-01'),
      toDate: day('2024-04-01'),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('computes the amount and stores the MAC in one form, keeping the typed form', async () => {
    const c = code('SW');
    await item(c);
    const rec = await stock('importWarehouse', {
      exportDate: day('2024-01-10'),
      itemCode: c,
      number: 3,
      value: 1_250_000,
      mac: 'aa-bb-cc-dd-ee-0f',
      warrantyPeriod: 24,
      warrantyLandmark: day('2024-01-31'),
    });
    expect(rec).toMatchObject({ totalAmount: 3_750_000, mac: 'AA:BB:CC:DD:EE:0F', macFormat: 'aa-bb-cc-dd-ee-0f' });
    expect(rec.warrantyEnd).toBe(day('2026-01-31'));
    // null clears the warranty landmark (it is not taken for 1970)
    const cleared = await call('PUT', `/it4u/importWarehouse/${rec.id}`, {
      exportDate: day('2024-01-10'),
      itemCode: c,
      number: 3,
      value: 1_250_000,
      warrantyLandmark: null,
      contractId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ warrantyLandmark: null, warrantyEnd: null });
    const bad = await call('POST', '/it4u/importWarehouse', {
      exportDate: day('2024-01-10'),
      itemCode: c,
      number: 1,
      value: 0,
      mac: 'not-a-mac',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('mac');
    const unknown = await call('POST', '/it4u/importWarehouse', {
      exportDate: day('2024-01-10'),
      itemCode: 'NOPE',
      number: 1,
      value: 0,
    });
    expect(unknown.json().details[0].field).toBe('itemCode');
    const edited = await call('PUT', `/it4u/importWarehouse/${rec.id}`, {
      exportDate: day('2024-01-10'),
      itemCode: c,
      number: 4,
      value: 10,
      mac: 'AABBCCDDEE0F',
    });
    expect(edited.json()).toMatchObject({ totalAmount: 40, mac: 'AA:BB:CC:DD:EE:0F', macFormat: 'AABBCCDDEE0F' });
  });

  it('marks earlier stock-outs of a serial moved, and lists its history oldest first', async () => {
    const c = code('ONT');
    await item(c);
    const contract = (
      await call('POST', '/it4u/contracts', { numContract: code('HD'), clientName: 'Cafe Sài Gòn', street: '1 Lê Lợi' })
    ).json();
    const serial = `SN-${n}`;
    const first = await stock('exportWarehouse', {
      exportDate: day('2024-01-05'),
      itemCode: c,
      number: 1,
      value: 0,
      serialNum: serial,
      contractId: contract.id,
    });
    expect(first.status).toBe('Đang sử dụng');
    expect(first.contract).toMatchObject({ clientName: 'Cafe Sài Gòn', street: '1 Lê Lợi' });
    const second = await stock('exportWarehouse', {
      exportDate: day('2024-02-05'),
      itemCode: c,
      number: 1,
      value: 0,
      serialNum: serial,
      status: 'Hư hỏng',
    });
    const history = (await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}`)).json();
    expect(history.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [first.id, 'Đã dịch chuyển'],
      [second.id, 'Hư hỏng'],
    ]);
    const moved = (
      await call('GET', `/it4u/exportWarehouse?status=${encodeURIComponent('Đã dịch chuyển')}&q=${serial}`)
    ).json();
    expect(moved.items.map((r: { id: number }) => r.id)).toEqual([first.id]);
    // deleting the newer one puts the older one back in use
    await call('DELETE', `/it4u/exportWarehouse/${second.id}`);
    expect((await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}`)).json()[0].status).toBe('Đang sử dụng');
    // the contract is in use now: its stock-outs keep it
    const inUse = await call('DELETE', `/it4u/contracts/${contract.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('contractInUse');
  });

  it("stores a phone's offline stock-out once, and refuses it when its serial went to another customer meanwhile", async () => {
    const c = code('ONT');
    await item(c);
    const contract = async (clientName: string) =>
      (await call('POST', '/it4u/contracts', { numContract: code('HD'), clientName, street: '1 Lê Lợi' })).json();
    const hoaMai = await contract('Khách sạn Hoa Mai');
    const other = await contract('Nhà hàng Sen');
    const serial = `SN-${n}`;
    const body = { exportDate: day('2024-03-05'), itemCode: c, number: 1, value: 0, contractId: hoaMai.id };
    // the same key twice (the first answer lost on the way), and twice at once: one record
    const ref = '6f1c2a4e-9b7d-4c3a-8e2f-0a1b2c3d4e5f';
    const first = await stock('exportWarehouse', { ...body, serialNum: `${serial}-A`, clientRef: ref });
    const again = await stock('exportWarehouse', { ...body, serialNum: `${serial}-A`, clientRef: ref.toUpperCase() });
    expect(again.id).toBe(first.id);
    const ref2 = '7a2b3c4d-1e2f-4a5b-9c8d-7e6f5a4b3c2d';
    const both = await Promise.all(
      [1, 2].map(() => call('POST', '/it4u/exportWarehouse', { ...body, clientRef: ref2 })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json().id).toBe(both[1]?.json().id);
    const listed = (await call('GET', `/it4u/exportWarehouse?q=${serial}-A&pageSize=50`)).json();
    expect(listed.total).toBe(1);

    // the phone heard the console last when `heard` was written; the serial then went to another customer
    const heard = await stock('exportWarehouse', { ...body, serialNum: serial });
    const meanwhile = await stock('exportWarehouse', { ...body, serialNum: serial, contractId: other.id });
    const offline = { ...body, serialNum: serial, clientRef: '8b3c4d5e-2f3a-4b6c-8d9e-0f1a2b3c4d5e' };
    const refused = await call('POST', '/it4u/exportWarehouse', { ...offline, offlineSince: heard.createdAt });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'serialIssuedElsewhere',
      params: { serial, customer: 'Nhà hàng Sen', on: '05-03-2024' },
      details: [{ field: 'serialNum', code: 'serialIssuedElsewhere' }],
    });
    // nothing was stored; heard after it (or sent anyway, without offlineSince), it is stored and the other one moved
    expect((await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}`)).json()).toHaveLength(2);
    const sent = await stock('exportWarehouse', { ...offline, offlineSince: meanwhile.createdAt + 1 });
    const history = (await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}`)).json();
    expect(history.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [heard.id, 'Đã dịch chuyển'],
      [meanwhile.id, 'Đã dịch chuyển'],
      [sent.id, 'Đang sử dụng'],
    ]);
    // a key that is not one is refused
    const bad = await call('POST', '/it4u/exportWarehouse', { ...body, clientRef: 'not-a-key' });
    expect(bad.statusCode).toBe(400);

    // kept by one technician, sent under another's session (they signed in on the phone since): refused, not stored
    const keeper = await tokenFor(t, ['ROLE_KT']);
    const next = await tokenFor(t, ['ROLE_KT']);
    const kept = {
      ...body,
      serialNum: `${serial}-K`,
      clientRef: '9c4d5e6f-3a4b-4c5d-9e0f-1a2b3c4d5e6f',
      keptBy: keeper.user.id,
    };
    const underAnother = await call('POST', '/it4u/exportWarehouse', kept, next.headers);
    expect(underAnother.statusCode).toBe(403);
    expect(underAnother.json().code).toBe('keptByAnother');
    expect((await call('GET', `/it4u/exportWarehouse?q=${serial}-K`)).json().total).toBe(0);
    const own = await call('POST', '/it4u/exportWarehouse', kept, keeper.headers);
    expect(own.statusCode, own.body).toBe(201);
  });

  it("answers a stock-out dated before its serial's latest one as moved, as its history says", async () => {
    const c = code('ONT');
    await item(c);
    const serial = `SN-LATE-${n}`;
    await stock('exportWarehouse', {
      exportDate: day('2024-06-01'),
      itemCode: c,
      number: 1,
      value: 0,
      serialNum: serial,
    });
    const older = await stock('exportWarehouse', {
      exportDate: day('2024-01-01'),
      itemCode: c,
      number: 1,
      value: 0,
      serialNum: serial,
    });
    expect(older.status).toBe('Đã dịch chuyển');
    const edited = await call('PUT', `/it4u/exportWarehouse/${older.id}`, {
      exportDate: day('2024-07-01'),
      itemCode: c,
      number: 1,
      value: 0,
      serialNum: serial,
      status: 'Đã dịch chuyển',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe('Đang sử dụng');
  });

  it('audits every write: the catalogue, stock in and out (fields changed, before and after), and the uploads', async () => {
    const events = async () =>
      rowsOf<{ event: string; target: string | null; details: Record<string, unknown> }>(
        await t.database.db.execute(
          sql`select event, target, details from audit_events where event like 'supplies.%' order by id`,
        ),
      );
    const since = (await events()).length;
    const c = code('AUD');
    const made = await call('POST', '/it4u/listSupplies', {
      itemCode: c,
      name: 'Switch 8 cổng',
      unit: 'Cái',
      number: 0,
      value: 0,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    await call('PUT', `/it4u/listSupplies/${id}`, {
      itemCode: c,
      name: 'Switch 16 cổng',
      unit: 'Cái',
      number: 0,
      value: 0,
    });
    const rec = await stock('importWarehouse', { exportDate: day('2024-05-01'), itemCode: c, number: 2, value: 0 });
    await call('PUT', `/it4u/importWarehouse/${rec.id}`, {
      exportDate: day('2024-05-01'),
      itemCode: c,
      number: 3,
      value: 0,
    });
    await call('DELETE', `/it4u/importWarehouse/${rec.id}`);
    await call('POST', '/it4u/uploadListSupplies', [{ itemCode: code('AUD'), name: 'Cáp', unit: 'Mét' }]);
    await call('DELETE', `/it4u/listSupplies/${id}`);
    const lines = (await events()).slice(since);
    expect(lines.map((l) => l.event)).toEqual([
      'supplies.item.create',
      'supplies.item.update',
      'supplies.in.create',
      'supplies.in.update',
      'supplies.in.delete',
      'supplies.upload',
      'supplies.item.delete',
    ]);
    expect(lines[1]?.details).toEqual({ changed: { name: ['Switch 8 cổng', 'Switch 16 cổng'] } });
    expect(lines[3]?.details).toMatchObject({ changed: { number: [2, 3] } });
    expect(lines[5]?.details).toEqual({ table: 'listSupplies', rows: 1 });
    expect(lines[6]).toMatchObject({ target: `supplyItem:${id}`, details: { itemCode: c } });
  });

  // issue 23: the write and the settling of the serial's history were separate statements outside a transaction
  it('leaves nothing half made when settling the serial fails after a stock-out is written', async () => {
    const c = code('ONT');
    await item(c);
    const serial = `SN-FAIL-${n}`;
    const body = { exportDate: day('2024-03-01'), itemCode: c, number: 1, value: 0, serialNum: serial };
    const kept = await stock('exportWarehouse', body);
    const repository = createSuppliesRepository(t.database.db);
    const failing = createSuppliesService({
      supplies: {
        ...repository,
        settleSerials: async (serials, tx) => {
          await repository.settleSerials(serials, tx);
          throw new Error('injected failure after the history was settled');
        },
      },
      contracts: createContractsRepository(t.database.db),
      audit: createAudit(t.database.db),
    });
    const ctx = { actor: { id: 1, username: 'someone' }, ip: '127.0.0.1', userAgent: null } as never;
    const audited = async () => rowsOf(await t.database.db.execute(sql`select count(*)::int as n from audit_events`));
    const linesBefore = await audited();
    const newer = { ...body, exportDate: day('2024-04-01') };
    await expect(failing.createRecord('out', newer, ctx)).rejects.toThrow('injected');
    await expect(failing.updateRecord('out', kept.id, { ...newer, serialNum: `${serial}-B` }, ctx)).rejects.toThrow(
      'injected',
    );
    await expect(failing.removeRecord('out', kept.id, ctx)).rejects.toThrow('injected');
    // nor their audit lines
    expect(await audited()).toEqual(linesBefore);
    // the one record as it was, in use, under its serial
    const history = (await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}`)).json();
    expect(
      history.map((r: { id: number; status: string; exportDate: number }) => [r.id, r.status, r.exportDate]),
    ).toEqual([[kept.id, 'Đang sử dụng', day('2024-03-01')]]);
    expect((await call('GET', `/it4u/exportWarehouseBySerialNum/${serial}-B`)).json()).toEqual([]);
  });

  it('pages and filters stock records by date range', async () => {
    const c = code('DR');
    await item(c);
    for (const d of ['2023-12-31', '2024-01-01', '2024-01-15', '2024-01-31', '2024-02-01']) {
      await stock('importWarehouse', { exportDate: day(d), itemCode: c, number: 1, value: 0 });
    }
    const res = await call('POST', '/it4u/importWarehouseByDate', {
      fromDate: day('2024-01-01'),
      toDate: day('2024-01-31'),
      q: c,
      pageSize: 2,
    });
    expect(res.json().total).toBe(3);
    expect(res.json().items.map((r: { exportDate: number }) => r.exportDate)).toEqual([
      day('2024-01-31'),
      day('2024-01-15'),
    ]);
    const get = await call(
      'GET',
      `/it4u/importWarehouse/?q=${c}&fromDate=${day('2024-01-01')}&toDate=${day('2024-01-31')}&page=2&pageSize=2`,
    );
    expect(get.json().items).toHaveLength(1);
  });

  it('refuses a duplicate item code and deleting an item that records use', async () => {
    const c = code('DUP');
    const it1 = await item(c);
    const dup = await call('POST', '/it4u/listSupplies', { itemCode: c.toLowerCase(), name: 'x', number: 0, value: 0 });
    expect(dup.statusCode).toBe(409);
    const bad = await call('POST', '/it4u/listSupplies', { itemCode: code('X'), name: 'x', number: 'many', value: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('number');
    await stock('importWarehouse', { exportDate: day('2024-01-01'), itemCode: c, number: 1, value: 0 });
    const del = await call('DELETE', `/it4u/listSupplies/${it1.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This item is used by stock records and cannot be deleted.');
    const free = await item(code('FREE'));
    expect((await call('DELETE', `/it4u/listSupplies/${free.id}`)).statusCode).toBe(200);
  });

  it('imports stock rows (Vietnamese headers, every date form), creating missing items and contracts', async () => {
    const c = code('NEW');
    const contractNo = code('HDNEW');
    const rows = [
      {
        'Ngày xuất': '05-03-2024',
        'Mã vật tư': c,
        'Tên vật tư': 'Bộ phát wifi',
        'Đơn vị': 'Bộ',
        'Số lượng': 2,
        'Số hợp đồng': contractNo,
        'Khách hàng': 'Trường An Phú',
        MAC: 'a1b2c3d4e5f6',
      },
      { 'Ngày xuất': 45356, 'Mã vật tư': c, 'Số lượng': '1', 'Số hợp đồng': contractNo },
      { 'Ngày xuất': '2024-03-05', 'Mã vật tư': c, 'Số lượng': 1 },
    ];
    const res = await call('POST', '/it4u/uploadExportWarehouse', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ saved: 3 });
    const page = (await call('GET', `/it4u/exportWarehouse?q=${c}`)).json();
    expect(page.total).toBe(3);
    expect(page.items.every((r: { exportDate: number }) => r.exportDate === day('2024-03-05'))).toBe(true);
    expect(page.items.map((r: { mac: string }) => r.mac)).toContain('A1:B2:C3:D4:E5:F6');
    const found = (await call('GET', `/it4u/contract.${encodeURIComponent(contractNo)}`)).json();
    expect(found[0]).toMatchObject({ numContract: contractNo, clientName: 'Trường An Phú' });
    const created = (await call('GET', `/it4u/listSupplies?q=${c}`)).json().items[0];
    expect(created).toMatchObject({ itemCode: c, name: 'Bộ phát wifi', unit: 'Bộ' });
  });

  it('saves nothing when any row is bad, and lists every bad row with its number and reason', async () => {
    const c = code('BAD');
    await item(c);
    const before = (await call('GET', `/it4u/importWarehouse?q=${c}`)).json().total;
    const rows = [
      { exportDate: '2024-03-05', itemCode: c, number: 1 },
      { exportDate: '03/05/24', itemCode: c, number: 1 },
      { exportDate: '2024-03-05', itemCode: '', number: 1 },
      { exportDate: '2024-03-05', itemCode: c, number: -2, mac: 'zz' },
    ];
    const res = await call('POST', '/it4u/uploadImportWarehouse', rows);
    expect(res.statusCode).toBe(422);
    const details = res.json().details;
    expect(details.map((d: { row: number }) => d.row)).toEqual([3, 4, 5]);
    expect(details[0].reason).toContain('ambiguous');
    expect(details[1].reason).toContain('item code');
    expect(details[2].reason).toMatch(/quantity.*MAC|MAC.*quantity/);
    expect((await call('GET', `/it4u/importWarehouse?q=${c}`)).json().total).toBe(before);
  });

  it('reports unknown columns, missing columns and empty sheets', async () => {
    const unknown = await call('POST', '/it4u/uploadImportWarehouse', [
      { exportDate: '2024-01-01', itemCode: 'A', colour: 'red' },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details).toEqual([
      {
        row: 1,
        reason: 'unknown column "colour"',
        problems: [{ code: 'unknownColumn', params: { column: 'colour' } }],
      },
    ]);
    const missing = await call('POST', '/it4u/uploadImportWarehouse', [
      { exportDate: '2024-01-01', 'Tên vật tư': 'x' },
    ]);
    expect(missing.json().details[0].reason).toContain('Mã vật tư');
    const empty = await call('POST', '/it4u/uploadListSupplies', []);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details[0].reason).toContain('no rows');
    const notRows = await call('POST', '/it4u/uploadListSupplies', { itemCode: 'x' });
    expect(notRows.statusCode).toBe(400);
  });

  it('takes the spreadsheet file itself; refuses a text file named .xlsx (415) and files over 20 MB (413)', async () => {
    const c = code('FILE');
    const book = writeSheet(
      'Danh mục',
      ['Mã vật tư', 'Tên vật tư', 'Đơn vị', 'Số lượng tồn đầu', 'Giá trị tồn đầu'],
      [[c, 'Cáp mạng', 'Cái', 12, 300000]],
    );
    const mp = multipartFile('catalogue.xlsx', book);
    const res = await call('POST', '/it4u/uploadListSupplies', mp.payload, { ...h, ...mp.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ saved: 1 });
    expect((await call('GET', `/it4u/listSupplies?q=${c}`)).json().items[0]).toMatchObject({
      number: 12,
      value: 300000,
    });

    const text = multipartFile('fake.xlsx', Buffer.from('itemCode,name\nA,B\n'));
    const bad = await call('POST', '/it4u/uploadListSupplies', text.payload, { ...h, ...text.headers });
    expect(bad.statusCode).toBe(415);
    const big = multipartFile('big.xlsx', Buffer.alloc(20 * 1024 * 1024 + 10, 0x50));
    const tooBig = await call('POST', '/it4u/uploadListSupplies', big.payload, { ...h, ...big.headers });
    expect(tooBig.statusCode).toBe(413);
  });

  it('exports every record of a search past a page of the reads (4,500 rows, in date order, each once)', async () => {
    const c = code('MANY');
    const rows = Array.from({ length: 4500 }, (_, n) => ({
      exportDate: `2024-0${1 + (n % 9)}-${String(1 + (n % 28)).padStart(2, '0')}`,
      itemCode: c,
      itemName: 'Cáp mạng',
      number: 1,
      serialNum: `${c}-S${n}`,
    }));
    expect((await call('POST', '/it4u/uploadImportWarehouse', rows)).json()).toEqual({ saved: 4500 });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/it4u/export/importWarehouse?q=${c}`, headers: h });
    const sheet = XLSX.read(res.rawPayload).Sheets.importWarehouse as XLSX.WorkSheet;
    const lines = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(new Set(lines.map((l) => l['Số serial'])).size).toBe(4500);
    // dd-mm-yyyy, oldest first
    const days = lines.map((l) => String(l['Ngày nhập']).split('-').reverse().join('-'));
    expect(days).toEqual([...days].sort());
    expect(days[0]).toBe('2024-01-01');
  });

  it('serves templates whose columns the upload accepts, and exports that escape formulas', async () => {
    for (const table of ['listSupplies', 'importWarehouse', 'exportWarehouse']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/it4u/template/${table}`, headers: h });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const header = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets[table] as XLSX.WorkSheet, {
        header: 1,
      })[0] as string[];
      const row = Object.fromEntries(header.map((hd) => [hd, '']));
      const upload = await call('POST', `/it4u/upload${table[0]?.toUpperCase()}${table.slice(1)}`, [row]);
      // an empty row is refused for its values, never for its columns
      expect(upload.statusCode).toBe(422);
      expect(upload.json().details.every((d: { row: number }) => d.row === 2)).toBe(true);
    }
    const c = code('=CMD');
    await item(c, 1, { note: '@SUM(A1)' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/it4u/export/listSupplies?q=${encodeURIComponent(c)}`,
      headers: h,
    });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(res.rawPayload).Sheets.listSupplies as XLSX.WorkSheet,
    );
    expect(rows[0]).toMatchObject({ 'Mã vật tư': `'${c}`, 'Ghi chú': "'@SUM(A1)" });
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/it4u/export/report?fromDate=${day('2024-01-01')}&toDate=${day('2024-12-31')}`,
      headers: h,
    });
    const reportRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      XLSX.read(report.rawPayload).Sheets['Báo cáo'] as XLSX.WorkSheet,
    );
    expect(reportRows[0]?.['Mã vật tư']).toBe('Tổng số');
  });

  it('finds contracts by customer name or number and by site; numbers are unique', async () => {
    const no = code('HDX');
    const made = await call('POST', '/it4u/contracts', {
      numContract: no,
      clientName: 'Khách sạn Hoa Mai',
      companyName: 'Công ty Hoa Mai',
      phone: '0909',
      servicePlans: 'FTTH 100M',
    });
    expect(made.statusCode).toBe(201);
    expect((await call('POST', '/it4u/contracts', { numContract: no.toLowerCase(), clientName: 'x' })).statusCode).toBe(
      409,
    );
    expect(
      (await call('GET', `/it4u/contract.${encodeURIComponent('hoa mai')}`))
        .json()
        .map((x: { numContract: string }) => x.numContract),
    ).toContain(no);
    expect((await call('GET', '/it4u/clientName')).json()).toContain('Khách sạn Hoa Mai');
    const site = await call('POST', '/it4u/sitename/', { sitename: 'Hoa Mai Hotel', idname: `hm${n}` });
    await call('PUT', `/it4u/contracts/${made.json().id}`, {
      numContract: no,
      clientName: 'Khách sạn Hoa Mai',
      companyName: 'Công ty Hoa Mai',
      phone: '0909',
      servicePlans: 'FTTH 100M',
      sitename: [site.json().idname],
    });
    const bySite = await call('POST', '/it4u/getContractBySitename', { sitename: 'Hoa Mai Hotel' });
    expect(bySite.json()).toEqual({ companyName: 'Công ty Hoa Mai', phone: '0909', servicePlan: 'FTTH 100M' });
    expect((await call('POST', '/it4u/getContractBySitename', { sitename: 'nowhere' })).statusCode).toBe(404);
  });

  for (const role of ['ROLE_CSKH', 'ROLE_KH', 'ROLE_MANAGER'] as const) {
    it(`forbids ${role}`, async () => {
      const other = (await tokenFor(t, [role])).headers;
      for (const [method, url, body] of [
        ['GET', '/it4u/listSupplies', undefined],
        ['POST', '/it4u/listSupplies', { itemCode: 'Z', name: 'z', number: 0, value: 0 }],
        ['GET', '/it4u/importWarehouse', undefined],
        ['POST', '/it4u/exportWarehouse', { exportDate: 0, itemCode: 'Z', number: 1, value: 0 }],
        ['POST', '/it4u/reportSupplies', { fromDate: 0, toDate: 1 }],
        ['POST', '/it4u/uploadImportWarehouse', []],
        ['GET', '/it4u/contracts', undefined],
        ['GET', '/it4u/export/report', undefined],
      ] as const) {
        expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(403);
      }
    });
  }
});
