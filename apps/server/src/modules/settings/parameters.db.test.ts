import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { createAudit } from '../../lib/audit.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';

describe.each(drivers)('system parameters on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(() => t.close());

  const put = (payload: object, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/it4u/systemConfig', headers, payload });
  const get = (headers = admin) => t.app.inject({ method: 'GET', url: '/api/v1/it4u/systemConfig', headers });
  const body = {
    usernameUbnt: 'console',
    pwUbnt: 'Ubnt-secret-1',
    tokenUcrm: 'crm-token-abc',
    tokenDev: 'dev-token-xyz',
    urlUbnt: 'http://127.0.0.1:9',
    verifyTls: true,
  };

  it('stores secrets encrypted, answers them masked, keeps a masked value, and says whether the login works', async () => {
    const res = await put(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(true);
    expect(res.json().controller.ok).toBe(false);
    expect(res.json().controller).toMatchObject({ code: 'controllerUnreachable', controller: 'http://127.0.0.1:9' });

    const shown = (await get()).json();
    expect(shown).toEqual({
      ...body,
      pwUbnt: '********',
      tokenUcrm: '********',
      tokenDev: '********',
      // the shared device token is on until turned off
      tokenDevEnabled: true,
      // no controller host: cronjob files are kept, not delivered
      sshHost: '',
      sshPort: 22,
      sshUser: '',
      sshPassword: '',
      sshKey: '',
      unifiDataDir: '/usr/lib/unifi/data',
      sshHostKey: '',
      terminalPassword: '',
    });
    const [row] = await t.database.db.select().from(settings);
    const stored = JSON.stringify(row?.value);
    for (const secret of [body.pwUbnt, body.tokenUcrm, body.tokenDev]) expect(stored).not.toContain(secret);

    // sending the mask back keeps the stored secret; a new value replaces it
    await put({ ...body, pwUbnt: '********', tokenUcrm: '********', tokenDev: 'new-dev-token' });
    const [after] = await t.database.db.select().from(settings);
    const value = after?.value as Record<string, string>;
    const first = row?.value as Record<string, string>;
    expect(value.pwUbnt).toBe(first.pwUbnt);
    expect(value.tokenDev).not.toBe(first.tokenDev);

    const events = JSON.stringify(await createAudit(t.database.db).list(1000));
    expect(events).toContain('settings.parameters');
    for (const secret of [body.pwUbnt, body.tokenUcrm, body.tokenDev, 'new-dev-token'])
      expect(events).not.toContain(secret);
  });

  it('does not send the stored controller password to a new address or user: it must be typed again', async () => {
    await put({ ...body, urlUbnt: 'http://127.0.0.1:9' });
    for (const changed of [
      { urlUbnt: 'http://10.0.0.66:8443' },
      { usernameUbnt: 'someone-else' },
      { verifyTls: false },
    ]) {
      const res = await put({ ...body, ...changed, pwUbnt: '********', tokenUcrm: '********', tokenDev: '********' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'passwordForNewController', details: [{ field: 'pwUbnt' }] });
    }
    expect((await get()).json().urlUbnt).toBe('http://127.0.0.1:9');
    // the same address with the mask keeps the password; a new address with the password typed again is saved
    expect((await put({ ...body, pwUbnt: '********' })).statusCode).toBe(200);
    const moved = await put({ ...body, urlUbnt: 'http://127.0.0.1:10', tokenUcrm: '********', tokenDev: '********' });
    expect(moved.statusCode).toBe(200);
    expect((await get()).json().urlUbnt).toBe('http://127.0.0.1:10');
    // back to the demo controller (no address): nothing is sent anywhere, the mask is fine
    const demo = await put({ ...body, urlUbnt: '', pwUbnt: '********', tokenUcrm: '********', tokenDev: '********' });
    expect(demo.statusCode).toBe(200);
  });

  it('requires the two tokens, naming the missing one', async () => {
    const { tokenDev: _omit, ...rest } = body;
    const res = await put(rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('tokenDev');
    expect((await put({ ...body, tokenUcrm: '' })).json().details[0].field).toBe('tokenUcrm');
  });

  it('takes no device token while the shared one is turned off; turned on, requires one', async () => {
    const { tokenDev: _omit, ...noToken } = body;
    // off: saved with the token left out or empty (an empty one clears the stored token)
    const omitted = await put({ ...noToken, tokenDevEnabled: false });
    expect(omitted.statusCode, omitted.body).toBe(200);
    const emptied = await put({ ...body, tokenDev: '', tokenDevEnabled: false });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await get()).json()).toMatchObject({ tokenDev: '', tokenDevEnabled: false });
    // a switch left out stays off: still no token needed
    expect((await put({ ...body, tokenDev: '' })).statusCode).toBe(200);

    // on: a token is needed, typed or stored (the mask with none stored is none)
    const cases = [{ tokenDev: '' }, { tokenDev: '   ' }, { tokenDev: '********' }, {}] as const;
    for (const changed of cases) {
      const res = await put({ ...noToken, ...changed, tokenDevEnabled: true });
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'deviceTokenSharedRequired',
        details: [{ field: 'tokenDev', code: 'deviceTokenSharedRequired' }],
      });
    }
    expect((await get()).json()).toMatchObject({ tokenDev: '', tokenDevEnabled: false });
    expect((await put({ ...body, tokenDevEnabled: true })).statusCode).toBe(200);
    expect((await put({ ...body, tokenDev: '********', tokenDevEnabled: true })).statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({ tokenDev: '********', tokenDevEnabled: true });
    // the bound stays
    expect((await put({ ...body, tokenDev: 'd'.repeat(501), tokenDevEnabled: false })).statusCode).toBe(400);
  });

  it('with no controller address (the demo controller), takes no controller user or password', async () => {
    const { usernameUbnt: _user, pwUbnt: _password, ...tokens } = body;
    const omitted = await put({ ...tokens, urlUbnt: '' });
    expect(omitted.statusCode).toBe(200);
    expect(omitted.json().controller).toMatchObject({ ok: true, code: 'demoControllerInUse' });
    expect((await get()).json()).toMatchObject({ urlUbnt: '', usernameUbnt: '', pwUbnt: '' });

    const empty = await put({ ...body, urlUbnt: '', usernameUbnt: '', pwUbnt: '' });
    expect(empty.statusCode).toBe(200);
    // the bounds stay
    expect((await put({ ...body, urlUbnt: '', usernameUbnt: 'u'.repeat(501) })).statusCode).toBe(400);
    expect((await put({ ...body, urlUbnt: '', pwUbnt: 'p'.repeat(501) })).statusCode).toBe(400);
  });

  it('with a controller address, refuses a missing user or password, naming it', async () => {
    await put({ ...body, urlUbnt: '', usernameUbnt: '', pwUbnt: '' });
    const cases = [
      [{ pwUbnt: '' }, 'pwUbnt', 'controllerPasswordRequired'],
      [{ pwUbnt: '   ' }, 'pwUbnt', 'controllerPasswordRequired'],
      // the mask with no password stored is no password either
      [{ pwUbnt: '********' }, 'pwUbnt', 'controllerPasswordRequired'],
      [{ usernameUbnt: '' }, 'usernameUbnt', 'controllerUserRequired'],
      [{ usernameUbnt: '  ', pwUbnt: '' }, 'usernameUbnt', 'controllerUserRequired'],
    ] as const;
    for (const [changed, field, code] of cases) {
      const res = await put({ ...body, ...changed });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, details: [{ field, code }] });
    }
    const { pwUbnt: _omit, ...noPassword } = body;
    expect((await put(noPassword)).json()).toMatchObject({ code: 'controllerPasswordRequired' });
    // nothing was saved
    expect((await get()).json()).toMatchObject({ urlUbnt: '', usernameUbnt: '' });
  });

  for (const role of ['ROLE_LEAD_KT', 'ROLE_KT', 'ROLE_MANAGER', 'ROLE_KH'] as const) {
    it(`is ROLE_ADMIN's only: ${role} gets 403`, async () => {
      const other = (await tokenFor(t, [role])).headers;
      expect((await get(other)).statusCode).toBe(403);
      expect((await put(body, other)).statusCode).toBe(403);
    });
  }
});
