import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { MAX_UPLOAD_BYTES } from '@it4u/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import { ping } from './db/client.ts';
import { type ControllerConfig, createUnifiClient } from './integrations/unifi/unifi.client.ts';
import { type ControllerProvider, createControllerProvider } from './integrations/unifi/unifi.controller.ts';
import { ErrorSchema } from './lib/schemas.ts';
import { deriveKey } from './lib/secrets.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createSessionRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createChannelsRepository } from './modules/channels/channels.repository.ts';
import { channelsRoutes } from './modules/channels/channels.routes.ts';
import { createChannelsService } from './modules/channels/channels.service.ts';
import { createContractsRepository } from './modules/contracts/contracts.repository.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { ContractSchema } from './modules/contracts/contracts.schemas.ts';
import { createContractsService } from './modules/contracts/contracts.service.ts';
import { controllerRoutes } from './modules/controller/controller.routes.ts';
import { VoucherSchema } from './modules/controller/controller.schemas.ts';
import { createControllerService } from './modules/controller/controller.service.ts';
import { createParametersService } from './modules/settings/parameters.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { SiteSchema } from './modules/sites/sites.schemas.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { createSuppliesRepository } from './modules/supplies/supplies.repository.ts';
import { suppliesRoutes } from './modules/supplies/supplies.routes.ts';
import { StockRecordSchema, SupplyItemSchema } from './modules/supplies/supplies.schemas.ts';
import { createSuppliesService } from './modules/supplies/supplies.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { CurrentUserSchema, UserRowSchema } from './modules/users/users.schemas.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';

export type AppOptions = {
  database: Database;
  masterKey: Buffer;
  /** the simulator `npm start` runs when no controller is configured */
  demoController?: ControllerConfig;
  /** how long controller reads are reused */
  controllerTtlMs?: number;
  webDist?: string;
  logger?: boolean | { level: string };
  trustProxy?: boolean;
  /** on start, fill an empty site-names table from the demo controller, so that a newcomer's screens have sites */
  syncDemoSites?: boolean;
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } },
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  app.addSchema(ErrorSchema);
  app.addSchema(CurrentUserSchema);
  app.addSchema(UserRowSchema);
  app.addSchema(SiteSchema);
  app.addSchema(ContractSchema);
  app.addSchema(SupplyItemSchema);
  app.addSchema(StockRecordSchema);
  app.addSchema(VoucherSchema);
  await registerOpenApi(app);

  const { db } = opts.database;
  const audit = createAuditRepository(db);
  const sessions = createSessionRepository(db);
  const usersRepo = createUsersRepository(db);
  registerAuth(app, deriveKey(opts.masterKey, 'jwt'), sessions);

  const sitesRepo = createSitesRepository(db);
  const users = createUsersService({ users: usersRepo, sessions, audit, sites: sitesRepo });
  const auth = createAuthService({
    sessions,
    users: usersRepo,
    audit,
    signAccess: (claims) => app.signAccessToken(claims),
  });
  const sites = createSitesService({ sites: sitesRepo, audit });
  const contractsRepo = createContractsRepository(db);
  const contracts = createContractsService({ contracts: contractsRepo, sites: sitesRepo });
  const supplies = createSuppliesService({ supplies: createSuppliesRepository(db), contracts: contractsRepo });
  let provider: ControllerProvider | undefined;
  const parameters = createParametersService({
    settings: createSettingsRepository(db),
    audit,
    secretKey: deriveKey(opts.masterKey, 'secrets'),
    testController,
    changed: () => provider?.reset(),
  });
  provider = createControllerProvider({
    configured: () => parameters.controllerConfig(),
    demo: opts.demoController,
    ttlMs: opts.controllerTtlMs,
  });
  const controller = createControllerService({ provider, sites });
  const channels = createChannelsService({ channels: createChannelsRepository(db), contracts: contractsRepo });
  app.addHook('onClose', async () => provider?.reset());
  if (opts.syncDemoSites && opts.demoController) {
    app.addHook('onReady', async () => {
      try {
        const result = await sites.syncDemo(provider);
        if (result) app.log.info(result, 'site names filled from the demo controller');
      } catch (err) {
        app.log.warn({ reason: (err as Error).message }, 'the site names could not be filled from the demo controller');
      }
    });
  }

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(db);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', db: 'error' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth, users });
      await api.register(usersRoutes, { users });
      await api.register(sitesRoutes, { sites });
      await api.register(contractsRoutes, { contracts });
      await api.register(suppliesRoutes, { supplies });
      await api.register(settingsRoutes, { parameters });
      await api.register(controllerRoutes, { controller });
      await api.register(channelsRoutes, { channels });
    },
    { prefix: '/api/v1' },
  );

  await registerWeb(app, opts.webDist ?? '');
  return app;
}

/** Tries a login with a controller; answers what to tell the administrator. */
async function testController(config: ControllerConfig): Promise<{ ok: boolean; message: string }> {
  const client = createUnifiClient({ ...config, timeoutMs: 8_000 });
  try {
    const { flavor } = await client.check();
    return {
      ok: true,
      message: `Signed in to ${client.url} (${flavor === 'unifios' ? 'UniFi OS' : 'classic controller'}).`,
    };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  } finally {
    await client.close();
  }
}
