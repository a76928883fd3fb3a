import { randomBytes } from 'node:crypto';
import { DEVICE_SECRET_MASK } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerProvider } from './integrations/unifi/unifi.controller.ts';
import { type Audit, createAudit } from './lib/audit.ts';
import type { RequestContext } from './lib/context.ts';
import { createContractsRepository } from './modules/contracts/contracts.repository.ts';
import { createControllersRepository } from './modules/controllers/controllers.repository.ts';
import { createControllersService } from './modules/controllers/controllers.service.ts';
import { createCronjobRepository } from './modules/cronjob/cronjob.repository.ts';
import { createCronjobService } from './modules/cronjob/cronjob.service.ts';
import { createDeviceInfoRepository } from './modules/deviceinfo/deviceInfo.repository.ts';
import { createDeviceInfoService } from './modules/deviceinfo/deviceInfo.service.ts';
import { createParametersService } from './modules/settings/parameters.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { createSitesService, type SitesService } from './modules/sites/sites.service.ts';
import { createTerminalRepository } from './modules/terminal/terminal.repository.ts';
import { createTerminalService, type TerminalOptions } from './modules/terminal/terminal.service.ts';
import { createDeviceTokensRepository } from './modules/wanLinks/deviceTokens.repository.ts';
import { createDeviceTokensService } from './modules/wanLinks/deviceTokens.service.ts';
import { createTestApp, drivers, type TestApp } from './test/helpers.ts';

