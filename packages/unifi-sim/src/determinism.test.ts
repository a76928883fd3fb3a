import { afterEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { TestClient } from './testing/client.ts';
import type { JsonObject, Site } from './world.ts';

const NOW = Date.UTC(2024, 4, 2, 3, 30); // Thursday 10:30 in Vietnam
let sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

async function connect(seed: number, now: () => number) {
  const sim = await startSimulator({ port: 0, seed, now });
  sims.push(sim);
  const client = new TestClient(sim);
  await client.login();
  return { sim, client };
}

const macs = (rows: JsonObject[]) => rows.map((r) => String(r.mac)).sort();

/** A site with an access point that never goes down (not the one whose uplink is lost, nor the one being installed). */
const serving = (site: Site) => site.devices.some((d) => d.downSince === null);

describe('deterministic data', () => {
  it('gives the same answers for the same seed and clock', async () => {
    const a = await connect(42, () => NOW);
    const b = await connect(42, () => NOW);
    expect(a.sim.state.sites.map((s) => s.name)).toEqual(b.sim.state.sites.map((s) => s.name));
    for (const site of a.sim.state.sites) {
      for (const path of ['/stat/sta', '/stat/device', '/stat/health', '/stat/voucher', '/rest/wlanconf']) {
        const left = await a.client.data('GET', `/api/s/${site.name}${path}`);
        const right = await b.client.data('GET', `/api/s/${site.name}${path}`);
        expect(left, `${site.name}${path}`).toEqual(right);
      }
    }
    const body = { attrs: ['time', 'wlan_bytes', 'wlan-num_sta'], start: NOW - 86_400_000, end: NOW };
    expect(await a.client.data('POST', '/api/s/default/stat/report/hourly.site', body)).toEqual(
      await b.client.data('POST', '/api/s/default/stat/report/hourly.site', body),
    );
    const c = await connect(43, () => NOW);
    expect(c.sim.state.sites.map((s) => s.name)).not.toEqual(a.sim.state.sites.map((s) => s.name));
  });

  it('lets clients come and go: consecutive minutes differ a little, the night is quiet', async () => {
    let now = NOW;
    const { sim, client } = await connect(5, () => now);
    const site = sim.state.sites[1].name; // the hotel: many clients
    const samples: string[][] = [];
    for (let i = 0; i < 30; i++) {
      samples.push(macs(await client.data('GET', `/api/s/${site}/stat/sta`)));
      now += 60_000;
    }
    let changes = 0;
    for (let i = 1; i < samples.length; i++) {
      const prev = new Set(samples[i - 1]);
      const diff =
        samples[i].filter((m) => !prev.has(m)).length + samples[i - 1].filter((m) => !samples[i].includes(m)).length;
      expect(diff).toBeLessThanOrEqual(Math.max(4, samples[i].length / 3));
      changes += diff;
    }
    expect(changes).toBeGreaterThan(0);
    now = NOW; // the 30-minute session would have expired

    const localHour = (t: number) => new Date(t + 7 * 3_600_000).getUTCHours();
    const avg = (rows: JsonObject[]) => rows.reduce((s, r) => s + Number(r['wlan-num_sta']), 0) / rows.length;
    for (const { name } of sim.state.sites.filter(serving)) {
      const week = await client.data('POST', `/api/s/${name}/stat/report/hourly.site`, {
        attrs: ['time', 'wlan-num_sta'],
        start: NOW - 7 * 86_400_000,
        end: NOW,
      });
      const daytime = avg(week.filter((r) => localHour(Number(r.time)) >= 9 && localHour(Number(r.time)) < 20));
      const night = avg(week.filter((r) => localHour(Number(r.time)) >= 0 && localHour(Number(r.time)) < 6));
      // a daily rhythm over always-on devices (and the hotel's guests who stay the night)
      expect(daytime, name).toBeGreaterThan(1.5 * night);
      expect(night, name).toBeGreaterThanOrEqual(1);
    }
  });

  it('has clients online at every site with a working access point at every hour of the day', async () => {
    const midnight = Date.UTC(2024, 4, 1, 17, 0); // 2 May 2024, 00:00 in Vietnam
    let now = midnight;
    const { sim, client } = await connect(2019, () => now);
    for (let minute = 0; minute < 24 * 60; minute += 20) {
      now = midnight + minute * 60_000;
      await client.login(); // the controller's sessions expire as the clock moves on
      for (const { name } of sim.state.sites.filter(serving)) {
        const online = await client.data('GET', `/api/s/${name}/stat/sta`);
        expect(online.length, `${name} at ${minute} minutes past midnight`).toBeGreaterThan(0);
      }
    }
  });

  it('never has one device in two sessions at once (a guest back from the night leaves first)', async () => {
    const night = Date.UTC(2024, 4, 1, 20, 0);
    const { sim, client } = await connect(2019, () => night);
    const hotel = sim.state.sites.find((s) => s.desc === 'Khách sạn Hoa Mai')!;
    const sessions = await client.data('POST', `/api/s/${hotel.name}/stat/session`, {
      type: 'all',
      start: Math.floor((night - 60 * 86_400_000) / 1000),
      end: Math.floor(night / 1000),
    });
    const byMac = new Map<string, JsonObject[]>();
    for (const s of sessions) byMac.set(String(s.mac), [...(byMac.get(String(s.mac)) ?? []), s]);
    let overnight = 0;
    for (const list of byMac.values()) {
      list.sort((a, b) => Number(a.assoc_time) - Number(b.assoc_time));
      for (let i = 1; i < list.length; i++) {
        expect(Number(list[i]!.assoc_time)).toBeGreaterThanOrEqual(Number(list[i - 1]!.disassoc_time));
      }
      overnight += list.filter((s) => Number(s.duration) > 8 * 3600).length;
    }
    expect(overnight).toBeGreaterThan(0);
  });

  it("lets the hotel's guests stay the night", async () => {
    const night = Date.UTC(2024, 4, 1, 20, 0); // 03:00 in Vietnam
    const { sim, client } = await connect(2019, () => night);
    const hotel = sim.state.sites.find((s) => s.desc === 'Khách sạn Hoa Mai')!;
    const online = await client.data('GET', `/api/s/${hotel.name}/stat/sta`);
    expect(online.filter((c) => c.is_guest === true).length).toBeGreaterThan(0);
  });

  it('keeps writes deterministic too: the same added site name for the same seed', async () => {
    const a = await connect(9, () => NOW);
    const b = await connect(9, () => NOW);
    const body = { cmd: 'add-site', desc: 'Cafe Example' };
    const [x] = await a.client.data('POST', '/api/s/default/cmd/sitemgr', body);
    const [y] = await b.client.data('POST', '/api/s/default/cmd/sitemgr', body);
    expect(x).toEqual(y);
  });
});
