import { ROLE_NAMES, type RoleName } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { bearer, createTestApp, drivers, seedUser, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

const newUser = (suffix: string, extra: object = {}) => ({
  name: `Nguyễn Văn ${suffix}`,
  username: `nv_${suffix}`,
  email: `nv_${suffix}@example.test`,
  password: 'Secret-pass1',
  confirmPassword: 'Secret-pass1',
  gender: 'Male',
  language: 'Vietnamese',
  type: 'User',
  roles: ['ROLE_KT'],
  sitename: [],
  ...extra,
});

describe.each(drivers)('users on %s', (driver) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof tokenFor>>;
  let siteA: { idname: string };
  let siteB: { idname: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    const sites = createSitesRepository(t.database.db);
    siteA = await sites.insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    siteB = await sites.insert({ sitename: 'Cafe Sài Gòn', idname: 'cafesg02' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

  it('lets an administrator create a user who can then sign in, with sites and roles', async () => {
    const res = await call('POST', '/auth/signup', admin.headers, newUser('a', { sitename: [siteA.idname] }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'nv_a',
      roles: [{ name: 'ROLE_KT' }],
      sitename: [{ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' }],
      status: 'Active',
      numLogin: 0,
      lastTimeLogin: 0,
    });
    // the password the administrator chose is changed at the first sign-in (account.test.ts)
    expect(body.changePw).toBe(true);
    await signin(t.app, 'nv_a', 'Secret-pass1');
  });

  it('answers 409 for a taken username or e-mail, whatever the case', async () => {
    await call('POST', '/auth/signup', admin.headers, newUser('dup'));
    const sameName = await call(
      'POST',
      '/auth/signup',
      admin.headers,
      newUser('dup', { username: 'NV_DUP', email: 'x1@example.test' }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username is already taken!');
    const sameMail = await call(
      'POST',
      '/auth/signup',
      admin.headers,
      newUser('dup2', { email: 'NV_dup@example.test' }),
    );
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().message).toBe('Email Address already in use!');
  });

  it('validates the add form: 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ username: 'a b' }, 'username'],
      [{ password: 'short', confirmPassword: 'short' }, 'password'],
      [{ gender: 'Other' }, 'gender'],
      [{ roles: ['ROLE_GOD'] }, 'roles.0'],
      [{ confirmPassword: 'Different-1' }, 'confirmPassword'],
      [{ sitename: ['no-such-site'] }, 'sitename'],
      [{ type: 'User', roles: [] }, 'roles'],
    ];
    for (const [patch, field] of cases) {
      const res = await call('POST', '/auth/signup', admin.headers, newUser(`v${field.length}`, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().details[0].field, JSON.stringify(patch)).toBe(field);
    }
    const { name: _n, ...withoutName } = newUser('noname');
    const res = await call('POST', '/auth/signup', admin.headers, withoutName);
    expect(res.json().details[0].field).toBe('name');
  });

  it('makes a Client a ROLE_KH whatever roles were sent', async () => {
    const res = await call(
      'POST',
      '/auth/signup',
      admin.headers,
      newUser('client', { type: 'Client', roles: ['ROLE_ADMIN'] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().roles).toEqual([{ name: 'ROLE_KH' }]);
  });

  it('lists and searches users with paging, and never returns a password hash', async () => {
    for (const s of ['p1', 'p2', 'p3']) await call('POST', '/auth/signup', admin.headers, newUser(`list_${s}`));
    const page = await call('GET', '/user?page=1&pageSize=2&q=list_', admin.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().items).toHaveLength(2);
    const second = await call('GET', '/user?page=2&pageSize=2&q=list_', admin.headers);
    expect(second.json().items).toHaveLength(1);
    const search = await call('POST', '/searchUser', admin.headers, { content: 'nv_list_p2' });
    expect(search.json().items.map((u: { username: string }) => u.username)).toEqual(['nv_list_p2']);
    const everything = [page.body, search.body, (await call('GET', '/user/me', admin.headers)).body];
    const one = await call('GET', `/users/${search.json().items[0].id}`, admin.headers);
    everything.push(one.body);
    for (const body of everything) {
      expect(body).not.toMatch(/password|\$argon2/i);
    }
    const big = await call('GET', '/user?pageSize=500', admin.headers);
    expect(big.statusCode).toBe(400);
  });

  const userRoutes = (id: number) =>
    [
      ['GET', '/user', undefined],
      ['POST', '/searchUser', { content: 'x' }],
      ['GET', `/users/${id}`, undefined],
      ['PUT', `/users/${id}`, { ...newUser(`zz${id}`), status: 'Active' }],
      ['PUT', `/changePassword/${id}`, { newPassword: 'Another-1x', confirmPassword: 'Another-1x' }],
      ['POST', '/auth/signup', newUser(`forbidden${id}`)],
      ['DELETE', `/users/${id}`, undefined],
    ] as const;

  for (const role of ROLE_NAMES) {
    const allowed = role === 'ROLE_ADMIN' || role === 'ROLE_LEAD_KT';
    it(`${allowed ? 'lets' : 'forbids'} ${role} ${allowed ? 'use the users routes' : 'every users route'}`, async () => {
      const caller = await tokenFor(t, [role as RoleName]);
      const victim = await seedUser(t.database, { roles: ['ROLE_KT'] });
      for (const [method, url, payload] of userRoutes(victim.id)) {
        const res = await call(method, url, caller.headers, payload);
        if (allowed) expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
        else expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });
  }

  it('lets only an administrator grant ROLE_ADMIN or touch an administrator', async () => {
    const lead = await tokenFor(t, ['ROLE_LEAD_KT']);
    const grant = await call('POST', '/auth/signup', lead.headers, newUser('lead_admin', { roles: ['ROLE_ADMIN'] }));
    expect(grant.statusCode).toBe(403);
    const other = await seedUser(t.database, { roles: ['ROLE_ADMIN'] });
    expect((await call('DELETE', `/users/${other.id}`, lead.headers)).statusCode).toBe(403);
    const reset = await call('PUT', `/changePassword/${other.id}`, lead.headers, {
      newPassword: 'Takeover-1',
      confirmPassword: 'Takeover-1',
    });
    expect(reset.statusCode).toBe(403);
  });

  it('blocking a user ends their sessions; they then get no tokens', async () => {
    const created = (await call('POST', '/auth/signup', admin.headers, newUser('blockme'))).json();
    const tokens = await signin(t.app, 'nv_blockme', 'Secret-pass1');
    const res = await call('PUT', `/users/${created.id}`, admin.headers, {
      ...newUser('blockme'),
      status: 'Block',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Block');
    expect((await call('GET', '/user/me', bearer(tokens.accessToken))).statusCode).toBe(401);
    const again = await call('POST', '/auth/refresh', {}, { refreshToken: tokens.refreshToken });
    expect(again.statusCode).toBe(401);
    const signinAgain = await call(
      'POST',
      '/auth/signin',
      {},
      { usernameOrEmail: 'nv_blockme', password: 'Secret-pass1' },
    );
    expect(signinAgain.statusCode).toBe(403);
    const events = (await createAudit(t.database.db).list(1000)).map((e) => `${e.event}:${e.target}`);
    expect(events).toContain('user.status:nv_blockme');
    expect(events).toContain('session.revoke:nv_blockme');
  });

  it('edits roles and sites, audits the role change, and refuses to block or demote oneself', async () => {
    const created = (await call('POST', '/auth/signup', admin.headers, newUser('edit'))).json();
    const res = await call('PUT', `/users/${created.id}`, admin.headers, {
      ...newUser('edit', { roles: ['ROLE_CSKH'], sitename: [siteA.idname, siteB.idname] }),
      status: 'Active',
    });
    expect(res.json().roles).toEqual([{ name: 'ROLE_CSKH' }]);
    expect(
      res
        .json()
        .sitename.map((s: { idname: string }) => s.idname)
        .sort(),
    ).toEqual(['cafesg02', 'hoamai01']);
    const events = await createAudit(t.database.db).list(1000);
    expect(events.find((e) => e.event === 'user.roles' && e.target === 'nv_edit')?.details).toEqual({
      from: ['ROLE_KT'],
      to: ['ROLE_CSKH'],
    });
    const self = await call('PUT', `/users/${admin.user.id}`, admin.headers, {
      ...newUser('self', { username: admin.user.username, email: admin.user.email, roles: ['ROLE_ADMIN'] }),
      status: 'Block',
    });
    expect(self.statusCode).toBe(400);
    expect((await call('DELETE', `/users/${admin.user.id}`, admin.headers)).statusCode).toBe(400);
  });

  it('deletes a user; a second delete is 404', async () => {
    const created = (await call('POST', '/auth/signup', admin.headers, newUser('del'))).json();
    const res = await call('DELETE', `/users/${created.id}`, admin.headers);
    expect(res.json().message).toBe("You're successfully deleted.");
    expect((await call('DELETE', `/users/${created.id}`, admin.headers)).statusCode).toBe(404);
  });

  it("resets another user's password: their sessions end and they must change it", async () => {
    const created = (await call('POST', '/auth/signup', admin.headers, newUser('reset'))).json();
    const old = await signin(t.app, 'nv_reset', 'Secret-pass1');
    const res = await call('PUT', `/changePassword/${created.id}`, admin.headers, {
      newPassword: 'Temporary-9',
      confirmPassword: 'Temporary-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/user/me', bearer(old.accessToken))).statusCode).toBe(401);
    const fresh = await signin(t.app, 'nv_reset', 'Temporary-9');
    expect((await call('GET', '/user/me', bearer(fresh.accessToken))).json().changePw).toBe(true);
  });

  it('updates the own profile (not the name) and counts sign-ins', async () => {
    const u = await tokenFor(t, ['ROLE_MANAGER']);
    const res = await call('PUT', '/user/update', u.headers, {
      language: 'Vietnamese',
      gender: 'Female',
      name: 'Hacker',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'Vietnamese', gender: 'Female', name: `Name ${u.user.username}` });
    const n1 = (await call('GET', '/user/updateNumLogin', u.headers)).json();
    const n2 = (await call('GET', '/user/updateNumLogin', u.headers)).json();
    expect(n2.numLogin).toBe(n1.numLogin + 1);
    expect(n2.lastTimeLogin).toBeGreaterThan(Date.now() - 60_000);
    const taken = await call('PUT', '/user/update', u.headers, {
      username: admin.user.username,
      currentPassword: u.user.password,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('changes the own password: wrong current password is refused, other sessions end', async () => {
    const u = await seedUser(t.database);
    const a = await signin(t.app, u.username, u.password);
    const b = await signin(t.app, u.username, u.password);
    const wrong = await call('PUT', '/user/changePassword', bearer(a.accessToken), {
      currentPassword: 'nope',
      newPassword: 'Brand-new-1',
      confirmPassword: 'Brand-new-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('currentPassword');
    const ok = await call('PUT', '/user/changePassword', bearer(a.accessToken), {
      currentPassword: u.password,
      newPassword: 'Brand-new-1',
      confirmPassword: 'Brand-new-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/user/me', bearer(a.accessToken))).statusCode).toBe(200);
    expect((await call('GET', '/user/me', bearer(b.accessToken))).statusCode).toBe(401);
  });

  it('lists online users and the roles; a customer sees staff only', async () => {
    const kh = await tokenFor(t, ['ROLE_KH']);
    const other = await tokenFor(t, ['ROLE_KH']);
    const staff = await tokenFor(t, ['ROLE_CSKH']);
    const names = async (headers: Record<string, string>) =>
      (await call('GET', '/user/online', headers)).json().online.map((o: { username: string }) => o.username);
    expect(await names(staff.headers)).toEqual(expect.arrayContaining([kh.user.username, other.user.username]));
    const seenByCustomer = await names(kh.headers);
    expect(seenByCustomer).toContain(staff.user.username);
    expect(seenByCustomer).not.toContain(other.user.username);
    expect(seenByCustomer).not.toContain(kh.user.username);
    const roles = (await call('GET', '/role', kh.headers)).json();
    expect(roles.map((r: { name: string }) => r.name)).toEqual([...ROLE_NAMES]);
  });
});
