import { hostIdOf, type SiteManager, startSiteManager } from '@it4u/unifi-sim';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';

/**
 * An administrator pastes a Site Manager key, sees the consoles it reaches and adds one: a controller read through
 * the connector with that key, as any other.
 */
describe.each(drivers)('consoles added from Site Manager, on %s', (driver) => {
  let consoleSim: TestSimulator;
  let cloud: SiteManager;
  let t: TestApp;
  let admin: Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

  beforeEach(async () => {
    consoleSim = await startTestSimulator('noon', { seed: 31, flavor: 'unifios' });
    cloud = await startSiteManager({
      consoles: [
        { id: hostIdOf('hn'), name: 'Hà Nội', url: consoleSim.sim.url, apiKey: consoleSim.sim.apiKey },
        { id: hostIdOf('dn'), name: 'Đà Nẵng', url: 'http://127.0.0.1:9', apiKey: 'x', connected: false },
      ],
    });
    t = await createTestApp(driver, { now: () => SIM_CLOCKS.noon });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterEach(async () => {
    await t.close();
    await cloud.close();
    await consoleSim.close();
  });

  it('lists the consoles of a key, adds one as a controller read through the connector, and marks it added', async () => {
    const refused = await call('POST', '/it4u/controllers/cloud-consoles', { url: cloud.url, apiKey: 'wrong' });
    // Site Manager's refusal is the lookup's outcome (as a controller check's), not a failure of the console
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      items: [],
      failure: expect.objectContaining({
        ok: false,
        code: 'siteManagerKeyRefused',
        params: { reason: 'UNAUTHORIZED' },
      }),
    });
    const nowhere = await call('POST', '/it4u/controllers/cloud-consoles', { url: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(nowhere.json()).toMatchObject({ items: [], failure: { code: 'siteManagerUnreachable' } });

    const listed = await call('POST', '/it4u/controllers/cloud-consoles', { url: cloud.url, apiKey: cloud.apiKey });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().failure).toBeNull();
    const [hn, dn] = listed.json().items;
    expect(hn).toEqual({
      id: hostIdOf('hn'),
      name: 'Hà Nội',
      connected: true,
      url: cloud.connectorUrl(hostIdOf('hn')),
      controllerId: null,
    });
    expect(dn).toMatchObject({ name: 'Đà Nẵng', connected: false });

    // through the connector the key is Site Manager's: an account is refused before anything is sent
    const byAccount = await call('POST', '/it4u/controllers', {
      name: 'Hà Nội',
      url: hn.url,
      signIn: 'account',
      username: 'admin',
      password: 'x',
      verifyTls: true,
    });
    expect(byAccount.json()).toMatchObject({ statusCode: 400, code: 'connectorNeedsApiKey' });

    const added = await call('POST', '/it4u/controllers', {
      name: hn.name,
      url: hn.url,
      signIn: 'apiKey',
      apiKey: cloud.apiKey,
      verifyTls: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ controller: { flavor: 'unifios', signIn: 'apiKey' }, check: { ok: true } });
    const state = (await call('GET', '/it4u/controllers')).json().items[0].state;
    expect(state).toMatchObject({ reachable: true, flavor: 'unifios', error: null });
    expect(state.sites).toBeGreaterThan(0);
    expect(cloud.counts.connector).toBeGreaterThan(0);

    const again = (
      await call('POST', '/it4u/controllers/cloud-consoles', { url: cloud.url, apiKey: cloud.apiKey })
    ).json();
    expect(again.items[0].controllerId).toBe(added.json().controller.id);
    expect(again.items[1].controllerId).toBeNull();

    // staff other than administrators see no consoles, and send no key anywhere
    const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
    const before = cloud.counts.hosts;
    const forbidden = await call('POST', '/it4u/controllers/cloud-consoles', { url: cloud.url, apiKey: 'k' }, staff);
    expect(forbidden.statusCode).toBe(403);
    expect(cloud.counts.hosts).toBe(before);
  });
});
