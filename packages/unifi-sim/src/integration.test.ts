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

async function get(path: string, key = 'k', method = 'GET', body?: unknown) {
  if (!sim) throw new Error('no simulator');
  const res = await fetch(`${sim.url}/proxy/network/integration${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
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

describe("the simulated console's hotspot through the official API", () => {
  const filter = (text: string) => `filter=${encodeURIComponent(text)}`;

  it('lists vouchers 100 by default and 1,000 at most, filtered; makes them (201 { vouchers }) within the bounds', async () => {
    sim = await startSimulator({ port: 0, flavor: 'unifios', apiKey: 'k', now: () => NOW, vouchers: 1200 });
    const site = (await get('/v1/sites?limit=2')).json.data?.[1];
    const at = `/v1/sites/${String(site?.id)}/hotspot/vouchers`;
    expect((await get(at)).json).toMatchObject({ offset: 0, limit: 100, count: 100 });
    expect((await get(`${at}?limit=1000`)).json).toMatchObject({ count: 1000 });
    expect((await get(`${at}?limit=1001`)).status).toBe(400);
    // every field the file requires, and only what it allows
    const one = (await get(`${at}?limit=1`)).json.data?.[0] ?? {};
    for (const key of ['id', 'createdAt', 'name', 'code', 'authorizedGuestCount', 'expired', 'timeLimitMinutes']) {
      expect(one).toHaveProperty(key);
    }
    const allowed = new Set([
      ...['id', 'createdAt', 'name', 'code', 'authorizedGuestLimit', 'authorizedGuestCount', 'activatedAt'],
      ...['expiresAt', 'expired', 'timeLimitMinutes', 'dataUsageLimitMBytes', 'rxRateLimitKbps', 'txRateLimitKbps'],
    ]);
    expect(Object.keys(one).filter((k) => !allowed.has(k))).toEqual([]);

    const body = {
      count: 2,
      name: "Khách 'VIP'",
      timeLimitMinutes: 60,
      authorizedGuestLimit: 1,
      rxRateLimitKbps: 4096,
    };
    const created = await get(at, 'k', 'POST', body);
    expect(created.status).toBe(201);
    const vouchers = (created.json as { vouchers?: Record<string, unknown>[] }).vouchers ?? [];
    expect(vouchers).toHaveLength(2);
    expect(vouchers[0]).toMatchObject({ name: "Khách 'VIP'", authorizedGuestLimit: 1, authorizedGuestCount: 0 });
    // a quote in a string is doubled; and() of two
    const found = await get(`${at}?${filter(`and(name.eq('Khách ''VIP'''), timeLimitMinutes.eq(60))`)}`);
    expect(found.json).toMatchObject({ totalCount: 2 });
    expect((await get(`${at}?${filter(`name.eq('unclosed)`)}`)).status).toBe(400);

    for (const refused of [
      { name: '', timeLimitMinutes: 60 },
      { name: 'x' },
      { name: 'x', timeLimitMinutes: 60, rxRateLimitKbps: 1 },
      { name: 'x', timeLimitMinutes: 60, count: 1001 },
      { name: 'x', timeLimitMinutes: 60, dataUsageLimitMBytes: 1_048_577 },
    ]) {
      expect((await get(at, 'k', 'POST', refused)).json).toMatchObject({ statusCode: 400, statusName: 'BAD_REQUEST' });
    }
    const id = String(vouchers[0]?.id);
    expect((await get(`${at}/${id}`, 'k', 'DELETE')).json).toEqual({ vouchersDeleted: 1 });
    expect((await get(`${at}/${id}`)).status).toBe(404);
  });

  it('lets in a guest client it lists, refuses another kind of client, and finds a client by its MAC', async () => {
    sim = await startSimulator({ port: 0, flavor: 'unifios', apiKey: 'k', now: () => NOW });
    const site = (await get('/v1/sites?limit=1')).json.data?.[0];
    const at = `/v1/sites/${String(site?.id)}/clients`;
    const [guest] = (await get(`${at}?${filter("access.type.eq('GUEST')")}`)).json.data ?? [];
    const [other] = (await get(`${at}?${filter("access.type.eq('DEFAULT')")}`)).json.data ?? [];
    expect(guest).toMatchObject({ type: 'WIRELESS', access: { type: 'GUEST', authorized: true } });
    const byMac = await get(`${at}?${filter(`macAddress.eq('${String(guest?.macAddress)}')`)}`);
    expect(byMac.json).toMatchObject({ totalCount: 1, data: [{ id: guest?.id }] });
    const given = await get(`${at}/${String(guest?.id)}/actions`, 'k', 'POST', {
      action: 'AUTHORIZE_GUEST_ACCESS',
      timeLimitMinutes: 30,
    });
    expect(given.json).toMatchObject({
      action: 'AUTHORIZE_GUEST_ACCESS',
      grantedAuthorization: { authorizationMethod: 'API', expiresAt: new Date(NOW + 30 * 60_000).toISOString() },
    });
    const refused = await get(`${at}/${String(other?.id)}/actions`, 'k', 'POST', { action: 'AUTHORIZE_GUEST_ACCESS' });
    expect(refused.status).toBe(400);
  });
});
