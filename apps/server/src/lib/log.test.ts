import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp, tokenFor } from '../test/helpers.ts';
import { pathOnly } from './log.ts';

describe('the logged address', () => {
  it('is the path without its query string or fragment', () => {
    expect(pathOnly('/resetPassword?token=abc')).toBe('/resetPassword');
    expect(pathOnly('/api/v1/it4u/contracts?q=x#y')).toBe('/api/v1/it4u/contracts');
    expect(pathOnly('/login#token=abc')).toBe('/login');
    expect(pathOnly('/')).toBe('/');
  });

  it("never holds a page's or an API call's query (a reset link's token)", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const web = mkdtempSync(path.join(tmpdir(), 'it4u-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>IT4U</title>');
    const t = await createTestApp('pglite', { logger: { level: 'info', stream }, webDist: web });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/resetPassword?token=secret-reset-4711' });
      expect(page.statusCode).toBe(200);
      const { headers } = await tokenFor(t, ['ROLE_ADMIN']);
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/contracts?q=secret-search-4711', headers });
      expect(api.statusCode).toBe(200);
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing?token=secret-missing-4711' });
      expect(missing.statusCode).toBe(404);
      const log = lines.join('');
      // the requests are logged, by their paths
      expect(log).toContain('"url":"/resetPassword"');
      expect(log).toContain('"url":"/api/v1/it4u/contracts"');
      expect(log).toContain('"url":"/api/v1/nothing"');
      expect(log).not.toContain('secret');
    } finally {
      await t.close();
    }
  });
});
