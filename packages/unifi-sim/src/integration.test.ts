// The official Network API's shapes as Ubiquiti's OpenAPI file for it gives them (integration.ts names the copies
// read): the page envelope and its bounds, a site, an adopted device, the error of a request without the key.
import { afterEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';

const NOW = Date.UTC(2024, 4, 2, 3, 30);
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function get(path: string, key = 'k') {
  if (!sim) throw new Error('no simulator');
  const res = await fetch(`${sim.url}/proxy/network/integration${path}`, { headers: { 'x-api-key': key } });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown>[] },
  };
}

describe('the official Network API of the simulated UniFi OS console', () => {
  it('pages sites 25 by default and 200 at most, as { offset, limit, count, totalCount, data }', async () => {
    sim = await startSimulator({ port: 0, flavor: 'unifios', apiKey: 'k', sites: 230, now: () => NOW });
    const first = await get('/v1/sites');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ offset: 0, limit: 25, count: 25, totalCount: 230 });
    expect(first.json.data?.[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      internalReference: 'default',
      name: expect.any(String),
    });
    const last = await get('/v1/sites?offset=200&limit=200');
    expect(last.json).toMatchObject({ offset: 200, limit: 200, count: 30, totalCount: 230 });
    // past its most, the strict reading: refused with the API's error shape
    const over = await get('/v1/sites?limit=201');
    expect(over.status).toBe(400);
    expect(Object.keys(over.json).sort()).toEqual(
      ['code', 'message', 'requestId', 'requestPath', 'statusCode', 'statusName', 'timestamp'].sort(),
    );
  });

  it("lists a site's adopted devices by the site's UUID, each with its state", async () => {
    sim = await startSimulator({ port: 0, flavor: 'unifios', apiKey: 'k', now: () => NOW });
    const [site] = (await get('/v1/sites')).json.data ?? [];
    const devices = await get(`/v1/sites/${String(site?.id)}/devices`);
    expect(devices.status).toBe(200);
    const [device] = devices.json.data ?? [];
    expect(device).toMatchObject({
      id: expect.any(String),
      macAddress: expect.stringMatching(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/),
      ipAddress: expect.any(String),
      model: expect.any(String),
      supported: true,
      features: ['accessPoint'],
      interfaces: ['radios'],
    });
    expect(['ONLINE', 'OFFLINE']).toContain(device?.state);
    expect((await get('/v1/sites/00000000-0000-5000-a000-000000000000/devices')).status).toBe(404);
  });

  it('refuses a request without the key, or with another, 401 in its error shape; absent on a classic controller', async () => {
    sim = await startSimulator({ port: 0, flavor: 'unifios', apiKey: 'k', now: () => NOW });
    const refused = await get('/v1/sites', 'other');
    expect(refused).toMatchObject({
      status: 401,
      json: { statusCode: 401, statusName: 'UNAUTHORIZED', code: 'api.authentication.missing-credentials' },
    });
    await sim.close();
    sim = await startSimulator({ port: 0, flavor: 'classic', now: () => NOW });
    const res = await fetch(`${sim.url}/proxy/network/integration/v1/sites`);
    expect(res.status).toBe(404);
  });
});
