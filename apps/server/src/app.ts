import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { MAX_UPLOAD_BYTES } from '@it4u/shared';
import { NAMED_SCHEMAS } from '@it4u/shared/api';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Database } from './db/client.ts';
import { migrationsPending, ping } from './db/client.ts';
import type { ControllerConfig } from './integrations/unifi/unifi.client.ts';
import type { ZabbixConfig } from './integrations/zabbix/zabbix.client.ts';
import { createAudit } from './lib/audit.ts';
import { compilersFactory } from './lib/compilers.ts';
import { createLeases } from './lib/leases.ts';
import { safeError, safeRequest } from './lib/log.ts';
import type { Area, Core } from './lib/module.ts';
import { createOpsMetrics } from './lib/opsMetrics.ts';
import { deriveKey } from './lib/secrets.ts';
import { SHEET_LIMITS, type SheetLimits } from './lib/upload.ts';
import { alertsModule } from './modules/alerts/alerts.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { backupsModule } from './modules/backups/backups.module.ts';
import type { BackupsConfig } from './modules/backups/backups.service.ts';
import { channelsModule } from './modules/channels/channels.module.ts';
import { chatModule } from './modules/chat/chat.module.ts';
import { contractsModule } from './modules/contracts/contracts.module.ts';
import { createContractsRepository } from './modules/contracts/contracts.repository.ts';
import { controllersModule } from './modules/controllers/controllers.module.ts';
import { cronjobModule } from './modules/cronjob/cronjob.module.ts';
import { customersModule } from './modules/customers/customers.module.ts';
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { demoModule } from './modules/demo/demo.module.ts';
import { deviceInfoModule } from './modules/deviceinfo/deviceInfo.module.ts';
import { devicesModule } from './modules/devices/devices.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { portalModule } from './modules/portal/portal.module.ts';
import { searchModule } from './modules/search/search.module.ts';
import { settingsModule } from './modules/settings/settings.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { slaModule } from './modules/sla/sla.module.ts';
import { splashModule } from './modules/splash/splash.module.ts';
import { suppliesModule } from './modules/supplies/supplies.module.ts';
import { terminalModule } from './modules/terminal/terminal.module.ts';
import type { TerminalOptions } from './modules/terminal/terminal.service.ts';
import { usersModule } from './modules/users/users.module.ts';
import { vouchersModule } from './modules/vouchers/vouchers.module.ts';
import { wanLinksModule } from './modules/wanLinks/wanLinks.module.ts';
import { createWanLinksRepository } from './modules/wanLinks/wanLinks.repository.ts';
import { wirelessModule } from './modules/wireless/wireless.module.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { fromOperator, registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRealtime } from './plugins/realtime.ts';
import { registerRequestGuards } from './plugins/request-guards.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';

