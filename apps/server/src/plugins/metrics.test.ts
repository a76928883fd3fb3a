import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema.ts';
import { createAudit } from '../lib/audit.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../test/helpers.ts';

/** A scrape from an address (inject's default is 127.0.0.1), with a bearer token or other headers. */
const scrape = (t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
const withToken = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(drivers)('GET /metrics, closed by default, on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(() => t.close());

  const info = () => t.app.inject({ method: 'GET', url: '/api/v1/it4u/metricsToken', headers: admin });
  const generate = (headers = admin) => t.app.inject({ method: 'POST', url: '/api/v1/it4u/metricsToken', headers });

  it('with no token set, answers this machine only', async () => {
    expect((await info()).json()).toEqual({ source: 'none', token: null });
    const remote = await scrape(t, '203.0.113.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('metricsLoopbackOnly');
    expect(remote.body).not.toContain('it4u_');
    expect((await scrape(t, '::ffff:198.51.100.2')).statusCode).toBe(403);
    // loopback, IPv4 or IPv6
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain('# TYPE it4u_wan_link_status gauge');
    }
    // through a reverse proxy on this machine: not this machine's request
    expect((await scrape(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await scrape(t, '127.0.0.1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(403);
  });

  it('generates a token for administrators only; then asks it of everyone, loopback too', async () => {
    for (const role of ['ROLE_LEAD_KT', 'ROLE_KT', 'ROLE_MANAGER'] as const) {
      const other = (await tokenFor(t, [role])).headers;
      expect((await generate(other)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/metricsToken', headers: other })).statusCode).toBe(
        403,
      );
    }
    const made = await generate();
    expect(made.statusCode, made.body).toBe(200);
    const { token } = made.json();
    expect(made.json().source).toBe('generated');
    expect(token).toMatch(/^it4u_metrics_[A-Za-z0-9_-]{43}$/);
    expect((await info()).json()).toEqual({ source: 'generated', token });

    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, '127.0.0.1', withToken('wrong'))).statusCode).toBe(401);
    expect((await scrape(t, '203.0.113.7')).json().code).toBe('metricsTokenInvalid');
    expect((await scrape(t, '203.0.113.7', withToken(token))).statusCode).toBe(200);
    expect((await scrape(t, '127.0.0.1', withToken(token))).statusCode).toBe(200);

    // stored encrypted, audited without it
    const rows = await t.database.db.select().from(settings);
    expect(JSON.stringify(rows)).not.toContain(token);
    const events = JSON.stringify(await createAudit(t.database.db).list(1000));
    expect(events).toContain('settings.metricsToken');
    expect(events).not.toContain(token);

    // generated again: the one before stops at once
    const next = (await generate()).json().token;
    expect(next).not.toBe(token);
    expect((await scrape(t, '203.0.113.7', withToken(token))).statusCode).toBe(401);
    expect((await scrape(t, '203.0.113.7', withToken(next))).statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { metricsToken: 'scrape-me' });
  });
  afterAll(() => t.close());

  it('asks for it from anyone, never shows it, and generates none', async () => {
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, '203.0.113.7', withToken('scrape-me'))).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/metricsToken', headers: admin });
    expect(info.json()).toEqual({ source: 'env', token: null });
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/it4u/metricsToken', headers: admin });
    expect(made.statusCode).toBe(409);
    expect(made.json().code).toBe('metricsTokenFromEnv');
    expect((await scrape(t, '203.0.113.7', withToken('scrape-me'))).statusCode).toBe(200);
  });
});
