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

describe("the official API's hotspot: vouchers and guests", () => {
  const VOUCHERS = '/integration/v1/sites/{id}/hotspot/vouchers';
  const made = { n: 3, quota: 1, expire: 480, up: 1024, down: 4096, bytes: 500, note: "Phòng 201's guests" };

  it("lists, makes, reads afresh and deletes an API-key console's vouchers through it, never the classic paths", async () => {
    const { sim, client, controller } = await keyConsole();
    const before = await controller.vouchers('default');
    // the same vouchers the classic paths hold, the official way: by UUID, the codes the same
    const classic = await client.call('GET', '/api/s/default/stat/voucher');
    expect(before.map((v) => v.code.replace('-', '')).sort()).toEqual(classic.map((v) => String(v.code)).sort());
    expect(before[0]?.id).toMatch(/^[0-9a-f]{8}-/);
    const batch = await controller.createVouchers('default', made);
    // answered at once (201 { vouchers }): no read back
    expect(sim.callsFor('POST', VOUCHERS)).toBe(1);
    expect(batch).toHaveLength(3);
    expect(batch[0]).toMatchObject({
      note: made.note,
      quota: 1,
      duration: 480,
      used: 0,
      status: 'VALID_ONE',
      up: 1024,
      down: 4096,
      byteQuota: 500,
      code: expect.stringMatching(/^\d{5}-\d{5}$/),
    });
    const [one] = batch;
    if (!one) throw new Error('no voucher made');
    expect(await controller.voucherAfresh('default', one)).toEqual(one);
    await controller.deleteVoucher('default', one.id);
    expect(sim.callsFor('DELETE', `${VOUCHERS}/{id}`)).toBe(1);
    expect(await controller.voucherAfresh('default', one)).toBeUndefined();
    const after = await controller.vouchers('default');
    expect(after).toHaveLength(before.length + 2);
    expect(sim.callsFor('GET', '/api/s/{site}/stat/voucher', 'default')).toBe(1);
    expect(sim.callsFor('POST', '/api/s/{site}/cmd/hotspot', 'default')).toBe(0);
  });

  it("refuses on its field a value past the API's bounds, and sends nothing", async () => {
    const { sim, controller } = await keyConsole();
    await expect(controller.createVouchers('default', { ...made, up: 200_000 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'voucherOverControllerLimit',
      params: { min: 2, max: 100_000 },
      details: [expect.objectContaining({ field: 'up' })],
    });
    await expect(controller.createVouchers('default', { ...made, bytes: 2_000_000 })).rejects.toMatchObject({
      details: [expect.objectContaining({ field: 'bytes' })],
    });
    expect(sim.callsFor('POST', VOUCHERS)).toBe(0);
  });

  it('a create applied and then answered 503 is not sent again: its batch is read back by filter', async () => {
    const { sim, controller } = await keyConsole({ misbehave: { writesAppliedThen503: 1 } });
    const before = (await controller.vouchers('default')).length;
    const batch = await controller.createVouchers('default', made);
    expect(batch).toHaveLength(3);
    expect(sim.callsFor('POST', VOUCHERS)).toBe(1);
    expect(await controller.vouchers('default')).toHaveLength(before + 3);
  });

  it('lets in a guest the console lists through the client action, one not listed yet by MAC on the classic path', async () => {
    const { sim, client, controller } = await keyConsole();
    const uuid = (await controller.sites())[0]?.uuid;
    const guests = (await client.official(
      `/v1/sites/${uuid}/clients?filter=${encodeURIComponent("access.type.eq('GUEST')")}`,
    )) as { data: { macAddress: string }[] };
    const mac = guests.data[0]?.macAddress;
    if (!mac) throw new Error('no guest online at noon');
    await controller.authorizeGuest('default', { mac, minutes: 60, up: 1024, down: 4096 });
    expect(sim.callsFor('POST', '/integration/v1/sites/{id}/clients/{id}/actions')).toBe(1);
    expect(sim.callsFor('POST', '/api/s/{site}/cmd/stamgr', 'default')).toBe(0);
    expect(await controller.guestAuthorized('default', mac)).toBe('yes');

    // a phone the console does not list yet: the official API cannot let it in, the classic path can
    const phone = 'aa:bb:cc:00:11:22';
    await sim.misbehave({ lateClientsMs: 120_000 });
    await controller.authorizeGuest('default', { mac: phone, minutes: 60 });
    expect(sim.callsFor('POST', '/api/s/{site}/cmd/stamgr', 'default')).toBe(1);
    expect(sim.callsFor('POST', '/integration/v1/sites/{id}/clients/{id}/actions')).toBe(1);
    expect(await controller.guestAuthorized('default', phone)).toBe('unknown');
  });

  it('a guest answered ok but not held shows listed, not authorized', async () => {
    const { client, controller } = await keyConsole({ misbehave: { authorizationsLost: true } });
    const uuid = (await controller.sites())[0]?.uuid;
    const guests = (await client.official(
      `/v1/sites/${uuid}/clients?filter=${encodeURIComponent("access.type.eq('GUEST')")}`,
    )) as { data: { macAddress: string }[] };
    const mac = guests.data[0]?.macAddress ?? '';
    await controller.authorizeGuest('default', { mac, minutes: 60 });
    expect(await controller.guestAuthorized('default', mac)).toBe('no');
  });
});
