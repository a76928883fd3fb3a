import { hostIdOf, type SiteManager, startSiteManager } from '@it4u/unifi-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../../test/simulator.ts';
import { siteManagerConsoles } from './siteManager.ts';
import { createUnifiClient } from './unifi.client.ts';

/**
 * Consoles behind NAT, reached through Ubiquiti's Site Manager (api.ui.com): its hosts list, and its connector
 * carrying the console's Network API (developer.ui.com/site-manager/v1.0.0 and network/v10.1.68/connectorget; the
 * simulator's `cloud.ts` says what each shape stands on).
 */
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function cloudOf(opts: { spelling?: 'proxy' | 'bare' | 'both'; perMinute?: number; now?: () => number } = {}) {
  const consoles: TestSimulator[] = [];
  for (const seed of [21, 22]) consoles.push(await startTestSimulator('noon', { seed, flavor: 'unifios' }));
  open.push(...consoles);
  const cloud = await startSiteManager({
    ...opts,
    consoles: consoles.map((c, i) => ({
      id: hostIdOf(`console ${i}`),
      name: `Console ${i}`,
      url: c.sim.url,
      apiKey: c.sim.apiKey,
    })),
  });
  open.push(cloud);
  return { cloud, consoles };
}

const through = (
  cloud: SiteManager,
  id: string,
  extra: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) => {
  const client = createUnifiClient({
    url: cloud.connectorUrl(id),
    username: '',
    password: '',
    apiKey: cloud.apiKey,
    verifyTls: true,
    ...extra,
  });
  open.push(client);
  return client;
};

describe('Site Manager', () => {
  it("lists the account's consoles, every page, each with its address through the connector", async () => {
    const many = Array.from({ length: 130 }, (_, i) => ({
      id: hostIdOf(`c${i}`),
      name: `Quán ${i}`,
      url: 'http://127.0.0.1:9',
      apiKey: 'k',
    }));
    const cloud = await startSiteManager({ consoles: many });
    open.push(cloud);
    const consoles = await siteManagerConsoles(cloud.url, cloud.apiKey);
    // 100 a page (the console asks for 100): two pages
    expect(cloud.counts.hosts).toBe(2);
    expect(consoles).toHaveLength(130);
    expect(consoles[129]).toEqual({
      id: many[129]?.id,
      name: 'Quán 129',
      connected: true,
      url: `${cloud.url}/v1/connector/consoles/${many[129]?.id}`,
    });
    // Site Manager's host ids carry a colon ("<hex>:<number>"), kept as such in the address
    expect(consoles[0]?.url).toMatch(/\/consoles\/[0-9A-F]{56}:\d+$/);
  });

  it('says a refused key, its rate limit (with the seconds it asks) and an address that is not Site Manager', async () => {
    const { cloud } = await cloudOf({ perMinute: 1, now: () => SIM_CLOCKS.noon + 15_000 });
    await expect(siteManagerConsoles(cloud.url, 'wrong')).rejects.toMatchObject({
      statusCode: 502,
      code: 'siteManagerKeyRefused',
      params: { reason: 'UNAUTHORIZED' },
    });
    await siteManagerConsoles(cloud.url, cloud.apiKey);
    await expect(siteManagerConsoles(cloud.url, cloud.apiKey)).rejects.toMatchObject({
      statusCode: 503,
      code: 'siteManagerBusy',
      params: { seconds: 45 },
    });
    await expect(siteManagerConsoles('http://127.0.0.1:9', 'k')).rejects.toMatchObject({
      code: 'siteManagerUnreachable',
    });
  });
});

describe('a console through the connector', () => {
  for (const spelling of ['proxy', 'bare', 'both'] as const) {
    it(`reads sites by the official API and devices by the classic paths, the cloud taking ${spelling} paths`, async () => {
      const { cloud, consoles } = await cloudOf({ spelling });
      const id = hostIdOf('console 1');
      const client = through(cloud, id);
      const sites = await client.officialList<{ internalReference: string }>('/v1/sites');
      // the same sites as the console gives its own network
      const own = consoles[1]?.sim;
      const direct = createUnifiClient({
        url: own?.url ?? '',
        username: '',
        password: '',
        apiKey: own?.apiKey,
        flavor: 'unifios',
        verifyTls: true,
      });
      open.push(direct);
      expect(sites).toEqual(await direct.officialList('/v1/sites'));
      expect(sites?.length).toBeGreaterThan(0);
      const devices = await client.call('GET', '/api/s/default/stat/device');
      expect(devices.length).toBeGreaterThan(0);
      // nothing probed (no `GET /`, no login): the console is UniFi OS, the key is Site Manager's
      expect(own?.callsFor('GET', '/')).toBe(0);
      expect(client.flavor()).toBe('unifios');
      // the cloud's other spelling costs one request, once: then the one that answered is kept
      const sent = cloud.counts.connector ?? 0;
      expect(sent).toBe(spelling === 'bare' ? 3 : 2);
      await client.call('GET', '/api/s/default/stat/device');
      expect(cloud.counts.connector).toBe(sent + 1);
    });
  }

  it('waits out the cloud’s rate limit (its Retry-After) on a read', async () => {
    // 55 s into a minute: the cloud asks for the 5 s left of it
    const time = { now: SIM_CLOCKS.noon + 55_000, waits: [] as number[] };
    const { cloud } = await cloudOf({ perMinute: 2, now: () => time.now });
    const client = through(cloud, hostIdOf('console 0'), {
      now: () => time.now,
      sleep: async (ms) => {
        time.waits.push(ms);
        time.now += ms;
      },
    });
    for (let i = 0; i < 3; i++)
      expect((await client.call('GET', '/api/s/default/stat/device')).length).toBeGreaterThan(0);
    // the third read met the 429 and its Retry-After (the minute's end), then was answered in the next minute
    expect(cloud.counts['429']).toBe(1);
    expect(time.waits).toEqual([5_000]);
  });

  it('says a console the cloud cannot reach now as unreachable, naming Site Manager', async () => {
    const { cloud } = await cloudOf();
    const id = hostIdOf('console 0');
    const client = through(cloud, id);
    expect((await client.call('GET', '/api/self/sites')).length).toBeGreaterThan(0);
    cloud.setConnected(id, false);
    await expect(client.call('GET', '/api/self/sites')).rejects.toMatchObject({
      statusCode: 502,
      code: 'controllerUnreachable',
      params: { reason: 'Site Manager: BAD_GATEWAY' },
    });
  });
});
