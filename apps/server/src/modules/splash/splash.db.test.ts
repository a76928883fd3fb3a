import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';
import { png } from '../../test/png.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

describe.each(drivers)('splash images on %s', (driver) => {
  const suite = {} as { t: TestApp };
  beforeAll(async () => {
    suite.t = await createTestApp(driver);
    const sites = createSitesRepository(suite.t.database.db);
    await sites.insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai' });
    await sites.insert({ sitename: 'Cafe Sài Gòn', idname: 'cafe' });
  });
  afterAll(async () => suite.t.close());
  const send = async (url: string, file: Buffer, name = 'splash.png', headers?: Record<string, string>) => {
    const body = multipartFile(name, file);
    const auth = headers ?? (await tokenFor(suite.t, ['ROLE_KT'])).headers;
    return suite.t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a desktop and a phone image, serves them publicly with an ETag and for good, and 304 when unchanged', async () => {
    const desktop = await send('/upload/hoamai/desktop', png(1600, 1000));
    expect(desktop.statusCode).toBe(201);
    expect(desktop.json()).toEqual({ url: '/images/hoamai/desktop/1.png', width: 1600, height: 1000 });
    // a phone image sent to the route that reads the kind from the shape
    const phone = await send('/upload/hoamai', png(900, 1600));
    expect(phone.json()).toEqual({ url: '/images/hoamai/mobile/1.png', width: 900, height: 1600 });

    const served = await suite.t.app.inject({ method: 'GET', url: '/images/hoamai/desktop/1.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png(1600, 1000))).toBe(true);
    const etag = String(served.headers.etag);
    const again = await suite.t.app.inject({
      method: 'GET',
      url: '/images/hoamai/desktop/1.png',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    // a new upload gets a new address; the old one is gone
    const next = await send('/upload/hoamai/desktop', png(1440, 900));
    expect(next.json().url).toBe('/images/hoamai/desktop/2.png');
    expect((await suite.t.app.inject({ method: 'GET', url: '/images/hoamai/desktop/1.png' })).statusCode).toBe(404);
    const kt = (await tokenFor(suite.t, ['ROLE_KT'])).headers;
    const listed = await suite.t.app.inject({ method: 'GET', url: '/api/v1/it4u/hoamai/splash', headers: kt });
    expect(listed.json()).toEqual({
      desktop: { url: '/images/hoamai/desktop/2.png', width: 1440, height: 900 },
      mobile: { url: '/images/hoamai/mobile/1.png', width: 900, height: 1600 },
    });
  });

  it('refuses a wrong ratio, a renamed JPEG and a 6 MB file, each with its reason, and stores none of them', async () => {
    const wide = await send('/upload/cafe/desktop', png(1600, 900));
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({ code: 'imageRatio', params: { expected: '16:10', width: 1600, height: 900 } });
    const phoneAsDesktop = await send('/upload/cafe/mobile', png(1600, 1000));
    expect(phoneAsDesktop.json()).toMatchObject({ code: 'imageRatio', params: { expected: '9:16' } });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);
    const renamed = await send('/upload/cafe/desktop', jpeg, 'photo.png');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().code).toBe('notAPng');
    const huge = await send('/upload/cafe/desktop', Buffer.concat([png(1600, 1000), Buffer.alloc(6 * 1024 * 1024, 7)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'imageTooLarge', params: { max: 5 } });
    // within 2 %: 1600 × 1016 is 1.575 for 1.6
    expect((await send('/upload/cafe/desktop', png(1600, 1016))).statusCode).toBe(201);
    const kt = (await tokenFor(suite.t, ['ROLE_KT'])).headers;
    const listed = await suite.t.app.inject({ method: 'GET', url: '/api/v1/it4u/cafe/splash', headers: kt });
    expect(listed.json()).toEqual({ desktop: { url: '/images/cafe/desktop/1.png', width: 1600, height: 1016 } });
    const none = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/cafe/desktop',
      headers: kt,
      payload: {},
    });
    expect(none.json().code).toBe('noFile');
    // the one stored upload is audited (its size and digest, not its bytes); the refused ones are not
    const lines = rowsOf<{ event: string; details: Record<string, unknown> }>(
      await suite.t.database.db.execute(
        sql`select event, details from audit_events where event = 'splash.upload' and details->>'site' = 'cafe'`,
      ),
    );
    expect(lines).toEqual([
      {
        event: 'splash.upload',
        details: {
          site: 'cafe',
          kind: 'desktop',
          bytes: expect.any(Number),
          width: 1600,
          height: 1016,
          sha256: expect.any(String),
        },
      },
    ]);
  });

  it('lets only administrators and technicians upload, and a customer see only their own site', async () => {
    const office = (await tokenFor(suite.t, ['ROLE_CSKH'])).headers;
    expect((await send('/upload/hoamai/desktop', png(1600, 1000), 'a.png', office)).statusCode).toBe(403);
    const own = await createSitesRepository(suite.t.database.db).insert({ sitename: 'Của tôi', idname: 'mine04' });
    const kh = (await tokenFor(suite.t, ['ROLE_KH'], { type: 'Client', siteIds: [own.id] })).headers;
    const theirs = await suite.t.app.inject({ method: 'GET', url: '/api/v1/it4u/hoamai/splash', headers: kh });
    expect(theirs.statusCode).toBe(403);
    const mine = await suite.t.app.inject({ method: 'GET', url: '/api/v1/it4u/mine04/splash', headers: kh });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({});
    // a customer uploads to no site, its own included, by either route
    for (const url of ['/upload/mine04/desktop', '/upload/mine04', '/upload/hoamai/desktop']) {
      const refused = await send(url, png(1600, 1000), 'a.png', kh);
      expect(refused.statusCode, url).toBe(403);
    }
    const again = await suite.t.app.inject({ method: 'GET', url: '/api/v1/it4u/mine04/splash', headers: kh });
    expect(again.json()).toEqual({});
    const unknown = await send('/upload/nosuchsite/desktop', png(1600, 1000));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknownSites');
    for (const url of ['/images/hoamai/other/1.png', '/images/hoamai/desktop/x.png', '/images/..%2F/desktop/1.png']) {
      expect([400, 404], url).toContain((await suite.t.app.inject({ method: 'GET', url })).statusCode);
    }
  });
});
