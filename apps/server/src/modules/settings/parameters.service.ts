import { SECRET_MASK, SECRET_PARAMETERS, type SystemParameters } from '@it4u/shared';
import type { ControllerConfig } from '../../integrations/unifi/unifi.client.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SettingsRepository } from './settings.repository.ts';

const KEY = 'parameters';

type Stored = Omit<SystemParameters, (typeof SECRET_PARAMETERS)[number]> &
  Record<(typeof SECRET_PARAMETERS)[number], string>;

const EMPTY: Stored = { usernameUbnt: '', pwUbnt: '', tokenUcrm: '', tokenDev: '', urlUbnt: '', verifyTls: true };

/** System parameters (the Parameter tab): controller credentials and tokens, secrets encrypted at rest. */
export function createParametersService(deps: {
  settings: SettingsRepository;
  audit: AuditRepository;
  secretKey: Buffer;
  /** tries a login with the given controller; answers what to tell the administrator */
  testController: (config: ControllerConfig) => Promise<{ ok: boolean; message: string }>;
  /** called after a change, so that the next controller call uses it */
  changed: () => void;
}) {
  const load = async (): Promise<Stored> => ({ ...EMPTY, ...((await deps.settings.get<Stored>(KEY)) ?? {}) });
  const reveal = (stored: string) => (stored ? decryptSecret(deps.secretKey, stored) : '');

  async function controllerConfig(): Promise<ControllerConfig | undefined> {
    const s = await load();
    if (!s.urlUbnt) return undefined;
    return { url: s.urlUbnt, username: s.usernameUbnt, password: reveal(s.pwUbnt), verifyTls: s.verifyTls };
  }

  return {
    controllerConfig,

    /** The parameters with every stored secret masked. */
    async get(): Promise<SystemParameters> {
      const s = await load();
      const masked = Object.fromEntries(SECRET_PARAMETERS.map((k) => [k, s[k] ? SECRET_MASK : ''])) as Record<
        (typeof SECRET_PARAMETERS)[number],
        string
      >;
      return { usernameUbnt: s.usernameUbnt, urlUbnt: s.urlUbnt, verifyTls: s.verifyTls, ...masked };
    },

    /** The device token routers present when they push WAN telemetry (clear text, for the server only). */
    async deviceToken(): Promise<string> {
      return reveal((await load()).tokenDev);
    },

    async put(input: SystemParameters, actor: { id: number; username: string }, ip: string) {
      const before = await load();
      const next: Stored = {
        usernameUbnt: input.usernameUbnt.trim(),
        urlUbnt: input.urlUbnt.trim().replace(/\/+$/, ''),
        verifyTls: input.verifyTls,
        pwUbnt: before.pwUbnt,
        tokenUcrm: before.tokenUcrm,
        tokenDev: before.tokenDev,
      };
      const changedSecrets: string[] = [];
      for (const k of SECRET_PARAMETERS) {
        if (input[k] !== SECRET_MASK) {
          next[k] = input[k] ? encryptSecret(deps.secretKey, input[k]) : '';
          changedSecrets.push(k);
        }
      }
      await deps.settings.put(KEY, next);
      deps.changed();
      await deps.audit.record({
        event: 'settings.parameters',
        actorId: actor.id,
        actorName: actor.username,
        ip,
        details: { urlUbnt: next.urlUbnt, usernameUbnt: next.usernameUbnt, verifyTls: next.verifyTls, changedSecrets },
      });
      const config = await controllerConfig();
      const controller = config
        ? await deps.testController(config)
        : { ok: true, message: 'No controller address is set: the console shows the demo controller.' };
      return { saved: true, controller };
    },
  };
}

export type ParametersService = ReturnType<typeof createParametersService>;
