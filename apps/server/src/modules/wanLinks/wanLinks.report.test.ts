import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { SiteRow, WanLinksRepository } from './wanLinks.repository.ts';
import { createWanLinksService, REPORT_REFRESH_MS } from './wanLinks.service.ts';

/** A Wednesday at 03:00 in Vietnam: the clock, moved by hand. */
const T0 = Date.UTC(2026, 4, 5, 20, 0);

const site = (id: number, sitename: string): SiteRow => ({
  id,
  sitename,
  groupName: id % 2 ? 'FTTH' : 'Leased',
  idname: null,
  customer: null,
  customerId: null,
  uptimeLb: null,
  lastPushAt: new Date(T0),
  links: [{ wan: 1, provider: 'VNPT', ip: '14.1.1.1', up: true, uptime: 60, since: new Date(T0) }],
});

/** A read of the sites that answers when the test says. */
function pendingLists() {
  const calls: { answer: (sites: SiteRow[]) => void }[] = [];
  const list = () =>
    new Promise<SiteRow[]>((answer) => {
      calls.push({ answer });
    });
  const answer = (n: number, sites: SiteRow[]) => calls[n]?.answer(sites);
  return { calls, list, answer };
}

/** Whether a promise has settled after the turns of the event loop that are due. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

describe("the report's copy", () => {
  it('is made as the console starts, and made anew behind its readers: none waits once one exists', async () => {
    let clock = T0;
    const lists = pendingLists();
    const service = createWanLinksService({
      audit: { record: async () => 0 } as unknown as Audit,
      wanLinks: { list: lists.list } as unknown as WanLinksRepository,
      siteHealth: async () => ({ bySite: new Map() }),
      now: () => clock,
    });
    await service.refresher.start();
    try {
      // made ahead of the first reader
      expect(lists.calls.length).toBe(1);
      const first = service.list();
      expect(await settled(first)).toBe(false);
      lists.answer(0, [site(1, 'A')]);
      expect((await first).map((r) => r.sitename)).toEqual(['A']);
      expect(lists.calls.length).toBe(1);

      // past its refresh time: given at once, while the next is made (one for every reader)
      clock += REPORT_REFRESH_MS;
      const during = service.list();
      expect(await settled(during)).toBe(true);
      expect((await during).map((r) => r.sitename)).toEqual(['A']);
      const encoded = service.listEncoded();
      expect(await settled(encoded)).toBe(true);
      expect(JSON.parse(gunzipSync((await encoded).gzip).toString())).toEqual(await during);
      expect(lists.calls.length).toBe(2);
      // 1,200 sites: written out a slice at a time, the same JSON
      const many = Array.from({ length: 1200 }, (_, i) => site(i + 1, `Site ${String(i).padStart(4, '0')}`));
      lists.answer(1, many);
      await expect.poll(async () => (await service.list()).length).toBe(1200);
      const all = await service.listEncoded();
      expect(JSON.parse(all.json.toString())).toEqual(await service.list());
      const ftth = await service.listEncoded('FTTH');
      expect(JSON.parse(ftth.json.toString())).toHaveLength(600);

      // a copy two minutes old is not given: the reader waits for a new one
      clock += 2 * 60_000;
      const late = service.list();
      expect(await settled(late)).toBe(false);
      expect(lists.calls.length).toBe(3);
      lists.answer(2, [site(3, 'C')]);
      expect((await late).map((r) => r.sitename)).toEqual(['C']);
    } finally {
      service.refresher.stop();
    }
  });

  it('is dropped when a site is deleted here: the next reader waits for a copy made after', async () => {
    let clock = T0;
    const lists = pendingLists();
    const service = createWanLinksService({
      audit: { record: async () => 0 } as unknown as Audit,
      wanLinks: {
        list: lists.list,
        remove: async (_id: number, inside: () => Promise<unknown>) => inside().then(() => true),
      } as unknown as WanLinksRepository,
      siteHealth: async () => ({ bySite: new Map() }),
      now: () => clock,
    });
    const first = service.list();
    lists.answer(0, [site(1, 'A'), site(2, 'B')]);
    expect(await first).toHaveLength(2);
    // a new copy being made behind a reader when the site is deleted ...
    clock += REPORT_REFRESH_MS;
    expect(await service.list()).toHaveLength(2);
    expect(lists.calls.length).toBe(2);
    await service.remove(2, { actor: { id: 1, username: 'admin' } } as RequestContext);
    const next = service.list();
    expect(await settled(next)).toBe(false);
    expect(lists.calls.length).toBe(3);
    // ... is not kept: it may have been read before the deletion
    lists.answer(1, [site(1, 'A'), site(2, 'B')]);
    lists.answer(2, [site(1, 'A')]);
    expect((await next).map((r) => r.sitename)).toEqual(['A']);
    expect((await service.list()).map((r) => r.sitename)).toEqual(['A']);
  });
});
