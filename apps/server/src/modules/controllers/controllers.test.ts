import { SECRET_MASK } from '@it4u/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';

const NOW = SIM_CLOCKS.noon;

/**
 * Several controllers: an administrator adds them (the first is systemConfig's), the site sync merges their sites
 * (both have `default`), every call about a site goes to its controller, and one that dies leaves the others working.
 */
describe.each(drivers)('several controllers, on %s', (driver) => {
  let north: TestSimulator;
  let south: TestSimulator;
  let t: TestApp;
  let admin: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: admin, payload });
  const account = (sim: TestSimulator, name: string) => ({
    name,
    url: sim.config.url,
    signIn: 'account',
    username: sim.config.username,
    password: sim.config.password,
    verifyTls: true,
    timeoutSeconds: 2,
  });

  beforeEach(async () => {
    north = await startTestSimulator('noon', { seed: 11 });
    south = await startTestSimulator('noon', { seed: 12 });
    t = await createTestApp(driver, { now: () => NOW });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterEach(async () => {
    await t.close();
    await north.close();
    await south.close().catch(() => {}); // one test stops it itself
  });

  it('are added, listed with their state, and kept apart; systemConfig shows the first', async () => {
    const first = await call('POST', '/it4u/controllers', account(north, 'Miền Bắc'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      controller: { name: 'Miền Bắc', password: SECRET_MASK, first: true },
      check: { ok: true, code: 'controllerSignedIn' },
    });
    const second = await call('POST', '/it4u/controllers', account(south, 'Miền Nam'));
    expect(second.json()).toMatchObject({ controller: { first: false }, check: { ok: true } });
    expect((await call('POST', '/it4u/controllers', account(south, 'Again'))).json()).toMatchObject({
      statusCode: 409,
      code: 'controllerTaken',
    });

    const list = (await call('GET', '/it4u/controllers')).json();
    expect(list.demo).toBe(false);
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(['Miền Bắc', 'Miền Nam']);
    for (const c of list.items) {
      expect(c.state).toMatchObject({ reachable: true, sites: expect.any(Number), error: null });
      expect(c.state.latencyMs).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(c)).not.toContain('sim-pass');
    }

    const config = (await call('GET', '/it4u/systemConfig')).json();
    expect(config).toMatchObject({ urlUbnt: north.config.url, usernameUbnt: 'admin', pwUbnt: SECRET_MASK });

    // a stored password never goes to another address: it must be typed again
    const id = second.json().controller.id;
    const moved = await call('PUT', `/it4u/controllers/${id}`, {
      ...account(south, 'Miền Nam'),
      url: 'http://127.0.0.1:1',
      password: SECRET_MASK,
    });
    expect(moved.json()).toMatchObject({ statusCode: 400, code: 'passwordForNewController' });
    // an API key needs a UniFi OS console
    const classicKey = await call('PUT', `/it4u/controllers/${id}`, {
      ...account(south, 'Miền Nam'),
      signIn: 'apiKey',
      apiKey: 'some-key',
      flavor: 'classic',
    });
    expect(classicKey.json()).toMatchObject({ statusCode: 400, code: 'apiKeyNeedsUnifiOs' });
  });

  it('merge their sites in one sync, both with a site "default", and send every call to the site\'s controller', async () => {
    await call('POST', '/it4u/controllers', account(north, 'Miền Bắc'));
    const south2 = (await call('POST', '/it4u/controllers', account(south, 'Miền Nam'))).json().controller.id;

    const sync = await call('GET', '/it4u/createSitesName');
    expect(sync.statusCode).toBe(200);
    const { controllers, total, added } = sync.json();
    expect(controllers.map((c: { name: string; error?: unknown }) => [c.name, c.error])).toEqual([
      ['Miền Bắc', undefined],
      ['Miền Nam', undefined],
    ]);
    expect(added).toBe(total);
    const names = (await call('GET', '/it4u/sitenames')).json().map((s: { idname: string }) => s.idname);
    expect(names).toContain('default');
    expect(names).toContain(`default-${south2}`);
    expect(new Set(names).size).toBe(names.length);

    // nothing changed: nothing added nor updated
    expect((await call('GET', '/it4u/createSitesName')).json()).toMatchObject({ added: 0, updated: 0 });

    south.sim.resetCalls();
    north.sim.resetCalls();
    const res = await call('POST', `/it4u/default-${south2}/stat/device`);
    expect(res.statusCode).toBe(200);
    expect(south.sim.callsFor('GET', '/api/s/{site}/stat/device', 'default')).toBe(1);
    expect(north.sim.callsFor('GET', '/api/s/{site}/stat/device')).toBe(0);
  });

  it("a dead controller leaves the other controller's sites working, and the overview names it", async () => {
    await call('POST', '/it4u/controllers', account(north, 'Miền Bắc'));
    const southId = (await call('POST', '/it4u/controllers', account(south, 'Miền Nam'))).json().controller.id;
    await call('GET', '/it4u/createSitesName');
    const sites = (await call('GET', '/it4u/sitenames')).json() as { idname: string }[];
    await south.close();

    const overview = await call('GET', '/it4u/dashboard/overview');
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    const southSites = sites.filter((s) => s.idname.endsWith(`-${southId}`) || !s.idname.startsWith('default')).length;
    expect(body.controllersDown).toEqual([
      expect.objectContaining({ id: southId, name: 'Miền Nam', code: 'controllerUnreachable' }),
    ]);
    expect(body.controllersDown[0].sites).toBeGreaterThan(0);
    expect(southSites).toBeGreaterThan(0);
    // the north's sites are counted by their health, not as unknown
    expect(body.sites.ok + body.sites.warning + body.sites.error).toBeGreaterThan(0);

    expect((await call('POST', '/it4u/default/stat/device')).statusCode).toBe(200);
    const dead = await call('POST', `/it4u/default-${southId}/stat/device`);
    expect(dead.statusCode).toBe(502);

    const state = (await call('GET', '/it4u/controllers')).json().items;
    expect(state.map((c: { state: { reachable: boolean } }) => c.state.reachable)).toEqual([true, false]);
    expect(state[1].state.error).toMatchObject({ code: 'controllerUnreachable' });
  });

  it('signs in to a UniFi OS console with an API key, never with a password; a wrong key is refused', async () => {
    const os = await startTestSimulator('noon', { seed: 13, flavor: 'unifios' });
    try {
      const key = { name: 'Khách hàng', url: os.config.url, signIn: 'apiKey', verifyTls: true, timeoutSeconds: 2 };
      const wrong = await call('POST', '/it4u/controllers', { ...key, apiKey: 'not-the-key' });
      expect(wrong.statusCode, wrong.body).toBe(201);
      expect(wrong.json().check).toMatchObject({ ok: false, code: 'controllerLoginRefused' });
      const id = wrong.json().controller.id;

      os.sim.resetCalls();
      const right = await call('PUT', `/it4u/controllers/${id}`, { ...key, flavor: 'unifios', apiKey: os.sim.apiKey });
      expect(right.json()).toMatchObject({
        controller: { signIn: 'apiKey', apiKey: SECRET_MASK, password: '', username: '' },
        check: { ok: true, code: 'controllerSignedIn' },
      });
      expect(os.sim.callsFor('POST', '/api/auth/login')).toBe(0);
      expect(JSON.stringify(right.json())).not.toContain(os.sim.apiKey);

      // its sites come in with the sync, and a write (a voucher) goes through with the key alone
      await call('GET', '/it4u/createSitesName');
      const made = await call('POST', '/it4u/default/createVoucher', { n: 1, quota: 1, expire: 480, note: 'key' });
      expect(made.statusCode, made.body).toBe(201);
      expect(os.sim.callsFor('POST', '/api/auth/login')).toBe(0);

      // systemConfig shows the first controller; sending it back unchanged keeps the key (no user, no password asked)
      const config = (await call('GET', '/it4u/systemConfig')).json();
      expect(config).toMatchObject({ urlUbnt: os.config.url, usernameUbnt: '', pwUbnt: SECRET_MASK });
      const saved = await call('PUT', '/it4u/systemConfig', {
        ...config,
        tokenUcrm: 'ucrm',
        tokenDev: 'dev-token-12345',
      });
      expect(saved.statusCode).toBe(200);
      const after = (await call('GET', '/it4u/controllers')).json().items[0];
      expect(after).toMatchObject({ signIn: 'apiKey', apiKey: SECRET_MASK });
    } finally {
      await os.close();
    }
  });

  it('a console with a self-signed certificate is refused by its fingerprint, then trusted by it, at its address only', async () => {
    const console = await startTestSimulator('noon', { seed: 14, flavor: 'unifios', tls: true });
    try {
      const fingerprint = console.sim.certificate?.fingerprint256 ?? '';
      const body = { ...account(console, 'Tự ký'), flavor: 'unifios' };
      const made = await call('POST', '/it4u/controllers', body);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().check).toMatchObject({
        ok: false,
        code: 'controllerCertificateUntrusted',
        params: { fingerprint, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
      });
      // refused before anything was sent: the password never reached it
      expect(Object.values(console.sim.calls()).reduce((a, b) => a + b, 0)).toBe(0);
      const id = made.json().controller.id;

      // trusted by the fingerprint the refusal named (as pasted, lower case): the stored password is kept
      const trusted = await call('PUT', `/it4u/controllers/${id}`, {
        ...body,
        password: SECRET_MASK,
        tlsFingerprint: fingerprint.toLowerCase(),
      });
      expect(trusted.json()).toMatchObject({
        controller: { tlsFingerprint: fingerprint, verifyTls: true },
        check: { ok: true, code: 'controllerSignedIn' },
      });
      const listed = (await call('GET', '/it4u/controllers')).json().items[0];
      expect(listed).toMatchObject({ tlsFingerprint: fingerprint, state: { reachable: true, error: null } });
      // the trail says which certificate was trusted
      const trail = (await call('GET', `/it4u/audit?q=${encodeURIComponent('controller.update')}`)).json();
      expect(trail.items[0]).toMatchObject({ event: 'controller.update', details: { tlsFingerprint: fingerprint } });

      // dropped with no check left, the stored password would go to whoever answers: typed again
      const loose = await call('PUT', `/it4u/controllers/${id}`, {
        ...body,
        verifyTls: false,
        password: SECRET_MASK,
        tlsFingerprint: '',
      });
      expect(loose.json()).toMatchObject({ statusCode: 400, code: 'passwordForNewController' });
      // another address pins nothing it was not trusted for (the pin is left out of the body)
      const moved = await call('PUT', `/it4u/controllers/${id}`, {
        ...body,
        url: console.config.url.replace('127.0.0.1', 'localhost'),
        password: console.config.password,
      });
      expect(moved.json()).toMatchObject({
        controller: { tlsFingerprint: '' },
        check: { ok: false, code: 'controllerCertificateUntrusted' },
      });
      // a fingerprint that is none is refused
      const junk = await call('PUT', `/it4u/controllers/${id}`, { ...body, tlsFingerprint: 'AB:CD' });
      expect(junk.statusCode).toBe(400);
    } finally {
      await console.close();
    }
  });

  it('clearing the first address in systemConfig goes back to the demo only when it is the only controller', async () => {
    await call('POST', '/it4u/controllers', account(north, 'Miền Bắc'));
    await call('POST', '/it4u/controllers', account(south, 'Miền Nam'));
    const config = (await call('GET', '/it4u/systemConfig')).json();
    const body = {
      ...config,
      tokenUcrm: 'ucrm',
      tokenDev: 'dev-token-12345',
      urlUbnt: '',
      usernameUbnt: '',
      pwUbnt: '',
    };
    expect((await call('PUT', '/it4u/systemConfig', body)).json()).toMatchObject({
      statusCode: 400,
      code: 'controllerRemoveInList',
    });
    const second = (await call('GET', '/it4u/controllers')).json().items[1].id;
    await call('DELETE', `/it4u/controllers/${second}`);
    expect((await call('PUT', '/it4u/systemConfig', body)).statusCode).toBe(200);
    expect((await call('GET', '/it4u/controllers')).json()).toEqual({ items: [], demo: false });
  });
});
