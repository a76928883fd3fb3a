import type { Db } from '../../db/client.ts';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Area, Core } from '../../lib/module.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import { createParametersService } from './parameters.service.ts';
import { createSettingsRepository, type SettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';

/**
 * The mail area's one value of the settings table (the Mailer tab's settings): read, and written with what the
 * caller does in the same transaction (its audit line), both or neither.
 */
export type MailSettingsStore = {
  read<T>(): Promise<T | undefined>;
  write(value: unknown, also: (tx: Db) => Promise<unknown>): Promise<void>;
};

/** The key of the mail settings in the settings table. */
const MAIL_KEY = 'mail';

function mailSettingsOf(settings: SettingsRepository): MailSettingsStore {
  return {
    read: <T>() => settings.get<T>(MAIL_KEY),
    write: (value, also) =>
      settings.transaction(async (tx) => {
        await settings.put(MAIL_KEY, value, tx);
        await also(tx);
      }),
  };
}

/** The mail settings of a database, for a mail service made apart from the app (tests). */
export const createMailSettingsStore = (db: Db): MailSettingsStore => mailSettingsOf(createSettingsRepository(db));

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
  // the mail area reads and writes its settings through this face, never the repository
  const mailSettings = mailSettingsOf(repository);
  return { parameters, mailSettings, routes };
}
