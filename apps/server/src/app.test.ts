import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from './test/helpers.ts';

const surface = readFileSync(path.join(import.meta.dirname, 'test/api-surface.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t') as [string, string, string]);

/** The areas this build answers; later areas add themselves here. */
const BUILT_AREAS = [
  'auth',
  'users',
  'sites',
  'sitenames',
  'supplies',
  'contracts',
  'vouchers',
  'devices',
  'unifi',
  'parameters',
  'channels',
  'deviceinfo',
  'chat',
  'dashboard',
  'wireless',
  'uploads',
  'customers',
  'settings',
];

describe.each(drivers)('the app on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('reports health with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('is ready with its migrations, names each controller, and is not ready while one is missing', async () => {
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/controllers',
      headers: admin,
      payload: {
        name: 'Nowhere',
        url: 'http://127.0.0.1:9',
        signIn: 'account',
        username: 'u',
        password: 'p',
        verifyTls: true,
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().controllers).toEqual([
      { id: expect.any(Number), name: 'Nowhere', state: 'not checked yet' },
    ]);
    await t.app.inject({ method: 'GET', url: '/api/v1/it4u/controllers', headers: admin }); // checks it
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      db: 'ok',
      migrations: 'ok',
      controllers: [{ name: 'Nowhere', state: 'unreachable' }],
    });
    // to anyone but the operator (this machine, or the metrics token once there is one): ready or not, no names
    const outside = await t.app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual({ status: 'ready', db: 'ok', migrations: 'ok' });
    const token = (await t.app.inject({ method: 'POST', url: '/api/v1/it4u/metricsToken', headers: admin })).json()
      .token;
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().controllers).toBeUndefined();
    const asOperator = await t.app.inject({
      method: 'GET',
      url: '/api/ready',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asOperator.json().controllers).toEqual([expect.objectContaining({ name: 'Nowhere' })]);
    // a migration of this version the database has not had (as when an older instance's database is shared)
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      ),
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ status: 'not ready', migrations: '1 pending' });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
  });

  it('sends security headers, a strict CSP among them, on every answer', async () => {
    for (const url of ['/api/health', '/api/v1/user/me', '/api/v1/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // WebAssembly may be compiled (the label reader), JavaScript's eval may not
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('refuses request bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ usernameOrEmail: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('describes every call of its areas in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${norm(p)}`)),
    );
    const wanted = surface.filter(([, , area]) => BUILT_AREAS.includes(area));
    expect(wanted.length).toBeGreaterThan(20);
    const missing = wanted.filter(([m, p]) => !documented.has(`${m} ${norm(`/api/v1${p}`)}`));
    expect(missing).toEqual([]);
  });

  it('names, for every route, who may call it, from its contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const said = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method]?.description ?? '';
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (path.startsWith('/api/v1')) expect(op.description, `${method} ${path}`).toMatch(/^Who may call it: /);
      }
    }
    // the ones the docs named only in part before
    expect(said('get', '/it4u/webssh/approvals')).toMatch(/^Who may call it: ROLE_ADMIN, ROLE_LEAD_KT\.$/);
    expect(said('get', '/it4u/{id}/deviceToken')).toMatch(/^Who may call it: ROLE_ADMIN, ROLE_LEAD_KT, ROLE_KT\./);
    expect(said('post', '/it4u/{id}/deviceToken/rotate')).toMatch(
      /^Who may call it: ROLE_ADMIN, ROLE_LEAD_KT, ROLE_KT\./,
    );
    expect(said('post', '/it4u/customer_info')).toMatch(/device token/);
    expect(said('post', '/auth/signin')).toMatch(/anyone, without signing in/);
  });

  it('answers every call of its areas (none is a 404)', async () => {
    for (const [method, p, area] of surface) {
      if (!BUILT_AREAS.includes(area)) continue;
      const url = `/api/v1${p.replace(/\{[^}]+\}/g, '1')}`;
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect([400, 401], `${method} ${p}`).toContain(res.statusCode);
    }
  });
});

describe('the web app', () => {
  it('serves index.html for client routes and assets with long caching', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const { app, close } = await createTestApp('pglite', { webDist: dist });
    try {
      for (const url of ['/', '/login', '/users/admin', '/anything/else']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/api/v1/unknown' })).statusCode).toBe(404);
    } finally {
      await close();
    }
  });
});
