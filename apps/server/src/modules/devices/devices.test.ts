import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { tokenFor } from '../../test/helpers.ts';
import { simCases, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

type Device = { mac: string; name: string; ip: string; apName: string; essid: string; download: number };

/** Lowercase without Vietnamese marks, as a person types it on a keyboard without them. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

describe.each(simCases)(
  'connected and blocked devices through the demo controller on %s at %s in Vietnam',
  (driver, clock) => {
    const { suite, call } = useControllerApp(driver, clock);

    it('blocks a connected device: it leaves the connected list and is in the block list; unblocks it', async () => {
      const devices = (await call('GET', '/it4u/default/devices')).json();
      expect(devices.length).toBeGreaterThan(0);
      const target = devices[0];
      expect(target).toMatchObject({
        mac: expect.any(String),
        name: expect.any(String),
        band: expect.stringMatching(/GHz|^$/),
      });
      const block = await call('POST', '/it4u/default/block/device', { mac: target.mac, cmd: 'block-sta' });
      expect(block.json().message).toBe("You're successfully blocked.");
      expect(
        (await call('GET', '/it4u/default/devices')).json().some((d: { mac: string }) => d.mac === target.mac),
      ).toBe(false);
      const blocked = (await call('GET', '/it4u/default/block/info')).json();
      expect(blocked.some((d: { mac: string }) => d.mac === target.mac)).toBe(true);
      const unblock = await call('POST', '/it4u/default/block/device', { mac: target.mac, cmd: 'unblock-sta' });
      expect(unblock.json().message).toBe("You're successfully unblocked.");
      expect(
        (await call('GET', '/it4u/default/block/info')).json().some((d: { mac: string }) => d.mac === target.mac),
      ).toBe(false);
      // both audited, with the device and the site
      const lines = rowsOf<{ event: string; details: Record<string, unknown> }>(
        await suite.t.database.db.execute(
          sql`select event, details from audit_events where event like 'device.%block' order by id`,
        ),
      );
      const mac = String(target.mac).toLowerCase();
      expect(lines).toEqual([
        { event: 'device.block', details: { site: 'default', mac } },
        { event: 'device.unblock', details: { site: 'default', mac } },
      ]);
    });

    it('pages the connected devices on the server: every device once, sorted by name unless told', async () => {
      const whole: Device[] = (await call('GET', '/it4u/default/devices')).json();
      expect(whole.length).toBeGreaterThan(2);
      const first = await call('GET', '/it4u/default/devices/page?page=1&pageSize=2');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().total).toBe(whole.length);
      expect(first.json().items).toHaveLength(2);
      const seen: Device[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2); page++) {
        seen.push(...(await call('GET', `/it4u/default/devices/page?page=${page}&pageSize=2`)).json().items);
      }
      expect(seen.map((d) => d.mac).sort()).toEqual(whole.map((d) => d.mac).sort());
      const names = seen.map((d) => d.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('vi', { numeric: true, sensitivity: 'base' }).compare));
      // past the last page: nothing, with the total still said
      const past = (await call('GET', `/it4u/default/devices/page?page=${whole.length + 1}&pageSize=2`)).json();
      expect(past).toEqual({ items: [], total: whole.length });

      const byDownload = (await call('GET', '/it4u/default/devices/page?pageSize=200&sort=download:desc')).json().items;
      const downloads = byDownload.map((d: Device) => d.download);
      expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
      const ascending = (await call('GET', '/it4u/default/devices/page?pageSize=200&sort=download:asc')).json().items;
      expect(ascending[0].download).toBe(Math.min(...downloads));
    });

    it('finds a device by its MAC (with or without colons, any case), IP, access point and name, marks or not', async () => {
      const whole: Device[] = (await call('GET', '/it4u/default/devices')).json();
      const find = async (q: string) => {
        const res = await call('GET', `/it4u/default/devices/page?pageSize=200&q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { items: Device[]; total: number };
      };
      const target = whole[whole.length - 1] as Device;
      for (const q of [target.mac, target.mac.replace(/:/g, '').toUpperCase(), target.mac.slice(-5)]) {
        const hit = await find(q);
        expect(
          hit.items.map((d) => d.mac),
          q,
        ).toContain(target.mac);
        expect(hit.total).toBe(hit.items.length);
      }
      expect((await find(target.ip)).items.map((d) => d.mac)).toContain(target.mac);
      expect((await find(`  ${target.name.toUpperCase()}  `)).items.map((d) => d.mac)).toContain(target.mac);
      // an access point named in Vietnamese: found as written and without its marks, the same devices
      const marked = whole.find((d) => plain(d.apName) !== d.apName.toLowerCase());
      expect(marked, 'a device on an access point named in Vietnamese').toBeDefined();
      if (marked) {
        const withMarks = await find(marked.apName);
        const without = await find(plain(marked.apName));
        expect(withMarks.total).toBeGreaterThan(0);
        expect(without.items.map((d) => d.mac)).toEqual(withMarks.items.map((d) => d.mac));
        expect(without.items.map((d) => d.mac)).toContain(marked.mac);
      }
      // words of two fields: each found in one of them
      const both = await find(`${target.mac.slice(-2)} ${target.essid || target.ip}`);
      expect(both.items.map((d) => d.mac)).toContain(target.mac);
      expect(await find('no-such-device-anywhere')).toEqual({ items: [], total: 0 });
    });

    it('refuses a page query it does not know (400)', async () => {
      for (const query of [
        'sort=name',
        'sort=password:asc',
        'sort=name:up',
        'pageSize=201',
        'pageSize=0',
        'page=0',
        `q=${'x'.repeat(201)}`,
      ]) {
        const res = await call('GET', `/it4u/default/devices/page?${query}`);
        expect(res.statusCode, query).toBe(400);
      }
      expect((await call('GET', '/it4u/default/block/info/page?sort=download:desc')).statusCode).toBe(400);
      expect((await call('GET', '/it4u/default/devices/page?sort=uptime:desc&pageSize=200')).statusCode).toBe(200);
    });

    it('pages and searches the block list', async () => {
      const target: Device = (await call('GET', '/it4u/default/devices')).json()[1];
      await call('POST', '/it4u/default/block/device', { mac: target.mac, cmd: 'block-sta' });
      try {
        const page = await call('GET', `/it4u/default/block/info/page?q=${target.mac.replace(/:/g, '-')}`);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json().total).toBe(1);
        expect(page.json().items[0]).toMatchObject({ mac: target.mac, lastSeen: expect.any(Number) });
        const whole = (await call('GET', '/it4u/default/block/info')).json();
        const all = (await call('GET', '/it4u/default/block/info/page?pageSize=200&sort=lastSeen:desc')).json();
        expect(all.total).toBe(whole.length);
        const seen = all.items.map((d: { lastSeen: number }) => d.lastSeen);
        expect(seen).toEqual([...seen].sort((a, b) => b - a));
      } finally {
        await call('POST', '/it4u/default/block/device', { mac: target.mac, cmd: 'unblock-sta' });
      }
    });

    it("answers 403 to a customer asking for another site's devices", async () => {
      const own = await createSitesRepository(suite.t.database.db).insert({ sitename: 'Mine', idname: 'mine01' });
      const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
      for (const url of [
        '/it4u/default/devices',
        '/it4u/default/block/info',
        '/it4u/default/devices/page',
        '/it4u/default/block/info/page?q=a',
      ]) {
        expect((await call('GET', url, undefined, kh)).statusCode, url).toBe(403);
      }
      const block = { mac: 'aa:bb:cc:dd:ee:ff', cmd: 'block-sta' };
      expect((await call('POST', '/it4u/default/block/device', block, kh)).statusCode).toBe(403);
    });
  },
);
