import { type ControllerConfig, createUnifiClient } from '../../integrations/unifi/unifi.client.ts';
import { createControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import { type ControllerOutcome, createParametersService, failedOutcome, outcome } from './parameters.service.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Tries a login with a controller: what to tell the administrator. */
async function testController(config: ControllerConfig): Promise<ControllerOutcome> {
  const client = createUnifiClient({ ...config, timeoutMs: 8_000 });
  try {
    const { flavor } = await client.check();
    return outcome(true, 'controllerSignedIn', { flavor }, client.url);
  } catch (err) {
    return failedOutcome(err, client.url);
  } finally {
    await client.close();
  }
}

/**
 * Settings: the system parameters, and the controller in use that they configure (the configured one, else the
 * demo controller `npm start` runs, else none), which the site, voucher and device areas call.
 */
export function settingsModule(
  core: Core,
  opts: {
    demoController?: ControllerConfig;
    controllerTtlMs?: number;
    /** METRICS_TOKEN of the environment: the metrics token, none is generated */
    metricsToken?: string;
  },
) {
  const parameters = createParametersService({
    settings: createSettingsRepository(core.db),
    audit: core.audit,
    secretKey: core.key('secrets'),
    controller: () => controller,
    testController,
    metricsTokenEnv: opts.metricsToken,
  });
  const controller = createControllerProvider({
    configured: () => parameters.controllerConfig(),
    demo: opts.demoController,
    ttlMs: opts.controllerTtlMs,
  });
  const routes: Area['routes'] = async (api) => settingsRoutes(api, { parameters });
  return { parameters, controller, routes };
}
