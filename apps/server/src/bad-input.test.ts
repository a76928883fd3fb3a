import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';
import { writeSheet } from './lib/spreadsheet.ts';
import { SHEET_LIMITS } from './lib/upload.ts';
import { createTestApp, drivers, seedUser, type TestApp, tokenFor } from './test/helpers.ts';
import { multipartFile } from './test/multipart.ts';

/** Bad input never gives a 500, never hangs, and nothing invalid is stored (issue: steady ground, part 2). */
describe.each(drivers)('bad input on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    // the production time limit: a small workbook read on a busy machine can take more than a second or two (a
    // 1.5 s limit here once answered 422 spreadsheetTooComplex for three rows); the limit itself is spreadsheet.test's
    t = await createTestApp(driver, { sheetLimits: { ...SHEET_LIMITS, memoryMb: 256 } });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as string });

  it('takes query and path numbers from decimal digits only', async () => {
    for (const q of ['pageSize=Infinity', 'pageSize=1e1', 'page=0x10', 'pageSize=%2010', 'page=-1', 'pageSize=1.5']) {
      const res = await call('GET', `/it4u/listSupplies?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('invalidFields');
    }
    expect((await call('GET', '/it4u/listSupplies?page=1&pageSize=10')).statusCode).toBe(200);
    const victim = await seedUser(t.database);
    const hex = await call('DELETE', `/users/0x${victim.id.toString(16)}`);
    expect(hex.statusCode).toBe(400);
    expect((await call('GET', `/users/${victim.id}`)).statusCode).toBe(200);
    for (const id of ['2147483648', '1e3', '0', '-5', 'Infinity']) {
      expect((await call('GET', `/users/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('never coerces a body: null is not 0, true is not "true", "5" is not 5', async () => {
    const item = { itemCode: 'COERCE-1', name: 'Cáp mạng', number: 1, value: 0 };
    for (const bad of [{ number: null }, { number: '5' }, { value: 'Infinity' }, { name: true }, { itemCode: 7 }]) {
      const res = await call('POST', '/it4u/listSupplies', { ...item, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GET', '/it4u/listSupplies?q=COERCE-1')).json().total).toBe(0);
    const site = await call('POST', '/it4u/sitename/', { sitename: true, idname: 'coerce' });
    expect(site.statusCode).toBe(400);
    expect(site.json().details[0]).toMatchObject({ field: 'sitename', code: 'wrongType' });
  });

  it('bounds every number: an enormous date is refused, not a 500', async () => {
    const res = await call('POST', '/it4u/reportSupplies', { fromDate: 0, toDate: 1e308 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'toDate', code: 'tooLarge' });
    const vouchers = await call('POST', '/it4u/default/createVoucher', {
      n: 'Infinity',
      quota: 1,
      expire: 480,
      note: 'x',
    });
    expect(vouchers.statusCode).toBe(400);
  });

  it('requires what is required: a channel needs its name', async () => {
    const res = await call('POST', '/it4u/channel/attribute', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'name', code: 'required' });
    expect((await call('GET', '/it4u/channel/attribute.all')).json().total).toBe(0);
  });

  it('refuses NUL bytes and lone surrogates in a body, a query or a path with 400, even signed out', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: 'adm\u0000in', password: 'whatever-1' },
    });
    expect(signin.statusCode).toBe(400);
    expect(signin.json()).toMatchObject({ code: 'invalidText', params: { where: 'body' } });
    const lone = await call('POST', '/it4u/listSupplies', { itemCode: 'X\ud800', name: 'n', number: 0, value: 0 });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().code).toBe('invalidText');
    const query = await call('GET', '/it4u/listSupplies?q=a%00b');
    expect(query.json()).toMatchObject({ code: 'invalidText', params: { where: 'query' } });
    const path = await call('GET', '/it4u/contract.a%00b');
    expect(path.json()).toMatchObject({ code: 'invalidText', params: { where: 'path' } });
    const key = await call('POST', '/it4u/uploadListSupplies', [{ 'Mã\u0000': 'x' }]);
    expect(key.statusCode).toBe(400);
  });

  it('puts imported rows through the rules of the forms: nothing a form would refuse is stored', async () => {
    const rows = [
      { 'Mã vật tư': { a: 1 }, 'Tên vật tư': 'Cáp' },
      { 'Mã vật tư': 'OK-1', 'Tên vật tư': 'x'.repeat(2_000) },
      { 'Mã vật tư': 'OK-2', 'Tên vật tư': 'Switch', 'Số lượng tồn đầu': 1e12 },
    ];
    const res = await call('POST', '/it4u/uploadListSupplies', rows);
    expect(res.statusCode).toBe(422);
    const problems = res
      .json()
      .details.map((r: { row: number; problems: { code: string }[] }) => [r.row, r.problems.map((p) => p.code)]);
    expect(problems).toEqual([
      [2, ['notAValue']],
      [3, ['tooLong']],
      [4, ['tooLarge']],
    ]);
    expect((await call('GET', '/it4u/listSupplies?q=OK-')).json().total).toBe(0);
    for (const url of ['/it4u/export/listSupplies', '/it4u/export/importWarehouse', '/it4u/template/listSupplies']) {
      expect((await call('GET', url)).statusCode, url).toBe(200);
    }
  });

  it('refuses text with NUL in the cells of an uploaded file too (422, nothing stored)', async () => {
    const sheet = writeSheet(
      'Danh mục',
      ['Mã vật tư', 'Tên vật tư'],
      [
        ['NUL-1', 'A\u0000B'],
        ['NUL-2', 'lone \ud800 surrogate'],
        ['NUL-3', 'Cáp mạng'],
      ],
    );
    const form = multipartFile('items.xlsx', sheet);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/uploadListSupplies',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(
      res.json().details.map((r: { row: number; problems: { code: string }[] }) => [r.row, r.problems[0]?.code]),
    ).toEqual([[2, 'badText']]);
    expect((await call('GET', '/it4u/listSupplies?q=NUL-')).json().total).toBe(0);
  });

  it('answers a multipart body without a boundary, or a broken one, with 400', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/uploadListSupplies',
        headers: { ...admin, 'content-type': type },
        payload: 'not multipart at all',
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
    }
  });

  it('refuses a truncated workbook (which looped the parser) at its zip directory: 415, no worker started', async () => {
    const truncated = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const form = multipartFile('loop.xlsx', truncated);
    for (const url of ['/it4u/uploadListSupplies', '/it4u/uploadImportWarehouse', '/it4u/import/channel']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...admin, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json().code, url).toBe('unreadableSpreadsheet');
    }
    // the server still answers
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('checks the token before reading a body: a signed-out caller gets 401, not a parsed body', async () => {
    const garbage = `[${'{"x":1},'.repeat(300_000)}`; // 2.4 MB of broken JSON
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/uploadListSupplies',
      headers: { 'content-type': 'application/json' },
      payload: garbage,
    });
    expect(res.statusCode).toBe(401);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/uploadListSupplies',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: garbage,
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().code).toBe('badJson');
  });

  it('keeps a small body limit everywhere but on uploads', async () => {
    const res = await call('POST', '/it4u/listSupplies', {
      itemCode: 'BIG',
      name: 'n',
      number: 0,
      value: 0,
      note: 'x'.repeat(2_000_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payloadTooLarge');
  });
});

describe('usernames, e-mail addresses and passwords', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(() => t.close());

  const user = (username: string, email: string, password = 'Tr4m-Ph4t-2026') => ({
    name: 'Trần Văn Tâm',
    username,
    email,
    password,
    confirmPassword: password,
    gender: 'Male',
    language: 'Vietnamese',
    type: 'User',
    roles: ['ROLE_KT'],
  });
  const signup = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', headers: admin, payload: body });

  it("never lets a username look like an e-mail address, nor an address take another user's sign-in name", async () => {
    const asEmail = await signup(user('victim@example.test', 'new1@example.test'));
    expect(asEmail.statusCode).toBe(400);
    expect(asEmail.json()).toMatchObject({ code: 'usernameLooksLikeEmail', details: [{ field: 'username' }] });
    // an older account whose username is an address keeps it for itself ...
    const boss = await seedUser(t.database, {
      username: 'boss@corp.test',
      email: 'boss@home.test',
      roles: ['ROLE_KT'],
    });
    const taken = await signup(user('tam_tran', 'boss@corp.test'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'emailTaken', details: [{ field: 'email' }] });
    // ... and can still be edited (blocked, here) with it unchanged; changed to another address, it is refused
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${boss.id}`, headers: admin })).json();
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${boss.id}`, headers: admin, payload: body });
    expect((await put({ ...read, status: 'Block' })).statusCode).toBe(200);
    expect((await put({ ...read, username: 'boss2@corp.test' })).json().code).toBe('usernameLooksLikeEmail');
  });

  it('refuses the most common passwords, and the account name as a password', async () => {
    for (const password of ['12345678', 'password', 'Password1', 'matkhau123', 'tam_tran2']) {
      const res = await signup(user('tam_tran2', 'tam2@example.test', password));
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ code: 'commonPassword', details: [{ field: 'password' }] });
    }
    expect((await signup(user('tam_tran2', 'tam2@example.test'))).statusCode).toBe(201);
  });
});

