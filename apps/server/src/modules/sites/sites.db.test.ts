import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from './sites.repository.ts';
import { createSitesService } from './sites.service.ts';

describe.each(drivers)('site names on %s', (driver) => {
  let t: TestApp;
  let kt: Awaited<ReturnType<typeof tokenFor>>;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(driver);
    kt = await tokenFor(t, ['ROLE_KT']);
    const repo = createSitesRepository(t.database.db);
    ids = [];
    for (const [sitename, idname] of [
      ['Nhà hàng Biển Xanh', 'bienxanh'],
      ['Trường Tiểu học An Phú', 'anphu'],
      ['Văn phòng Quận 1', 'q1office'],
    ]) {
      ids.push((await repo.insert({ sitename: sitename as string, idname: idname as string })).id);
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

  it('a ROLE_KH user sees only their own sites; staff see all', async () => {
    const kh = await tokenFor(t, ['ROLE_KH'], { type: 'Client', siteIds: [ids[1] as number] });
    const own = await call('GET', '/it4u/getSitename/', kh.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((s: { idname: string }) => s.idname)).toEqual(['anphu']);
    expect((await call('GET', '/it4u/getSitename', kh.headers)).json()).toHaveLength(1);
    expect((await call('GET', '/it4u/sitenames', kh.headers)).statusCode).toBe(403);
    expect((await call('GET', '/it4u/sitename', kh.headers)).statusCode).toBe(403);

    const manager = await tokenFor(t, ['ROLE_MANAGER']);
    const all = (await call('GET', '/it4u/getSitename/', manager.headers)).json();
    expect(all.map((s: { idname: string }) => s.idname)).toEqual(
      expect.arrayContaining(['anphu', 'bienxanh', 'q1office']),
    );
    expect((await call('GET', '/it4u/sitenames', manager.headers)).statusCode).toBe(200);
  });

  it('adds, finds, edits and deletes a site name; duplicates are 409', async () => {
    const created = await call('POST', '/it4u/sitename/', kt.headers, {
      sitename: 'Khu nghỉ dưỡng Mũi Né',
      idname: 'muine',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await call('GET', `/it4u/sitename/${id}`, kt.headers)).json()).toEqual({
      id,
      sitename: 'Khu nghỉ dưỡng Mũi Né',
      idname: 'muine',
      name: 'Khu nghỉ dưỡng Mũi Né', // the spec's name of sitename
    });
    const dup = await call('POST', '/it4u/sitename/', kt.headers, { sitename: 'Other', idname: 'muine' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0].field).toBe('idname');
    const edited = await call('PUT', `/it4u/sitename/${id}`, kt.headers, {
      sitename: 'Mũi Né Resort',
      idname: 'muine2',
    });
    expect(edited.json().sitename).toBe('Mũi Né Resort');
    const page = (await call('GET', '/it4u/sitename?q=mũi&pageSize=10', kt.headers)).json();
    expect(page).toEqual({
      items: [{ id, sitename: 'Mũi Né Resort', idname: 'muine2', name: 'Mũi Né Resort' }],
      total: 1,
    });
    expect((await call('DELETE', `/it4u/sitename/${id}`, kt.headers)).statusCode).toBe(200);
    expect((await call('GET', `/it4u/sitename/${id}`, kt.headers)).statusCode).toBe(404);
  });

  it('validates site names and forbids the office roles', async () => {
    const bad = await call('POST', '/it4u/sitename/', kt.headers, { sitename: 'x', idname: 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('idname');
    // the controller's own rule: never `.`, `..` nor a `/` (the name is a folder the cronjob delivery writes into)
    for (const idname of ['..', '.', 'a/b', '../etc', 'a\\b', '.hidden', 'Hoa.Mai', 'UPPER', '-x', 'x'.repeat(65)]) {
      const refused = await call('POST', '/it4u/sitename/', kt.headers, { sitename: 'x', idname });
      expect(refused.statusCode, idname).toBe(400);
      expect(refused.json().details[0]).toMatchObject({
        field: 'idname',
        code: idname.length > 64 ? 'tooLong' : 'badFormat',
      });
      const changed = await call('PUT', `/it4u/sitename/${ids[0]}`, kt.headers, { sitename: 'x', idname });
      expect(changed.statusCode, idname).toBe(400);
    }
    for (const idname of ['default', 'ab12cd34', 'rt_hoamai', 'cafe-01', 'x'.repeat(64)]) {
      const made = await call('POST', '/it4u/sitename/', kt.headers, { sitename: `Site ${idname}`, idname });
      expect(made.statusCode, idname).toBe(201);
      expect((await call('DELETE', `/it4u/sitename/${made.json().id}`, kt.headers)).statusCode).toBe(200);
    }
    const blank = await call('POST', '/it4u/sitename/', kt.headers, { sitename: '   ', idname: 'ok' });
    expect(blank.json().details[0].field).toBe('sitename');
    const cskh = await tokenFor(t, ['ROLE_CSKH']);
    expect((await call('POST', '/it4u/sitename/', cskh.headers, { sitename: 'a', idname: 'b' })).statusCode).toBe(403);
    expect((await call('DELETE', `/it4u/sitename/${ids[0]}`, cskh.headers)).statusCode).toBe(403);
  });
});

describe("the controller's sites", () => {
  it('are taken in only with a short name of the rule', async () => {
    const taken: { sitename: string; idname: string }[] = [];
    const service = createSitesService({
      sites: {
        merging: (fn: (tx: unknown) => unknown) => fn({}),
        located: async () => [],
        insertMany: async (list: typeof taken) => {
          taken.push(...list);
        },
      },
      audit: { record: async () => 0 },
      controller: {
        all: async () => [
          {
            id: null,
            name: 'demo',
            controller: {
              sites: async () => [
                { name: 'default', desc: 'Default' },
                { name: '..', desc: 'Up' },
                { name: 'a/b', desc: 'Slash' },
                { name: 'ab12cd34', desc: 'Hoa Mai' },
              ],
            },
          },
        ],
      },
    } as never);
    const result = await service.syncFromController({} as never);
    expect(taken.map((s) => s.idname)).toEqual(['default', 'ab12cd34']);
    expect(result).toMatchObject({ added: 2 });
  });
});

describe.each(drivers)('syncs of the controller’s sites on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('run one at a time, each in one transaction: two at once add each of 2,000 sites once', async () => {
    const list = Array.from({ length: 2000 }, (_, i) => ({
      name: `s${String(i).padStart(7, '0')}`,
      desc: `Site ${i}`,
    }));
    // two instances' services on the same database, the controller answering at once
    const service = () =>
      createSitesService({
        sites: createSitesRepository(t.database.db),
        audit: { record: async () => 0 },
        controller: { all: async () => [{ id: null, name: 'demo', controller: { sites: async () => list } }] },
      } as never);
    await t.database.db.execute(sql`delete from sites`);
    const results = await Promise.all([service(), service()].map((s) => s.syncFromController({} as never)));
    expect(results.map((r) => r.added).sort()).toEqual([0, 2000]);
    const rows = rowsOf<{ idname: string }>(await t.database.db.execute(sql`select idname from sites order by idname`));
    expect(rows.map((r) => r.idname)).toEqual(list.map((x) => x.name));
  });
});
