import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sniffSpreadsheet } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from './lib/spreadsheet.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { createTestApp, type TestApp, tokenFor } from './test/helpers.ts';
import { png } from './test/png.ts';
import { xlsxBomb } from './test/zipBomb.ts';

// A running server (real HTTP on a loopback port) against zip bombs and a crowd of exports: no file or burst of
// requests may exhaust it. Memory is measured on the process itself, so this file runs on PGlite only.

// the collector, called by the test so that memory is measured without the garbage of the moment
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The process's resident memory once garbage is collected and the allocator has had a moment. */
async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage().rss;
}

describe('no file can exhaust the server', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    headers = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await createSitesRepository(t.database.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai' });
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, name = 'vat-tu.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return fetch(`${base}/api/v1/it4u/uploadListSupplies`, { method: 'POST', headers, body: form });
  };
  const health = async () => (await fetch(`${base}/api/health`)).status;

  // how long the server stalls meanwhile is measured, not asserted: `npm run bench:stalls` (docs/benchmarks.md)
  it('refuses ten zip bombs in parallel (413 spreadsheetTooLarge), answers meanwhile, and gives its memory back', async () => {
    // warm up: a real workbook read and saved, so the baseline includes a worker's run and the parser's code
    const book = writeSheet('Danh mục', ['Mã vật tư', 'Tên vật tư', 'Đơn vị'], [['BOMB-OK', 'Cáp', 'Cái']]);
    expect((await upload(book)).status).toBe(200);
    const before = await settledRss();

    // ten files of 400 KB whose sheet inflates to 400 MB (the directory says so)
    const bomb = xlsxBomb(400);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(bomb)));
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'spreadsheetTooLarge', params: { max: 50 } });
    }

    // ten files whose directory lies (a few KB declared): refused while inflating (the bytes are counted), and
    // meanwhile the server answers
    const lying = xlsxBomb(400, true);
    const [h, ...lied] = await Promise.all([
      new Promise((resolve) => setTimeout(resolve, 50)).then(health),
      ...Array.from({ length: 10 }, () => upload(lying)),
    ]);
    for (const res of lied as Response[]) {
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('spreadsheetTooLarge');
    }
    expect(h).toBe(200);
    expect(await health()).toBe(200);
    const rss = await settledRss();
    expect(rss, `RSS ${Math.round(before / 2 ** 20)} MB → ${Math.round(rss / 2 ** 20)} MB`).toBeLessThan(before * 1.2);
  });

  it('refuses a splash PNG whose header declares a picture too large to show (400 imageDimensions)', async () => {
    // a small PNG whose header says 16,000 × 10,000 (16:10, as a desktop image must be): the pixels a browser would
    // need are never read here, and no guest's phone is asked to draw them
    const huge = png(16, 10);
    huge.writeUInt32BE(16_000, 16);
    huge.writeUInt32BE(10_000, 20);
    for (const path of ['/upload/hoamai/desktop', '/upload/hoamai']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(huge)]), 'splash.png');
      const res = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: form });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'imageDimensions',
        params: { width: 16_000, height: 10_000, max: 4096 },
      });
    }
    // a 4K desktop image is still welcome
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(3840, 2400))]), 'splash.png');
    const fine = await fetch(`${base}/api/v1/upload/hoamai/desktop`, { method: 'POST', headers, body: form });
    expect(fine.status).toBe(201);
  });

  it('builds at most a few exports at once: a crowd of twenty gets some 429 with Retry-After, and no failure', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      'Mã vật tư': `EXP-${i}`,
      'Tên vật tư': `Access point ${i}`,
      'Đơn vị': 'Cái',
    }));
    const saved = await fetch(`${base}/api/v1/it4u/uploadListSupplies`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(saved.status, await saved.text()).toBe(200);

    const exportOnce = () => fetch(`${base}/api/v1/it4u/export/listSupplies`, { headers });
    const answers = await Promise.all(Array.from({ length: 20 }, exportOnce));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(),
    ).toBe(true);
    const busy = answers.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'exportsBusy', params: { seconds: 5 } });
    }
    const done = answers.filter((r) => r.status === 200);
    // two building and four waiting at least went through
    expect(done.length).toBeGreaterThanOrEqual(6);
    for (const res of done) expect(sniffSpreadsheet(new Uint8Array(await res.arrayBuffer()))).toBe('xlsx');
    // the queue is empty again afterwards
    expect((await exportOnce()).status).toBe(200);
  });
});