describe('a database that is down', () => {
  it('answers 503 with Retry-After, not 500 (PGlite closed)', async () => {
    const t = await createTestApp('pglite');
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await t.database.close();
    for (const url of ['/api/v1/it4u/listSupplies', '/api/v1/user/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      // the session cache may still let the first call through to the handler: both paths end in 503
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json().code, url).toBe('databaseUnavailable');
    }
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: 'someone', password: 'whatever-1' },
    });
    expect(signin.statusCode).toBe(503);
    await t.app.close();
  });

  it('answers 503 when PostgreSQL refuses connections', async () => {
    const database = await openPostgres('postgres://postgres@127.0.0.1:1/none', 2);
    const app = await buildApp({ database, masterKey: Buffer.alloc(32, 7) });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { usernameOrEmail: 'someone', password: 'whatever-1' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the log', () => {
  it("never holds a failed query's parameters", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp('pglite', { logger: { level: 'info', stream } as unknown as { level: string } });
    try {
      await t.database.db.execute(sql`alter table audit_events rename to audit_events_gone`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { usernameOrEmail: 'secret-login-4711', password: 'Secret-password-4711' },
      });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('request failed');
      expect(log).toContain('Failed query');
      expect(log).not.toContain('secret-login-4711');
      expect(log).not.toContain('Secret-password-4711');
    } finally {
      await t.close();
    }
  });
});
