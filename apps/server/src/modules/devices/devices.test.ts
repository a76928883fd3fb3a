import { describe, expect, it } from 'vitest';
import { tokenFor } from '../../test/helpers.ts';
import { simCases, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

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
    });

    it("answers 403 to a customer asking for another site's devices", async () => {
      const own = await createSitesRepository(suite.t.database.db).insert({ sitename: 'Mine', idname: 'mine01' });
      const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
      for (const url of ['/it4u/default/devices', '/it4u/default/block/info']) {
        expect((await call('GET', url, undefined, kh)).statusCode, url).toBe(403);
      }
      const block = { mac: 'aa:bb:cc:dd:ee:ff', cmd: 'block-sta' };
      expect((await call('POST', '/it4u/default/block/device', block, kh)).statusCode).toBe(403);
    });
  },
);
