// UniFi Network's official API, as Ubiquiti's OpenAPI file for it gives it (the simulator's integration.ts names the
// copies read): an API-key console's sites are read through it, 200 at a time, and the classic path stands in where
// the console has none (Network before 9).
import { type Misbehaviour, startSimulator } from '@it4u/unifi-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../../lib/readCache.ts';
import { SIM_CLOCKS } from '../../test/simulator.ts';
import { createUnifiClient } from './unifi.client.ts';
import { createController } from './unifi.controller.ts';

const now = () => SIM_CLOCKS.noon;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function keyConsole(opts: { sites?: number; misbehave?: Partial<Misbehaviour>; key?: string } = {}) {
  const sim = await startSimulator({ port: 0, flavor: 'unifios', seed: 5, now, apiKey: 'the-key', ...opts });
  const client = createUnifiClient({
    url: sim.url,
    username: '',
    password: '',
    apiKey: opts.key ?? 'the-key',
    verifyTls: true,
    now,
  });
  open.push(client, sim);
  return { sim, client, controller: createController(client, createReadCache(15_000, now)) };
}

describe('the official Network API', () => {
  it("reads an API-key console's 450 sites 200 at a time, each with its UUID, and counts them in one call", async () => {
    const { sim, client, controller } = await keyConsole({ sites: 450 });
    const sites = await controller.sites();
    expect(sites).toHaveLength(450);
    expect(sites[0]).toMatchObject({
      name: 'default',
      uuid: expect.stringMatching(/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/),
    });
    expect(new Set(sites.map((s) => s.uuid)).size).toBe(450);
    expect(controller.siteUuid('default')).toBe(sites[0]?.uuid);
    // three pages (the API gives at most 200), none through the classic path
    expect(sim.callsFor('GET', '/integration/v1/sites')).toBe(3);
    expect(sim.callsFor('GET', '/api/self/sites')).toBe(0);
    sim.resetCalls();
    expect(await client.siteCount()).toBe(450);
    expect(sim.callsFor('GET', '/integration/v1/sites')).toBe(1);
    // the short names are the classic paths' own: a site's devices are read by it
    expect((await client.call('GET', `/api/s/${sites[1]?.name}/stat/device`)).length).toBeGreaterThan(0);
  });

  it('reads the classic path where the console has no official API (Network before 9)', async () => {
    const { sim, client, controller } = await keyConsole({ misbehave: { removed: ['integration'] } });
    const sites = await controller.sites();
    expect(sites.length).toBeGreaterThan(0);
    expect(sites[0]?.uuid).toBeUndefined();
    expect(sim.callsFor('GET', '/api/self/sites')).toBe(1);
    expect(await client.siteCount()).toBe(sites.length);
  });

  it('a wrong key is refused for good, the official API as the classic paths', async () => {
    const { sim, client, controller } = await keyConsole({ key: 'not-the-key' });
    await expect(controller.sites()).rejects.toMatchObject({ code: 'controllerLoginRefused' });
    const sent = sim.callsFor('GET', '/integration/v1/sites');
    await expect(client.siteCount()).rejects.toMatchObject({ code: 'controllerLoginRefused' });
    expect(sim.callsFor('GET', '/integration/v1/sites')).toBe(sent);
  });
});