export type AppOptions = {
  database: Database;
  masterKey: Buffer;
  /** the simulator `npm start` runs when no controller is configured */
  demoController?: ControllerConfig;
  /** how long controller reads are reused */
  controllerTtlMs?: number;
  /**
   * how long after its start the overview answers, without access points lists not read by then (default 200 ms;
   * tests wait longer)
   */
  overviewBudgetMs?: number;
  /** on start, fill an empty site-names table from the demo controller, so that a newcomer's screens have sites */
  syncDemoSites?: boolean;
  /** how long and how much memory reading an uploaded spreadsheet may take */
  sheetLimits?: SheetLimits;
  webDist?: string;
  /** the backups' folder, schedule and retention (BACKUP_DIR, BACKUP_HOURS, BACKUP_KEEP); none in the tests */
  backups?: BackupsConfig;
  /** pino's level, and where the lines go (tests read them from a stream; standard output otherwise) */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  trustProxy?: boolean | string;
  /** the console's clock (tests set it beside the simulator's) */
  now?: () => number;
  /** words naming the operator's own wireless networks, not listed (WIRELESS_HIDDEN; default `tps tpcoms`) */
  wirelessHidden?: string;
  /** the console's public IPv4 address, where the controllers' external portals send guests (PORTAL_ADDRESS) */
  portalAddress?: string;
  /** the Zabbix server the customer report checks (ZABBIX_URL, ZABBIX_USER, ZABBIX_PASSWORD) */
  zabbix?: ZabbixConfig;
  /**
   * the bearer token GET /metrics asks for (METRICS_TOKEN); without it, the one an administrator generated, and
   * before that only loopback is answered
   */
  metricsToken?: string;
  /** where the web app is reached, for the links of reset mails (PUBLIC_URL) */
  publicUrl?: string;
  /** whether the instance is shutting down: /api/ready then answers 503 so that a proxy sends nothing new here */
  draining?: () => boolean;
  /** whether this instance sends the scheduled report (tests that run the schedule themselves turn it off) */
  scheduleMail?: boolean;
  /** the remote terminal: idle time before a session closes, open sessions per user, loopback allowed (TERMINAL_IDLE_MINUTES, TERMINAL_MAX_SESSIONS, TERMINAL_ALLOW_LOOPBACK) */
  terminal?: Partial<TerminalOptions>;
  /** how often the alerts look at what they watch (ms); none on their own when absent (tests look themselves) */
  alertsEveryMs?: number;
  /** how long a duty's lease lasts unless renewed (ms; lib/leases.ts's DUTY_LEASE_MS when absent) */
  dutyLeaseMs?: number;
  /** the alerts' webhooks may go to loopback (WEBHOOKS_ALLOW_LOOPBACK: the tests' receivers) */
  webhooksToLoopback?: boolean;
  /** private ranges the alerts' webhooks may reach (WEBHOOKS_ALLOW_RANGES) */
  webhooksAllowRanges?: string;
  /** how often the controllers' devices are read for the warehouse's reconciliation (ms); none when absent */
  sightingsEveryMs?: number;
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // the start-up's own work (the demo's first start at thousands of sites fills its customers and warehouse from
    // every site) may take longer than Fastify's 10 s; a start that hangs is still ended, after a minute
    pluginTimeout: 60_000,
    // every logged error goes through safeError, whoever logs it: never a failed query's parameters; every logged
    // request through safeRequest: its path without the query string (a reset link's token, a search's words)
    logger:
      typeof opts.logger === 'object'
        ? {
            ...opts.logger,
            serializers: {
              err: safeError as (err: Error) => { type: string; message: string; stack: string },
              req: safeRequest as (req: FastifyRequest) => ReturnType<typeof safeRequest>,
            },
          }
        : (opts.logger ?? false),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // No coercion: a body says what its values are; query and path values are turned into numbers in one place,
    // from decimal digits only (plugins/request-guards.ts).
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: false, useDefaults: true } },
    // Fastify's own compilers, each route's validator and serializer compiled once per process (lib/compilers.ts)
    schemaController: { compilersFactory },
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  const metrics = new Registry();
  // the token is read when a scrape comes, from the settings made below
  registerMetrics(app, { registry: metrics, token: () => settings.parameters.metricsToken() });
  registerRequestGuards(app);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
  await registerOpenApi(app);

  const { db } = opts.database;
  const realtime = createRealtime(app.server, { pool: opts.database.pool, log: () => app.log });
  app.decorate('upgrades', realtime.upgrades);
  app.decorate('auditMisses', new Set<string>());
  const core: Core = {
    db,
    audit: createAudit(db),
    key: (purpose) => deriveKey(opts.masterKey, purpose),
    sheetLimits: opts.sheetLimits ?? SHEET_LIMITS,
    realtime: realtime.realtime,
    ops: createOpsMetrics(metrics),
    leases: createLeases(db, { ttlMs: opts.dutyLeaseMs }),
  };

  // Each area wires its own repository and service; an area takes what it needs from the areas below it.
  const controllers = controllersModule(core, {
    demoController: opts.demoController,
    controllerTtlMs: opts.controllerTtlMs,
    now: opts.now,
    // the sites area is made below: its count is asked when the controllers are listed
    siteCounts: () => sites.service.countsByController(),
    // several instances may share a PostgreSQL database, never the embedded one
    shareReads: opts.database.kind === 'postgres',
  });
  const settings = settingsModule(core, {
    controllers: controllers.service,
    controller: controllers.provider,
    metricsToken: opts.metricsToken,
  });
  const sites = sitesModule(core, {
    controller: controllers.provider,
    // the contracts area is made below: asked when a caller's sites are listed
    owners: () => contracts.owners.ownersBySite(),
  });
  // the mail area is made below: the notice of a changed e-mail address goes through it once the app runs
  const users = usersModule(core, {
    sites: sites.service,
    mail: () => mail.service,
    log: () => app.log,
    // the auth area is made below: a change that ends a user's reset links asks it then
    endResetLinks: () => auth.endResetLinks,
  });
  const contracts = contractsModule(core, { sites: sites.service });
  const supplies = suppliesModule(core, {
    contracts: contracts.forRecords,
    health: (ttlMs) => sites.service.health(ttlMs),
    now: opts.now,
    sightingsEveryMs: opts.sightingsEveryMs,
    log: () => app.log,
  });
  const channels = channelsModule(core, { contracts: contracts.forRecords });
  const auditTrail = auditModule(core, { contracts: contracts.forRecords, sites: sites.service });
  const deviceInfo = deviceInfoModule(core, {
    contracts: contracts.forRecords,
    sites: sites.service,
    // the terminal is made below: its face is looked up when a row's addresses change
    approvals: () => terminal.forDeviceInfo,
  });
  const vouchers = vouchersModule(core, { sites: sites.service, now: opts.now });
  const devices = devicesModule(core, { sites: sites.service });
  const wireless = wirelessModule(core, {
    controller: controllers.provider,
    sites: sites.service,
    hiddenPattern: opts.wirelessHidden,
    portalAddress: opts.portalAddress,
  });
  const splash = splashModule(core, { sites: sites.service });
  const cronjob = cronjobModule(core, { sites: sites.service, parameters: settings.parameters });
  const portal = portalModule({
    controller: controllers.provider,
    sites: sites.service,
    splash: splash.service,
    vouchers: vouchers.service,
    now: opts.now,
    portalAddress: opts.portalAddress,
    publicUrl: opts.publicUrl,
  });
  const wanLinks = wanLinksModule(core, {
    siteHealth: (ttlMs) => sites.service.health(ttlMs),
    sharedDeviceToken: () => settings.parameters.sharedDeviceToken(),
    siteNames: () => sites.service.all(),
    now: opts.now,
    zabbix: opts.zabbix,
    metrics,
    log: () => app.log,
    // the demo controller's sites get routers the console plays, so that the report has content
    demoSites:
      opts.syncDemoSites && opts.demoController
        ? async () => (await sites.service.all()).map((s) => s.sitename)
        : undefined,
    demoInUse: async () => (await controllers.provider.get())?.demo ?? false,
  });
  const chat = chatModule(core, { people: users.directory, now: opts.now, log: () => app.log });
  const terminal = terminalModule(core, {
    devices: deviceInfo.forTerminal,
    siteLinks: (site) => wanLinks.service.pushedLinks(site),
    adminPassword: () => settings.parameters.terminalPassword(),
    session: (id) => users.accounts.sessions.load(id),
    options: { idleMs: 15 * 60_000, maxSessions: 3, ...opts.terminal },
    now: opts.now,
    log: () => app.log,
  });
  const mail = mailModule(core, {
    settings: settings.mailSettings,
    report: () => wanLinks.service.list(),
    now: opts.now,
    schedule: opts.scheduleMail,
    log: () => app.log,
    // the availability area's mails are sent again through it (it is made below)
    resenders: () => ({ sla: (line, actor) => sla.mail.resend(line, actor) }),
  });
  const auth = authModule(core, {
    accounts: users.accounts,
    mail: mail.service,
    publicUrl: opts.publicUrl ?? 'http://localhost:8080',
    now: opts.now,
    onResetMail: (sending) =>
      void sending.catch((err: unknown) => app.log.warn({ err }, 'a password-reset mail could not be sent')),
  });
  const backups = backupsModule(core, {
    database: opts.database,
    masterKey: opts.masterKey,
    // without a config (the tests, the benchmarks): no schedule, Back up now into a scratch folder
    config: opts.backups ?? { dir: path.join(tmpdir(), `it4u-backups-${process.pid}`), everyHours: 0, keep: 3 },
    metrics,
    now: opts.now,
    log: (err, message) => app.log.error({ err }, message),
  });
  const demo = demoModule(core, {
    controller: controllers.provider,
    contracts: createContractsRepository(db),
    sites: createSitesRepository(db),
    wanLinks: createWanLinksRepository(db),
    warehouse: supplies.forDemo,
    now: opts.now ?? Date.now,
  });
  new Gauge({
    name: 'it4u_sockets_open',
    help: 'Sockets open on this instance: realtime (chat, presence, notices) and terminal (remote terminal sessions)',
    labelNames: ['kind'],
    registers: [metrics],
    collect() {
      this.set({ kind: 'realtime' }, realtime.openSockets());
      this.set({ kind: 'terminal' }, terminal.service.openSessions());
    },
  });
  const dashboard = dashboardModule({
    controller: controllers.provider,
    sites: sites.service,
    contracts: contracts.counts,
    now: opts.now,
    overviewBudgetMs: opts.overviewBudgetMs,
  });
  const customers = customersModule({
    contracts: contracts.ofCustomers,
    sites: sites.service,
    accessPoints: (site) => dashboard.service.accessPointStates(site),
    wanLinks: wanLinks.ofCustomer,
    channels: channels.ofCustomer,
    stock: supplies.ofCustomer,
    deviceInfo: deviceInfo.ofCustomer,
    terminal: terminal.ofCustomer,
    vouchers: vouchers.service,
    audit: auditTrail.ofCustomer,
    now: opts.now ?? Date.now,
  });
  const search = searchModule({
    contracts: contracts.forSearch,
    sites: sites.forSearch,
    stock: supplies.forSearch,
    channels: channels.forSearch,
    devices: { searchFolded: deviceInfo.repository.searchFolded },
    users: users.forSearch,
    wanLinks: wanLinks.forSearch,
  });
  const sla = slaModule(core, {
    wanLinks: wanLinks.ofSla,
    channels: channels.forSla,
    mail: mail.service,
    settings: settings.slaMailSettings,
    customerName: async (id) => {
      const contract = await contracts.forRecords.find(id);
      return contract ? contract.companyName || contract.clientName : undefined;
    },
    now: opts.now,
    schedule: opts.scheduleMail,
    log: () => app.log,
  });
  const alerts = alertsModule(core, {
    sources: {
      health: (ttlMs) => sites.service.health(ttlMs),
      accessPoints: (site, ttlMs, on) => dashboard.service.accessPointStates(site, ttlMs, on),
      wanSites: () => wanLinks.ofSla.all(),
      channels: channels.forAlerts,
      mailRuns: () => mail.forAlerts.lastRuns(),
      lastBackup: () => backups.service.lastEnded(),
      contractBySite: () => contracts.forAlerts.contractBySite(),
      belowMinimum: () => supplies.forAlerts.belowMinimum(),
      changedKeys: () => terminal.forAlerts.changedKeys(),
      vouchersRunningOut: (percent, ttlMs) => vouchers.service.forAlerts.runningOut(percent, ttlMs),
    },
    mail: mail.service,
    store: settings.alertDeliverySettings,
    now: opts.now,
    everyMs: opts.alertsEveryMs ?? 0,
    webhooksToLoopback: opts.webhooksToLoopback,
    webhooksAllowRanges: opts.webhooksAllowRanges,
    publicUrl: opts.publicUrl,
    log: () => app.log,
  });
  realtime.authenticateWith(registerAuth(app, auth.verifyAccess, auth.sessionStore));

  // The areas and where they answer.
  const areas: [prefix: string, area: Area][] = [
    ['/api/v1', auth],
    ['/api/v1', users],
    ['/api/v1', sites],
    ['/api/v1', settings],
    ['/api/v1', controllers],
    ['/api/v1', contracts],
    ['/api/v1', supplies],
    ['/api/v1', channels],
    ['/api/v1', deviceInfo],
    ['/api/v1', vouchers],
    ['/api/v1', devices],
    ['/api/v1', dashboard],
    ['/api/v1', wireless],
    ['/api/v1', splash],
    ['/api/v1', wanLinks],
    ['/api/v1', mail],
    ['/api/v1', cronjob],
    ['/api/v1', terminal],
    ['/api/v1', chat],
    ['/api/v1', backups],
    ['/api/v1', demo],
    ['/api/v1', auditTrail],
    ['/api/v1', customers],
    ['/api/v1', search],
    ['/api/v1', sla],
    ['/api/v1', alerts],
    ['', { routes: terminal.socketRoutes }],
    ['', { routes: splash.publicRoutes }],
    ['', portal],
  ];
  for (const [prefix, area] of areas) {
    await app.register(area.routes, { prefix });
    if (area.sockets) realtime.onConnection(area.sockets);
  }

  // readiness, for load balancers and orchestrators: the database answers and has this version's migrations. To the
  // operator (the metrics token, as /metrics asks it), each controller is named with what was last seen of it (a
  // controller down is its sites' trouble, not this instance's); to anyone else, ready or not only
  app.get('/api/ready', { schema: { hide: true } }, async (request, reply) => {
    let database: 'ok' | 'error' = 'ok';
    let pending = 0;
    try {
      pending = await migrationsPending(db);
    } catch {
      database = 'error';
    }
    const operator = fromOperator(request, await settings.parameters.metricsToken().catch(() => ''));
    const known = database === 'ok' && operator ? await controllers.service.known().catch(() => []) : [];
    const draining = opts.draining?.() ?? false;
    const ready = database === 'ok' && pending === 0 && !draining;
    const answer = {
      status: ready ? 'ready' : draining ? 'draining' : 'not ready',
      db: database,
      migrations: database === 'ok' ? (pending === 0 ? 'ok' : `${pending} pending`) : 'unknown',
      ...(operator && {
        controllers: known.map((c) => ({
          id: c.id,
          name: c.name,
          state: c.state ? (c.state.reachable ? 'reachable' : 'unreachable') : 'not checked yet',
          ...(c.state ? { checkedAt: new Date(c.state.checkedAt).toISOString() } : {}),
        })),
      }),
    };
    return ready ? answer : reply.status(503).header('retry-after', '5').send(answer);
  });
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(db);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).header('retry-after', '5').send({ status: 'error', db: 'error' });
    }
  });

  app.addHook('preClose', async () => {
    await terminal.service.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await backups.service.idle();
    controllers.provider.reset();
    mail.service.close();
  });
  if (opts.syncDemoSites && opts.demoController) {
    app.addHook('onReady', async () => {
      try {
        const result = await sites.service.syncDemo();
        if (!result) return;
        app.log.info(result, 'site names filled from the demo controller');
        const customers = await contracts.service.addDemo(await sites.service.all());
        if (customers) app.log.info({ customers }, 'demo customers added to the contracts register');
        if (!customers) return;
        const stockOuts = await demo
          .addWarehouse()
          .catch((err: unknown) => app.log.warn({ err }, "the demo's warehouse could not be made"));
        if (stockOuts) app.log.info({ stockOuts }, "the demo's warehouse made from its access points");
      } catch (err) {
        app.log.warn({ err }, 'the site names could not be filled from the demo controller');
      }
    });
  }
  // the areas' jobs, once the demo's site names are there
  const jobs = areas.flatMap(([, area]) => area.jobs ?? []);
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      await job.start().catch((err: unknown) => app.log.warn({ err }, 'a job could not start'));
    }
  });
  app.addHook('onClose', async () => {
    for (const job of jobs) await job.stop();
  });

  await registerWeb(app, opts.webDist ?? '');
  return app;
}
