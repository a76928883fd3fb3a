import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, seedUser, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 24, 20, 0);

describe.each(drivers)('password reset by mail on %s', (driver) => {
  let t: TestApp;
  let clock = T0;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  const ask = (email: string, ip = '203.0.113.5') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotPassword',
      payload: { email },
      remoteAddress: ip,
    });
  const reset = (token: string, newPassword: string, confirmPassword = newPassword, ip = '203.0.113.5') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resetPassword',
      payload: { token, newPassword, confirmPassword },
      remoteAddress: ip,
    });
  const LINK = /https:\/\/console\.it4u\.test\/resetPassword\?token=([A-Za-z0-9_-]{43})/;
  /**
   * The token of a reset link mailed to `address` other than the `known` ones, waited for. By address, not the last
   * mail: a notice of an earlier test's change (an e-mail address changed) can arrive after the mail asked for.
   */
  const linkTo = async (address: string, ...known: string[]): Promise<string> => {
    for (;;) {
      const token = smtp.received
        .filter((m) => m.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()))
        .map((m) => LINK.exec(m.text ?? '')?.[1])
        .find((found) => found !== undefined && !known.includes(found));
      if (token) return token;
      await smtp.waitFor(smtp.received.length + 1);
    }
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { now: () => clock, scheduleMail: false, publicUrl: 'https://console.it4u.test' });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('says to ask an administrator while mail is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/forgotPassword' });
    expect(res.json()).toEqual({ available: false });
    const asked = await ask('anyone@it4u.test');
    expect(asked.statusCode).toBe(503);
    expect(asked.json().code).toBe('mailNotConfigured');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/configMail',
      headers: admin,
      payload: mailSettingsFor(smtp.port),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/forgotPassword' })).json()).toEqual({
      available: true,
    });
  });

  it('answers the same for an unknown address, and mails a single-use link in the user’s language', async () => {
    const user = await seedUser(t.database, { roles: ['ROLE_KT'], email: 'Lan.Nguyen@it4u.test' });
    await t.database.db.execute(sql`update users set language = 'Vietnamese' where id = ${user.id}`);
    const old = await signin(t.app, user.username, user.password);

    const unknown = await ask('nobody@it4u.test');
    // the trail keeps a mark for an address that is no user's, never the address typed
    const asked = rowsOf<{ target: string }>(
      await t.database.db.execute(sql`select target from audit_events where event = 'password.reset.request'`),
    );
    expect(asked.at(-1)?.target).toMatch(/^unknown:[0-9a-f]{16}$/);
    expect(JSON.stringify(asked)).not.toContain('nobody');
    const known = await ask('lan.nguyen@it4u.test');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.envelopeTo).toEqual(['Lan.Nguyen@it4u.test']);
    expect(mail?.subject).toBe('Đặt lại mật khẩu IT4U console');
    expect(mail?.text).toContain(`tài khoản ${user.username}`);
    const token = await linkTo('lan.nguyen@it4u.test');
    // only a hash of the token is kept
    const stored = rowsOf<{ token_hash: string }>(
      await t.database.db.execute(sql`select token_hash from password_resets`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    // the mail log has the line, never the link
    const log = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailLog', headers: admin });
    expect(log.json().items[0]).toMatchObject({ kind: 'reset', ok: true, to: ['Lan.Nguyen@it4u.test'] });
    expect(log.body).not.toContain(token);

    // the usual rules: a weak password is refused and the link still works
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('commonPassword');
    expect((await reset(token, 'Mây-trắng-bay-42', 'other')).json().code).toBe('passwordsDiffer');

    const done = await reset(token, 'Mây-trắng-bay-42');
    expect(done.statusCode, done.body).toBe(200);
    // every session of the user ended; the new password signs in
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: old.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await signin(t.app, user.username, 'Mây-trắng-bay-42');
    // once only
    const again = await reset(token, 'Another-good-pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'resetLinkInvalid', details: [{ field: 'token' }] });
  });

  it('lets a link expire after 30 minutes, and a new link replaces the one before', async () => {
    const user = await seedUser(t.database, { roles: ['ROLE_KH'] });
    const n = smtp.received.length;
    expect((await ask(user.email, '198.51.100.1')).statusCode).toBe(202);
    const first = await linkTo(user.email);
    expect(smtp.received.slice(n).find((m) => m.envelopeTo.includes(user.email))?.subject).toBe(
      'Reset your IT4U console password',
    );
    expect((await ask(user.email, '198.51.100.1')).statusCode).toBe(202);
    const second = await linkTo(user.email, first);
    expect((await reset(first, 'Sóng-vỗ-bờ-2026', undefined, '198.51.100.1')).json().code).toBe('resetLinkInvalid');
    clock += 31 * MIN;
    expect((await reset(second, 'Sóng-vỗ-bờ-2026', undefined, '198.51.100.1')).json().code).toBe('resetLinkInvalid');
    clock = T0;
  });

  it('ends every open link when the password is changed, the e-mail address changes, the account is blocked or an administrator resets it', async () => {
    const put = (url: string, payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers });
    const row = (u: { username: string; email: string }, more: object = {}) => ({
      name: 'Lan',
      username: u.username,
      email: u.email,
      gender: 'Female',
      language: 'English',
      type: 'User',
      roles: ['ROLE_KT'],
      status: 'Active',
      ...more,
    });
    const changes: [
      string,
      (u: Awaited<ReturnType<typeof seedUser>>) => Promise<{ statusCode: number; body: string }>,
    ][] = [
      [
        'their own password',
        async (u) => {
          const own = await signin(t.app, u.username, u.password);
          return put(
            '/user/changePassword',
            { currentPassword: u.password, newPassword: 'Gió-mùa-thu-2026', confirmPassword: 'Gió-mùa-thu-2026' },
            { authorization: `Bearer ${own.accessToken}` },
          );
        },
      ],
      [
        'their own e-mail address',
        async (u) => {
          const own = await signin(t.app, u.username, u.password);
          return put(
            '/user/update',
            { email: `new.${u.email}`, currentPassword: u.password },
            { authorization: `Bearer ${own.accessToken}` },
          );
        },
      ],
      [
        'their e-mail address, by an administrator',
        (u) => put(`/users/${u.id}`, row(u, { email: `moved.${u.email}` }), admin),
      ],
      ['a block', (u) => put(`/users/${u.id}`, row(u, { status: 'Block' }), admin)],
      [
        "an administrator's reset",
        (u) =>
          put(`/changePassword/${u.id}`, { newPassword: 'Trăng-rằm-2026', confirmPassword: 'Trăng-rằm-2026' }, admin),
      ],
    ];
    for (const [i, [what, change]] of changes.entries()) {
      const user = await seedUser(t.database, { roles: ['ROLE_KT'] });
      expect((await ask(user.email, `198.51.100.${20 + i}`)).statusCode).toBe(202);
      const link = await linkTo(user.email);
      const changed = await change(user);
      expect(changed.statusCode, `${what}: ${changed.body}`).toBe(200);
      const used = await reset(link, 'Sóng-vỗ-bờ-2026', undefined, `198.51.100.${20 + i}`);
      expect(used.statusCode, what).toBe(400);
      expect(used.json().code, what).toBe('resetLinkInvalid');
    }
    // a change of the name alone leaves the link as it is
    const kept = await seedUser(t.database, { roles: ['ROLE_KT'] });
    await ask(kept.email, '198.51.100.40');
    const link = await linkTo(kept.email);
    expect((await put(`/users/${kept.id}`, row(kept, { name: 'Lan Nguyễn' }), admin)).statusCode).toBe(200);
    expect((await reset(link, 'Sóng-vỗ-bờ-2026', undefined, '198.51.100.40')).statusCode).toBe(200);
  });

  it('limits requests per address and per client address, and wrong links per client address', async () => {
    const user = await seedUser(t.database, { roles: ['ROLE_KH'] });
    for (let i = 0; i < 3; i++) expect((await ask(user.email, '192.0.2.1')).statusCode).toBe(202);
    const limited = await ask(user.email, '192.0.2.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'resetTooMany', params: { minutes: 60 } });
    for (let i = 0; i < 7; i++) expect((await ask(`someone${i}@it4u.test`, '192.0.2.1')).statusCode).toBe(202);
    expect((await ask('someone-else@it4u.test', '192.0.2.1')).statusCode).toBe(429);

    const bad = 'A'.repeat(43);
    for (let i = 0; i < 10; i++)
      expect((await reset(bad, 'Sóng-vỗ-bờ-2026', undefined, '192.0.2.9')).statusCode).toBe(400);
    expect((await reset(bad, 'Sóng-vỗ-bờ-2026', undefined, '192.0.2.9')).statusCode).toBe(429);
    // a malformed token is refused by the schema
    expect((await reset('short', 'Sóng-vỗ-bờ-2026')).statusCode).toBe(400);
  });
});