// Issue 23: a write and its audit line were separate statements outside a transaction; a failure between them left
// a change with no audit line. Each write and its audit line are one transaction now: here the audit line fails, and
// the write must not have happened either.
describe.each(drivers)('writes and their audit lines on %s', (driver) => {
  let t: TestApp;
  let audit: Audit;
  /** the audit trail, whose record fails wherever it is written */
  let failing: Audit;
  const ctx = {
    actor: { id: 1, username: 'someone', roles: ['ROLE_ADMIN'] },
    ip: '127.0.0.1',
  } as unknown as RequestContext;
  const secretKey = randomBytes(32);
  const events = async () => (await audit.list(1000)).map((e) => e.event);

  beforeAll(async () => {
    t = await createTestApp(driver);
    audit = createAudit(t.database.db);
    failing = {
      ...audit,
      record: async () => {
        throw new Error('injected failure of the audit line');
      },
    };
  });
  afterAll(() => t.close());

  it('device information: no row, change or deletion without its audit lines', async () => {
    const devices = createDeviceInfoRepository(t.database.db);
    const terminal = createTerminalRepository(t.database.db);
    const deps = {
      devices,
      approvals: () => terminal,
      contracts: createContractsRepository(t.database.db),
      sites: {} as SitesService,
      secretKey,
    };
    const working = createDeviceInfoService({ ...deps, audit });
    const service = createDeviceInfoService({ ...deps, audit: failing });
    const row = { backup: 'kept', ipWan1: '203.0.113.7', passWan1: 'Secret-1' };
    await expect(service.create({ ...row, ipWan2: '203.0.113.8' }, ctx)).rejects.toThrow('injected');
    expect((await devices.page(undefined, 0, 10)).total).toBe(0);

    const made = await working.create(row, ctx);
    await expect(service.update(made.id, { ipWan1: '198.51.100.1', passWan1: 'Secret-2' }, ctx)).rejects.toThrow(
      'injected',
    );
    const after = await devices.find(made.id);
    expect([after?.ipWan1, after?.passWan1]).toEqual(['203.0.113.7', DEVICE_SECRET_MASK]);
    expect(await working.reveal(made.id, 'passWan1', ctx)).toBe('Secret-1');
    await expect(service.remove(made.id, ctx)).rejects.toThrow('injected');
    expect(await devices.find(made.id)).toBeDefined();
    await expect(service.upload([{ 'IP LB': '203.0.113.9' }], ctx)).rejects.toThrow('injected');
    expect((await devices.page(undefined, 0, 10)).total).toBe(1);
  });

  it('site names: no site added, changed or deleted without its audit line', async () => {
    const repository = createSitesRepository(t.database.db);
    const deps = { sites: repository, controller: {} as ControllerProvider };
    const site = await createSitesService({ ...deps, audit }).create({ sitename: 'Sen', idname: 'sen01' }, ctx);
    const service = createSitesService({ ...deps, audit: failing });
    await expect(service.create({ sitename: 'Cúc', idname: 'cuc01' }, ctx)).rejects.toThrow('injected');
    await expect(service.update(site.id, { sitename: 'Sen Vàng', idname: 'sen02' }, ctx)).rejects.toThrow('injected');
    await expect(service.remove(site.id, ctx)).rejects.toThrow('injected');
    expect(await repository.all()).toEqual([site]);
  });

  it('system parameters and the metrics token: not stored without their audit lines', async () => {
    const deps = {
      settings: createSettingsRepository(t.database.db),
      secretKey,
      controller: () => ({ reset() {}, all: async () => [] }) as unknown as ControllerProvider,
      controllers: createControllersService({
        repository: createControllersRepository(t.database.db),
        audit: failing,
        secretKey,
        provider: () => ({ reset() {}, all: async () => [] }) as unknown as ControllerProvider,
        now: () => 0,
        siteCounts: async () => new Map(),
        signIn: async () => {
          throw new Error('not reached');
        },
      }),
    };
    const service = createParametersService({ ...deps, audit: failing });
    const before = await service.get();
    await expect(
      service.put({ ...before, tokenDev: 'a-shared-device-token', unifiDataDir: '/srv/unifi', sshHost: '' }, ctx),
    ).rejects.toThrow('injected');
    expect(await service.get()).toEqual(before);
    await expect(service.generateMetricsToken(ctx)).rejects.toThrow('injected');
    expect(await service.metricsTokenInfo()).toEqual({ source: 'none', token: null });
  });

  it('cron job files: no version without its audit line', async () => {
    const files = createCronjobRepository(t.database.db);
    const service = createCronjobService({
      files,
      sites: { byIdname: async () => ({ id: 1, sitename: 'Sen', idname: 'sen01' }) } as unknown as SitesService,
      audit: failing,
      target: async () => undefined,
      pin: async () => {},
    });
    await expect(service.upload('sen01', 'a.properties', Buffer.from('a=1\n'), ctx)).rejects.toThrow('injected');
    expect(await files.versions('sen01')).toEqual([]);
  });

  it("a site's device tokens: none made, rotated or revoked without its audit line", async () => {
    const tokens = createDeviceTokensRepository(t.database.db);
    const deps = {
      tokens,
      wanLinks: { find: async () => ({ sitename: 'sen01' }) } as never,
      shared: async () => ({ token: '', enabled: true }),
      siteNames: async () => [],
      now: () => Date.UTC(2025, 0, 2),
    };
    const service = createDeviceTokensService({ ...deps, audit: failing });
    await expect(service.create(1, ctx)).rejects.toThrow('injected');
    expect(await tokens.list('sen01')).toEqual([]);
    const made = await createDeviceTokensService({ ...deps, audit }).create(1, ctx);
    await expect(service.rotate(1, ctx)).rejects.toThrow('injected');
    await expect(service.revoke(1, ctx)).rejects.toThrow('injected');
    const rows = await tokens.list('sen01');
    expect(rows.map((r) => [r.hint, r.revokedAt])).toEqual([[made.hint, null]]);
  });

  it("the terminal's approvals and host keys: none approved, withdrawn or accepted without its audit line", async () => {
    const terminal = createTerminalRepository(t.database.db);
    const devices = createDeviceInfoRepository(t.database.db);
    const row = await devices.insert({
      contractId: null,
      siteId: null,
      fields: { ipLb: '203.0.113.20' } as never,
      secrets: {},
    });
    const service = createTerminalService({
      terminal,
      devices,
      siteLinks: async () => [],
      adminPassword: async () => '',
      sessionLive: async () => true,
      audit: failing,
      secretKey,
      options: {} as TerminalOptions,
      now: () => Date.UTC(2025, 0, 2),
    });
    const where = { deviceInfoId: row, host: '203.0.113.20', port: 22 };
    const at = new Date(Date.UTC(2025, 0, 1));
    await terminal.request({ ...where, source: 'ipLb', fingerprint: 'SHA256:one', by: 'someone', at });
    await expect(service.approve({ rowId: row, ...where, fingerprint: 'SHA256:one' }, ctx)).rejects.toThrow('injected');
    expect((await terminal.approval(where))?.state).toBe('pending');
    await expect(service.revoke({ rowId: row, host: where.host, port: 22 }, ctx)).rejects.toThrow('injected');
    expect(await terminal.approval(where)).toBeDefined();
    await terminal.pin(where.host, 22, 'SHA256:one', 'someone');
    await terminal.offer(where.host, 22, 'SHA256:two', at);
    await expect(service.acceptHostKey(where.host, 22, 'SHA256:two', ctx)).rejects.toThrow('injected');
    expect((await terminal.hostKey(where.host, 22))?.fingerprint).toBe('SHA256:one');
  });

  it('leaves an audit line of each write that was made, and none of those that were not', async () => {
    expect(await events()).toEqual([
      'deviceInfo.create',
      'deviceInfo.passwords',
      'deviceInfo.reveal',
      'site.create',
      'deviceToken.create',
    ]);
  });
});
