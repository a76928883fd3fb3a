import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens } from '../../db/schema.ts';
import { createAudit } from '../../lib/audit.ts';
import { rowsOf } from '../../lib/sql.ts';
import {
  createTestApp,
  drivers,
  pushWan,
  secondInstance,
  setDeviceToken,
  type TestApp,
  tokenFor,
} from '../../test/helpers.ts';

const T0 = Date.UTC(2026, 4, 5, 20, 0);
const SHARED = 'shared-router-token-0123';

describe.each(drivers)("each customer site's own device token on %s", (driver) => {
  let t: TestApp;
  let clock = T0;
  let admin: Record<string, string>;
  let kt: Record<string, string>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(driver, { now: () => clock });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    kt = (await tokenFor(t, ['ROLE_KT'], { username: 'kt.hoa' })).headers;
    await setDeviceToken(t, admin, SHARED);
    // the two sites are in the site names too, each with its controller short name
    for (const [sitename, idname] of [
      ['Khách sạn Hoa Mai', 'doyrdqwd'],
      ['Nhà hàng Biển', 'bien01'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/sitename/',
        headers: admin,
        payload: { sitename, idname },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    for (const sitename of ['Khách sạn Hoa Mai', 'Nhà hàng Biển']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/customerSite',
        headers: admin,
        payload: { sitename, groupClient: 'FTTH' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[sitename] = res.json().id;
    }
  });
  afterAll(() => t.close());

  const HOA = 'Khách sạn Hoa Mai';
  const BIEN = 'Nhà hàng Biển';
  const body = (sitename: string, status: 0 | 1 = 1) => ({
    sitename,
    wan1Provider: 'VNPT',
    wan1Ip: '14.160.1.2',
    wan1Status: status,
  });
  const call = (method: 'GET' | 'POST' | 'DELETE', site: string, tail = '', headers = kt) =>
    t.app.inject({ method, url: `/api/v1/it4u/${ids[site]}/deviceToken${tail}`, headers });
  const list = async (site: string) => {
    const res = await call('GET', site);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The site's last push as the table has it (not the report's copy, which is some seconds behind). */
  const lastPush = async (sitename: string) =>
    rowsOf<{ at: number | null }>(
      await t.database.db.execute(
        sql`select (extract(epoch from last_push_at) * 1000)::float8 as at from customer_sites where sitename = ${sitename}`,
      ),
    )[0]?.at ?? null;
  let first = '';
  let second = '';

  it('stays with the shared token until a site has its own; made once, shown once, by staff who manage', async () => {
    expect((await pushWan(t, SHARED, body(HOA))).statusCode).toBe(200);
    expect(await list(HOA)).toMatchObject({ sitename: HOA, sharedEnabled: true, sharedAccepted: true, tokens: [] });

    clock = T0 + 60_000;
    const made = await call('POST', HOA);
    expect(made.statusCode, made.body).toBe(201);
    first = made.json().token;
    expect(first).toMatch(/^it4u_dev_[A-Za-z0-9_-]{43}$/);
    expect(made.json()).toMatchObject({
      hint: first.slice(-4),
      createdBy: 'kt.hoa',
      createdAt: clock,
      revokedAt: null,
    });
    // one live token a site: a new one is a rotation
    expect((await call('POST', HOA)).json()).toMatchObject({ code: 'deviceTokenExists' });

    const shown = await list(HOA);
    expect(shown.sharedAccepted).toBe(false);
    expect(shown.tokens).toHaveLength(1);
    expect(JSON.stringify(shown)).not.toContain(first);

    for (const role of ['ROLE_CSKH', 'ROLE_MANAGER', 'ROLE_LEAD_KD', 'ROLE_KH'] as const) {
      const other = (await tokenFor(t, [role])).headers;
      expect((await call('GET', HOA, '', other)).statusCode).toBe(403);
      expect((await call('POST', BIEN, '', other)).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/999999/deviceToken', headers: kt })).statusCode,
    ).toBe(404);
    // the token is stored as its hash only
    const rows = await t.database.db.select().from(deviceTokens);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first);
  });

  it("writes its own site only: another site's push is refused (403) and writes nothing", async () => {
    clock = T0 + 120_000;
    const own = await pushWan(t, first, body(HOA, 0));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ sitename: HOA, changes: 1 });

    const other = await pushWan(t, first, body(BIEN));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('deviceTokenOtherSite');
    // a site not in the report either: its row is not made
    expect((await pushWan(t, first, body('Quán mới'))).statusCode).toBe(403);
    const names = (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/customer_info', headers: admin })).json();
    expect(names.map((r: { sitename: string }) => r.sitename)).not.toContain('Quán mới');
  });

  it('refuses the shared token for a site with its own token, and keeps it for the others', async () => {
    const refused = await pushWan(t, SHARED, body(HOA));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('deviceTokenOwnRequired');
    expect((await pushWan(t, SHARED, body(BIEN))).statusCode).toBe(200);
    // the name as the router sends it, spaces around it or not
    expect((await pushWan(t, SHARED, body(` ${HOA} `))).statusCode).toBe(403);
  });

  it('covers every name of its site: the shared token is refused under the short name, any case or spacing', async () => {
    const report = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/customer_info', headers: admin })).json() as {
        sitename: string;
      }[];
    const rowsBefore = (await report()).length;
    for (const alias of ['doyrdqwd', 'DOYRDQWD', ' doyrdqwd\t', 'khách  SẠN hoa mai', 'KHÁCH SẠN HOA MAI ']) {
      const refused = await pushWan(t, SHARED, { ...body(alias), wan1Provider: 'EVIL', wan1Ip: '10.66.66.66' });
      expect(refused.statusCode, alias).toBe(403);
      expect(refused.json().code).toBe('deviceTokenOwnRequired');
    }
    // nothing was written: no row under the alias, no provider EVIL
    expect(await report()).toHaveLength(rowsBefore);
    const stored = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from customer_sites where lower(sitename) like '%doyrdqwd%' or links::text like '%EVIL%'`,
      ),
    );
    expect(stored[0]?.n).toBe(0);

    // the site's own token may push under any name of its site, and under no other site's
    const alias = await pushWan(t, first, body('doyrdqwd'));
    expect(alias.statusCode, alias.body).toBe(200);
    const other = await pushWan(t, first, body('BIEN01'));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('deviceTokenOtherSite');
    // the other site, without a token of its own, stays on the shared token under each of its names
    expect((await pushWan(t, SHARED, body('bien01'))).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from customer_sites where sitename in ('doyrdqwd', 'bien01')`);
  });

  it('shows when each token was last used', async () => {
    const [token] = (await list(HOA)).tokens;
    expect(token.lastUsedAt).toBe(T0 + 120_000);
  });

  it('rotates: the new token works at once, the old one is refused (401)', async () => {
    clock = T0 + 600_000;
    const rotated = await call('POST', HOA, '/rotate');
    expect(rotated.statusCode, rotated.body).toBe(201);
    second = rotated.json().token;
    expect(second).not.toBe(first);
    const old = await pushWan(t, first, body(HOA));
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('deviceTokenInvalid');
    expect((await pushWan(t, second, body(HOA))).statusCode).toBe(200);

    const { tokens } = await list(HOA);
    expect(tokens.map((x: { hint: string; revokedAt: number | null }) => [x.hint, x.revokedAt])).toEqual([
      [second.slice(-4), null],
      [first.slice(-4), T0 + 600_000],
    ]);
    expect(tokens[0].lastUsedAt).toBe(T0 + 600_000);
    // a site without a live token has nothing to rotate
    expect((await call('POST', BIEN, '/rotate')).json()).toMatchObject({ code: 'deviceTokenNone' });
  });

  it('revokes: the router is refused (401), and the site is back on the shared token', async () => {
    const gone = await call('DELETE', HOA);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await pushWan(t, second, body(HOA))).statusCode).toBe(401);
    expect((await call('DELETE', HOA)).json()).toMatchObject({ code: 'deviceTokenNone' });
    expect((await list(HOA)).sharedAccepted).toBe(true);
    expect((await pushWan(t, SHARED, body(HOA))).statusCode).toBe(200);
    // unknown tokens, with the prefix or not
    expect((await pushWan(t, 'it4u_dev_not-a-token', body(HOA))).statusCode).toBe(401);
    expect((await pushWan(t, null, body(HOA))).statusCode).toBe(401);
  });

  it('turns the shared token off in the Parameter tab: then only sites’ own tokens are taken', async () => {
    const third = (await call('POST', HOA)).json().token;
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin,
      payload: { tokenUcrm: '********', tokenDev: '********', tokenDevEnabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await pushWan(t, SHARED, body(BIEN));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('deviceTokenSharedOff');
    expect((await pushWan(t, third, body(HOA))).statusCode).toBe(200);
    expect(await list(BIEN)).toMatchObject({ sharedEnabled: false, sharedAccepted: false });

    // a save that leaves the switch out keeps it; the body without the switch still works
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin,
      payload: { tokenUcrm: '********', tokenDev: '********' },
    });
    expect(again.statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/systemConfig', headers: admin });
    expect(shown.json().tokenDevEnabled).toBe(false);
    expect((await pushWan(t, SHARED, body(BIEN))).statusCode).toBe(401);

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin,
      payload: { tokenUcrm: '********', tokenDev: '********', tokenDevEnabled: true },
    });
    expect((await pushWan(t, SHARED, body(BIEN))).statusCode).toBe(200);
  });

  it('lists the live token first, then the revoked ones newest first, even when a clock went back', async () => {
    const SEN = 'Quán cà phê Sen';
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/customerSite',
      headers: admin,
      payload: { sitename: SEN, groupClient: 'FTTH' },
    });
    expect(added.statusCode, added.body).toBe(201);
    ids[SEN] = added.json().id;
    const start = clock;
    try {
      clock = T0 + 3_600_000;
      const hints = [(await call('POST', SEN)).json().hint];
      // six rotations, the last one on a clock set back an hour (an instance behind the others)
      for (let i = 1; i <= 6; i++) {
        clock = i < 6 ? T0 + 3_600_000 + i * 60_000 : T0;
        const rotated = await call('POST', SEN, '/rotate');
        expect(rotated.statusCode, rotated.body).toBe(201);
        hints.push(rotated.json().hint);
      }
      const { tokens } = await list(SEN);
      expect(tokens).toHaveLength(7);
      expect(tokens[0]).toMatchObject({ hint: hints[6], revokedAt: null, createdAt: T0 });
      expect(tokens.slice(1).map((x: { hint: string }) => x.hint)).toEqual(hints.slice(0, 6).reverse());
    } finally {
      clock = start;
    }
  });

  it.runIf(driver === 'postgres')('takes a token made on another instance at once', async () => {
    const other = await secondInstance(t, { now: () => clock });
    try {
      // the other instance has read the live tokens already
      expect((await pushWan(other, SHARED, body(BIEN))).statusCode).toBe(200);
      const made = (await call('POST', BIEN)).json().token;
      expect((await pushWan(other, made, body(BIEN))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('audits each change without the token', async () => {
    const events = await createAudit(t.database.db).list(1000);
    const names = events.map((e: { event: string }) => e.event);
    for (const event of ['deviceToken.create', 'deviceToken.rotate', 'deviceToken.revoke'])
      expect(names).toContain(event);
    const text = JSON.stringify(events);
    for (const token of [first, second]) expect(text).not.toContain(token);
    expect(await lastPush(HOA)).toBe(T0 + 600_000);
  });
});
