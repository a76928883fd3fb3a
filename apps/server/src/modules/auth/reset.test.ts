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
  /** The token of the link in the latest mail. */
  const lastLink = () => {
    const text = smtp.received.at(-1)?.text ?? '';
    const m = /https:\/\/console\.it4u\.test\/resetPassword\?token=([A-Za-z0-9_-]{43})/.exec(text);
    if (!m) throw new Error(`no link in: ${text}`);
    return m[1] as string;
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
    const token = lastLink();
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
    await smtp.waitFor(n + 1);
    const first = lastLink();
    expect(smtp.received.at(-1)?.subject).toBe('Reset your IT4U console password');
    expect((await ask(user.email, '198.51.100.1')).statusCode).toBe(202);
    await smtp.waitFor(n + 2);
    const second = lastLink();
    expect((await reset(first, 'Sóng-vỗ-bờ-2026', undefined, '198.51.100.1')).json().code).toBe('resetLinkInvalid');
    clock += 31 * MIN;
    expect((await reset(second, 'Sóng-vỗ-bờ-2026', undefined, '198.51.100.1')).json().code).toBe('resetLinkInvalid');
    clock = T0;
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
