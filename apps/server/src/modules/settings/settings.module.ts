import type { Db } from '../../db/client.ts';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import { createParametersService } from './parameters.service.ts';
import { createSettingsRepository, type SettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';

/**
 * An area's one value of the settings table (the Mailer tab's settings, the availability report's monthly mail):
 * read, and written with what the caller does in the same transaction (its audit line), both or neither.
 */
export type SettingsStore = {
  read<T>(): Promise<T | undefined>;
  write(value: unknown, also: (tx: Db) => Promise<unknown>): Promise<void>;
};

/** The keys of the areas' values in the settings table. */
type StoreKey = 'mail' | 'slaMail' | 'alertDelivery';

function storeOf(settings: SettingsRepository, key: StoreKey): SettingsStore {
  return {
    read: <T>() => settings.get<T>(key),
    write: (value, also) =>
      settings.transaction(async (tx) => {
        await settings.put(key, value, tx);
        await also(tx);
      }),
  };
}

/** An area's settings in a database, for a service made apart from the app (tests). */
export const createSettingsStore = (db: Db, key: StoreKey): SettingsStore => storeOf(createSettingsRepository(db), key);

/**
 * Settings: the system parameters (among them the first controller, which the controllers area stores) and the mail
 * area's stored settings.
 */
export function settingsModule(
  core: Core,
  opts: {
    controllers: ControllersService;
    controller: ControllerProvider;
    /** METRICS_TOKEN of the environment: the metrics token, none is generated */
    metricsToken?: string;
  },
) {
  const repository = createSettingsRepository(core.db);
  const parameters = createParametersService({
    settings: repository,
    audit: core.audit,
    secretKey: core.key('secrets'),
    controller: () => opts.controller,
    controllers: opts.controllers,
    metricsTokenEnv: opts.metricsToken,
  });
  const routes: Area['routes'] = async (api) => settingsRoutes(api, { parameters });
  // the mail and availability areas read and write their settings through these faces, never the repository
  const mailSettings = storeOf(repository, 'mail');
  const slaMailSettings = storeOf(repository, 'slaMail');
  const alertDeliverySettings = storeOf(repository, 'alertDelivery');
  return { parameters, mailSettings, slaMailSettings, alertDeliverySettings, routes };
}
