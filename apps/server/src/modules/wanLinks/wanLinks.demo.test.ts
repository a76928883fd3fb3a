import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { createTestApp, drivers, type TestApp } from '../../test/helpers.ts';
import { createDemoRouters } from './wanLinks.demo.ts';
import { createWanLinksRepository } from './wanLinks.repository.ts';
import { createWanLinksService } from './wanLinks.service.ts';

/** A Wednesday at 03:00 in Vietnam. */
const NOW = Date.UTC(2026, 4, 5, 20, 0);

describe.each(drivers)("the demo's routers on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('give the report thirty days at once: a link that flaps hourly, a quiet site, a new provider, a link down', async () => {
    let clock = NOW;
    const wanLinks = createWanLinksRepository(t.database.db);
    const service = createWanLinksService({
      audit: createAudit(t.database.db),
      wanLinks,
      siteHealth: async () => ({ bySite: new Map() }),
      now: () => clock,
    });
    const names = ['Cafe Sài Gòn', 'Homestay Đà Lạt', 'Khách sạn Hoa Mai', 'Nhà hàng Biển', 'Văn phòng Quận 1'];
    const demo = createDemoRouters({
      wanLinks,
      sitenames: async () => names,
      record: service.record,
      now: () => clock,
    });
    await demo.start();
    demo.stop();
    const rows = await service.list();
    expect(rows.map((r) => r.sitename)).toEqual(names);
    const row = (name: string) => rows.find((r) => r.sitename === name);
    // site 1 has been quiet for two hours; site 3's first link is down; the others are up
    expect(row('Homestay Đà Lạt')).toMatchObject({ stale: true, down: false });
    expect(row('Nhà hàng Biển')).toMatchObject({ stale: false, down: true, wan1Status: 0 });
    expect(row('Văn phòng Quận 1')).toMatchObject({ stale: false, down: false, wan1Status: 1 });
    const flapping = await service.detail(row('Cafe Sài Gòn')?.id ?? 0);
    const wan2 = flapping.links.find((l) => l.wan === 2);
    expect(wan2?.flaps).toBeGreaterThanOrEqual(23);
    expect(wan2?.availability.day).toBeGreaterThanOrEqual(75);
    expect(wan2?.availability.day).toBeLessThan(90);
    const changed = await service.detail(row('Khách sạn Hoa Mai')?.id ?? 0);
    expect(changed.links.find((l) => l.wan === 2)).toMatchObject({ provider: 'Viettel', state: 'up' });
    // a second start adds nothing twice; a push 4 minutes on goes on from the history: a new first provider, and
    // the second link no longer reported
    await demo.start();
    demo.stop();
    expect((await service.list()).length).toBe(names.length);
    clock += 4 * 60_000;
    expect(
      await service.record({ sitename: 'Văn phòng Quận 1', wan1Provider: 'CMC', wan1Status: 1 }, clock),
    ).toMatchObject({
      changes: 2,
    });
  });
});
