import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callKind } from '../lib/opsMetrics.ts';
import { createTestApp, drivers, seedUser, type TestApp, tokenFor } from '../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../test/simulator.ts';

const dashboard = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../../ops/grafana-dashboard.json'), 'utf8'),
) as { panels: { title: string; targets: { expr: string }[] }[] };

/** promtool, from Debian's prometheus package: CI installs it; elsewhere the lint is skipped when it is missing. */
const promtool = spawnSync('promtool', ['--version']).status === 0;

/** The value of one series of a scrape (the first whose labels contain all of `labels`). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:][a-z0-9_:]*)(\{.*\})? (\S+)$/i.exec(line);
    if (!m || m[1] !== name) continue;
    const set = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) return Number(m[3]);
  }
  return undefined;
}

/**
 * What an operator watches: the controllers' calls and the cache, jobs, sockets and refused sign-ins are in
 * /metrics, promtool finds nothing to say of it, and every metric the shipped Grafana dashboard queries is one the
 * console exports.
 */
describe.each(drivers)('the operator’s metrics, on %s', (driver) => {
  let sim: TestSimulator;
  let t: TestApp;
  let text: string;
  let exportedBytes = 0;
  beforeAll(async () => {
    sim = await startTestSimulator('noon');
    t = await createTestApp(driver, { demoController: sim.config, now: () => SIM_CLOCKS.noon });
    const staff = (await tokenFor(t, ['ROLE_KT'])).headers;
    const site = sim.sim.state.sites[0]?.name ?? 'default';
    // two reads of one site's devices: the controller is asked once, the cache answers the other
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/it4u/${site}/stat/device`, headers: staff });
      expect(res.statusCode).toBe(200);
    }
    const person = await seedUser(t.database);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: person.username, password: 'not-the-password' },
    });
    // an import of two items, one refused (a bad row: nothing saved), and the catalogue downloaded
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    const items = [
      { itemCode: 'M-1', name: 'Router', unit: 'Cái' },
      { itemCode: 'M-2', name: 'Switch', unit: 'Cái' },
    ];
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/uploadListSupplies',
      headers: admin,
      payload: items,
    });
    expect(saved.json()).toEqual({ saved: 2 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/uploadListSupplies',
      headers: admin,
      payload: [{ itemCode: '', name: '' }],
    });
    expect(refused.statusCode).toBe(422);
    const sheet = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/export/listSupplies', headers: admin });
    expect(sheet.statusCode).toBe(200);
    exportedBytes = sheet.rawPayload.length;
    text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('counts the controller calls by kind, the cache, the refused sign-ins, and the open sockets', () => {
    expect(
      value(text, 'it4u_controller_request_duration_seconds_count', {
        controller: 'demo',
        kind: '/api/s/{site}/stat/device',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(value(text, 'it4u_cache_lookups_total', { cache: 'controller', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'it4u_cache_lookups_total', { cache: 'controller', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'it4u_signin_refusals_total', { reason: 'wrongCredentials' })).toBe(1);
    expect(value(text, 'it4u_sockets_open', { kind: 'realtime' })).toBe(0);
    expect(value(text, 'it4u_sockets_open', { kind: 'terminal' })).toBe(0);
    expect(text).toContain('# TYPE it4u_job_duration_seconds histogram');
    expect(text).toContain('# TYPE it4u_backup_last_ok gauge');
  });

  it('counts the imports by outcome with the rows saved, and the files downloaded with their size', () => {
    const route = '/api/v1/it4u/uploadListSupplies';
    expect(value(text, 'it4u_import_duration_seconds_count', { route, outcome: 'saved' })).toBe(1);
    expect(value(text, 'it4u_import_duration_seconds_count', { route, outcome: 'refused' })).toBe(1);
    expect(value(text, 'it4u_import_rows_total', { route })).toBe(2);
    const exported = { route: '/api/v1/it4u/export/:table' };
    expect(value(text, 'it4u_export_duration_seconds_count', exported)).toBe(1);
    expect(value(text, 'it4u_export_bytes_total', exported)).toBe(exportedBytes);
    expect(exportedBytes).toBeGreaterThan(1000);
  });

  it('gives a call a bounded kind: no site, id, MAC or query', () => {
    expect(callKind('/api/s/hoamai01/rest/wlanconf/5f1a2b3c4d5e6f7a8b9c0d1e?x=1')).toBe(
      '/api/s/{site}/rest/wlanconf/{id}',
    );
    expect(callKind('/v2/api/site/hoamai01/apgroups')).toBe('/v2/api/site/{site}/apgroups');
    expect(callKind('/api/s/x/stat/user/aa:bb:cc:dd:ee:ff')).toBe('/api/s/{site}/stat/user/{mac}');
  });

  it('exports every metric the Grafana dashboard queries', () => {
    const exported = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name as string],
      ),
    );
    const queried = dashboard.panels.flatMap((p) => p.targets.flatMap((q) => q.expr.match(/\bit4u_[a-z0-9_]+/g) ?? []));
    expect(queried.length).toBeGreaterThan(10);
    expect(queried.filter((name) => !exported.has(name))).toEqual([]);
  });

  it.skipIf(!promtool && !process.env.CI)('passes promtool check metrics', () => {
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(lint.error).toBeUndefined();
    expect(`${lint.stdout}${lint.stderr}`.trim()).toBe('');
    expect(lint.status).toBe(0);
  });
});
