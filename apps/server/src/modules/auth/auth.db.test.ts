import { apiErrorText } from '@it4u/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createAudit } from '../../lib/audit.ts';
import { bearer, createTestApp, drivers, seedUser, signin, type TestApp } from '../../test/helpers.ts';
import { REFRESH_GRACE_MS } from './auth.service.ts';

const WRONG_CREDENTIALS = apiErrorText('wrongCredentials');
const TOO_MANY_ATTEMPTS = apiErrorText('tooManyAttempts');

describe.each(drivers)('auth on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(token) });

  it('signs in with the username or the e-mail, and the token opens /user/me', async () => {
    const u = await seedUser(t.database, { roles: ['ROLE_KT'] });
    for (const login of [u.username, u.email, u.username.toUpperCase()]) {
      const res = await post('/auth/signin', { usernameOrEmail: login, password: u.password, remember: true });
      expect(res.statusCode).toBe(200);
      const { accessToken, refreshToken } = res.json();
      expect(accessToken.split('.')).toHaveLength(3);
      expect(refreshToken).toMatch(/^[0-9a-f-]{36}\.0\.[\w-]{43}$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const who = await me(accessToken);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toMatchObject({ username: u.username, roles: [{ name: 'ROLE_KT' }], status: 'Active' });
    }
  });

  it('answers 401 with the sign-in message for a wrong password and for an unknown user', async () => {
    const u = await seedUser(t.database);
    for (const body of [
      { usernameOrEmail: u.username, password: 'wrong-password' },
      { usernameOrEmail: 'nobody-here', password: 'whatever1' },
    ]) {
      const res = await post('/auth/signin', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(WRONG_CREDENTIALS);
    }
  });

  it('rejects a body without a password with 400 naming the field', async () => {
    const res = await post('/auth/signin', { usernameOrEmail: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('password');
    const empty = await post('/auth/signin', { usernameOrEmail: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('usernameOrEmail');
  });

  it('gives a blocked account no tokens and says it is inactive', async () => {
    const u = await seedUser(t.database, { status: 'Block' });
    const res = await post('/auth/signin', { usernameOrEmail: u.username, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual({ reason: 'inactive' });
    expect(res.body).not.toContain('accessToken');
  });

  it('answers 429 to an address after five failures on one account; its owner elsewhere still gets in', async () => {
    const u = await seedUser(t.database);
    const from = (remoteAddress: string, password: string, usernameOrEmail = u.username) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { usernameOrEmail, password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', `bad-${i}`)).statusCode).toBe(401);
    const res = await from('203.0.113.7', u.password, u.email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'tooManyAttempts', message: TOO_MANY_ATTEMPTS });
    // the attacker cannot keep the owner out: from a clean address the right password works (slowed, not locked)
    expect((await from('198.51.100.20', u.password)).statusCode).toBe(200);
    // and another account from the attacker's address is still let in
    const other = await seedUser(t.database);
    expect((await from('203.0.113.7', other.password, other.username)).statusCode).toBe(200);
  });

  it('counts tries made in parallel: forty at once check at most five passwords', async () => {
    const u = await seedUser(t.database);
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { usernameOrEmail: u.username, password: `guess-${i}` },
          remoteAddress: '203.0.113.99',
        }),
      ),
    );
    const codes = tries.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(35);
  });

  it('answers 429 after twenty failures from one address across accounts', async () => {
    const fresh = await createTestApp(driver);
    try {
      const u = await seedUser(fresh.database);
      for (let i = 0; i < 20; i++) {
        await fresh.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { usernameOrEmail: `ghost${i}`, password: 'nope-nope' },
        });
      }
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { usernameOrEmail: u.username, password: u.password },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('rotates the refresh token; the one just replaced works for a moment; an older one ends the session', async () => {
    const u = await seedUser(t.database);
    const first = await signin(t.app, u.username, u.password);
    const r1 = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(r1.statusCode).toBe(200);
    expect(r1.headers['cache-control']).toBe('no-store');
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    // two tabs refreshing at once: the token just replaced gets the same new refresh token, and nobody is signed out
    const twin = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(twin.statusCode).toBe(200);
    expect(twin.json().refreshToken).toBe(second.refreshToken);
    const third = (await post('/auth/refresh', { refreshToken: second.refreshToken })).json();
    expect((await me(third.accessToken)).statusCode).toBe(200);
    // a real earlier token presented again means a copy was stolen: the whole session ends
    const reuse = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: third.refreshToken })).statusCode).toBe(401);
    expect((await me(third.accessToken)).statusCode).toBe(401);
    const events = await createAudit(t.database.db).list(1000);
    expect(events.some((e) => e.event === 'session.reuse' && e.actorId === u.id)).toBe(true);
  });

  it("keeps the web app's refresh token in an HttpOnly, SameSite=Strict cookie of the refresh route, taken with the app's header only", async () => {
    const u = await seedUser(t.database);
    const signed = await post('/auth/signin', { usernameOrEmail: u.username, password: u.password, remember: true });
    const cookie = String(signed.headers['set-cookie']);
    // the spec's answer keeps its fields for API callers; the browser keeps the token where no script reads it
    expect(signed.json().refreshToken).toBeTruthy();
    expect(cookie).toBe(
      `it4u_refresh=${signed.json().refreshToken}; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict; Max-Age=2592000`,
    );
    const jar = cookie.split(';')[0] as string;
    // a session not remembered: the cookie ends with the browser
    const brief = await post('/auth/signin', { usernameOrEmail: u.username, password: u.password });
    expect(String(brief.headers['set-cookie'])).not.toContain('Max-Age');

    // the cookie alone, as a form of another site would send it: refused, the session goes on
    const forged = await post('/auth/refresh', {}, { cookie: jar });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('sessionEnded');
    // with the web app's header: a new access token in the body, the new refresh token as the cookie only
    const renewed = await post('/auth/refresh', {}, { cookie: jar, 'x-it4u-refresh': '1' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(Object.keys(renewed.json())).toEqual(['accessToken']);
    expect((await me(renewed.json().accessToken)).statusCode).toBe(200);
    const next = String(renewed.headers['set-cookie']);
    expect(next).toMatch(
      /^it4u_refresh=[0-9a-f-]{36}\.1\.[\w-]{43}; Path=\/api\/v1\/auth\/refresh; HttpOnly; SameSite=Strict; Max-Age=2592000$/,
    );
    // behind an HTTPS proxy the console trusts, the cookie is Secure
    const https = await createTestApp(driver, { trustProxy: '127.0.0.1' });
    try {
      const v = await seedUser(https.database);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { usernameOrEmail: v.username, password: v.password },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await https.close();
    }
    // logout ends the session and clears the cookie
    const out = await post('/auth/logout', undefined, bearer(renewed.json().accessToken));
    expect(String(out.headers['set-cookie'])).toBe(
      'it4u_refresh=; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict; Max-Age=0',
    );
    const after = await post('/auth/refresh', {}, { cookie: next.split(';')[0] as string, 'x-it4u-refresh': '1' });
    expect(after.statusCode).toBe(401);
    expect(String(after.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('takes the token just replaced only for a moment', async () => {
    const u = await seedUser(t.database);
    const first = await signin(t.app, u.username, u.password);
    const second = (await post('/auth/refresh', { refreshToken: first.refreshToken })).json();
    const sid = first.refreshToken.split('.')[0] as string;
    await t.database.db
      .update(sessions)
      .set({ rotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(sessions.id, sid));
    expect((await post('/auth/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
  });

  it('does not let someone who only knows the session id end the session', async () => {
    const u = await seedUser(t.database);
    const tokens = await signin(t.app, u.username, u.password);
    const sid = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] as string, 'base64url').toString()).sid;
    for (const forged of [`${sid}.0.${'A'.repeat(43)}`, `${sid}.1.${'B'.repeat(43)}`, `${sid}.abc`]) {
      expect((await post('/auth/refresh', { refreshToken: forged })).statusCode).toBe(401);
    }
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    expect((await post('/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(200);
  });

  it('refuses garbage refresh tokens', async () => {
    for (const refreshToken of ['x', 'not-a-uuid.abc', '00000000-0000-0000-0000-000000000000.abc']) {
      expect((await post('/auth/refresh', { refreshToken })).statusCode).toBe(401);
    }
  });

  it('logout ends the session: the access and refresh tokens stop working', async () => {
    const u = await seedUser(t.database);
    const tokens = await signin(t.app, u.username, u.password);
    const out = await post('/auth/logout', { refreshToken: tokens.refreshToken }, bearer(tokens.accessToken));
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe("You're successfully logged out.");
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
  });

  it('rejects missing, malformed and forged access tokens', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect((await me('abc.def.ghi')).statusCode).toBe(401);
    const other = await createTestApp(driver);
    try {
      const u = await seedUser(other.database);
      const forged = await signin(other.app, u.username, u.password);
      expect((await me(forged.accessToken)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('forces the change of a generated password, then clears the flag', async () => {
    const u = await seedUser(t.database, { changePw: true });
    const tokens = await signin(t.app, u.username, u.password);
    expect((await me(tokens.accessToken)).json().changePw).toBe(true);
    // until the password is changed, nothing else is open to the user
    const blocked = await t.app.inject({ method: 'GET', url: '/api/v1/role', headers: bearer(tokens.accessToken) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().details).toEqual({ reason: 'changePassword' });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/changePassword', payload, headers: bearer(tokens.accessToken) });
    const missing = await put({ currentPassword: u.password, newPassword: 'N3w-password!' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('confirmPassword');
    const mismatch = await put({
      currentPassword: u.password,
      newPassword: 'N3w-password!',
      confirmPassword: 'other-one',
    });
    expect(mismatch.json().message).toBe('Two passwords that you enter is inconsistent!');
    const ok = await put({
      currentPassword: u.password,
      newPassword: 'N3w-password!',
      confirmPassword: 'N3w-password!',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(tokens.accessToken)).json().changePw).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/role', headers: bearer(tokens.accessToken) })).statusCode,
    ).toBe(200);
    await expect(signin(t.app, u.username, u.password)).rejects.toThrow('401');
    await signin(t.app, u.username, 'N3w-password!');
  });

  it('records security events with who, when and from where, and never a password', async () => {
    const u = await seedUser(t.database);
    await post('/auth/signin', { usernameOrEmail: u.username, password: 'Wrong-pass1' });
    await signin(t.app, u.username, u.password);
    const events = (await createAudit(t.database.db).list(1000)).filter((e) => e.target === u.username.toLowerCase());
    expect(events.map((e) => e.event)).toEqual(['signin.failure', 'signin.success']);
    expect(events[1]).toMatchObject({ actorId: u.id, ip: '127.0.0.1' });
    expect(events[1]?.at).toBeInstanceOf(Date);
    expect(JSON.stringify(events)).not.toContain(u.password);
    expect(JSON.stringify(events)).not.toContain('Wrong-pass1');
  });
});
