import {
  METRICS_TOKEN_PREFIX,
  type MetricsToken,
  SECRET_MASK,
  SECRET_PARAMETERS,
  SECRET_TIES,
  type SystemParameters,
  UNIFI_DATA_DIR,
} from '@it4u/shared';
import type { ControllerProvider } from '../../integrations/unifi/unifi.controller.ts';
import type { Audit } from '../../lib/audit.ts';
import { type Actor, type RequestContext, seesAllSites } from '../../lib/context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/readCache.ts';
import { randomToken } from '../../lib/secrets.ts';
import { type ControllerOutcome, failedOutcome, outcome } from '../controllers/controllers.outcome.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

const KEY = 'parameters';
/** The generated metrics token, encrypted: a key of its own, which the Parameter tab's form never writes. */
const METRICS_KEY = 'metrics';
type Secret = (typeof SECRET_PARAMETERS)[number];
type Stored = Omit<SystemParameters, Secret> & Record<Secret, string>;
const EMPTY: Stored = {
  usernameUbnt: '',
  pwUbnt: '',
  tokenUcrm: '',
  tokenDev: '',
  tokenDevEnabled: true,
  urlUbnt: '',
  verifyTls: true,
  sshHost: '',
  sshPort: 22,
  sshUser: '',
  sshPassword: '',
  sshKey: '',
  unifiDataDir: UNIFI_DATA_DIR,
  sshHostKey: '',
  terminalPassword: '',
};

/** Where cronjob files go: the controller's host over SSH, with its pinned key (empty before the first connection). */
export type SshTarget = {
  host: string;
  port: number;
  username: string;
  password: string;
  privateKey: string;
  dataDir: string;
  hostKey: string;
};

/** System parameters (the Parameter tab): controller credentials and tokens, secrets encrypted at rest. */
export function createParametersService(deps: {
  settings: SettingsRepository;
  audit: Audit;
  secretKey: Buffer;
  /** the controllers in use (configured, demo or none) */
  controller: () => ControllerProvider;
  /** the controllers' rows: the first is the spec's urlUbnt, usernameUbnt, pwUbnt and verifyTls */
  controllers: ControllersService;
  /** METRICS_TOKEN of the environment: when set, the only metrics token (none is generated) */
  metricsTokenEnv?: string;
}) {
  /** The parameters: the settings row's, and the first controller's address, account, password and TLS check. */
  const load = async (): Promise<Stored> => {
    const [row, first] = await Promise.all([deps.settings.get<Stored>(KEY), deps.controllers.firstFields()]);
    const controller = first
      ? { urlUbnt: first.url, usernameUbnt: first.username, pwUbnt: first.password, verifyTls: first.verifyTls }
      : {};
    return { ...EMPTY, ...(row ?? {}), ...controller };
  };
  const reveal = (stored: string) => (stored ? decryptSecret(deps.secretKey, stored) : '');
  // The tokens a router's push or a scrape presents are read once a few seconds (on this instance's own clock), not
  // once a request; a save here drops them at once, a save on another instance shows within that.
  const tokens = createReadCache(5_000);
  const storedMetricsToken = async () => reveal((await deps.settings.get<{ token: string }>(METRICS_KEY))?.token ?? '');

  return {
    /** The parameters with every stored secret masked. */
    async get(): Promise<SystemParameters> {
      const s = await load();
      const masked = Object.fromEntries(SECRET_PARAMETERS.map((k) => [k, s[k] ? SECRET_MASK : ''])) as Record<
        Secret,
        string
      >;
      return {
        usernameUbnt: s.usernameUbnt,
        urlUbnt: s.urlUbnt,
        verifyTls: s.verifyTls,
        sshHost: s.sshHost,
        sshPort: s.sshPort,
        sshUser: s.sshUser,
        unifiDataDir: s.unifiDataDir,
        sshHostKey: s.sshHostKey,
        tokenDevEnabled: s.tokenDevEnabled,
        ...masked,
      };
    },

    /**
     * The shared device token routers present when they push WAN telemetry (clear text, for the server only), and
     * whether it is accepted; read once a few seconds.
     */
    sharedDeviceToken(): Promise<{ token: string; enabled: boolean }> {
      return tokens.get('tokenDev', async () => {
        const s = await load();
        return { token: reveal(s.tokenDev), enabled: s.tokenDevEnabled };
      });
    },

    /** The token GET /metrics asks for (METRICS_TOKEN, else the generated one; '' when none); read once a few seconds. */
    metricsToken(): Promise<string> {
      if (deps.metricsTokenEnv) return Promise.resolve(deps.metricsTokenEnv);
      return tokens.get('metrics', storedMetricsToken);
    },

    /** The metrics token as administrators see it: the generated one in clear, never METRICS_TOKEN's. */
    async metricsTokenInfo(): Promise<MetricsToken> {
      if (deps.metricsTokenEnv) return { source: 'env', token: null };
      const token = await storedMetricsToken();
      return token ? { source: 'generated', token } : { source: 'none', token: null };
    },

    /** A new metrics token, generated and stored encrypted (the one before stops at once here, within seconds elsewhere). */
    async generateMetricsToken(ctx: RequestContext): Promise<MetricsToken> {
      if (deps.metricsTokenEnv) throw new ConflictError('metricsTokenFromEnv');
      const token = `${METRICS_TOKEN_PREFIX}${randomToken()}`;
      await deps.settings.transaction(async (tx) => {
        await deps.settings.put(METRICS_KEY, { token: encryptSecret(deps.secretKey, token) }, tx);
        await deps.audit.record('settings.metricsToken', ctx, { details: { hint: token.slice(-4) } }, tx);
      });
      tokens.invalidate('metrics');
      return { source: 'generated', token };
    },

    /** The remote terminal's default password of the user admin (clear text, for the server only). */
    async terminalPassword(): Promise<string> {
      return reveal((await load()).terminalPassword);
    },

    /** The controller host cronjob files are written to, or undefined when none is set. */
    async sshTarget(): Promise<SshTarget | undefined> {
      const s = await load();
      if (!s.sshHost) return undefined;
      return {
        host: s.sshHost,
        port: s.sshPort,
        username: s.sshUser,
        password: reveal(s.sshPassword),
        privateKey: reveal(s.sshKey),
        dataDir: s.unifiDataDir || UNIFI_DATA_DIR,
        hostKey: s.sshHostKey,
      };
    },

    /** Pins the controller host's key seen at the first connection (kept until the host changes). */
    async pinHostKey(host: string, fingerprint: string) {
      const s = await load();
      if (s.sshHost === host && !s.sshHostKey) await deps.settings.put(KEY, { ...s, sshHostKey: fingerprint });
    },

    async put(input: Omit<SystemParameters, 'tokenDevEnabled'> & { tokenDevEnabled?: boolean }, ctx: RequestContext) {
      const before = await load();
      const sshHost = input.sshHost.trim();
      const next: Stored = {
        usernameUbnt: input.usernameUbnt.trim(),
        urlUbnt: input.urlUbnt.trim().replace(/\/+$/, ''),
        verifyTls: input.verifyTls,
        pwUbnt: before.pwUbnt,
        tokenUcrm: before.tokenUcrm,
        tokenDev: before.tokenDev,
        tokenDevEnabled: input.tokenDevEnabled ?? before.tokenDevEnabled,
        sshHost,
        sshPort: input.sshPort,
        sshUser: input.sshUser.trim(),
        sshPassword: before.sshPassword,
        sshKey: before.sshKey,
        terminalPassword: before.terminalPassword,
        unifiDataDir: input.unifiDataDir.trim().replace(/\/+$/, '') || UNIFI_DATA_DIR,
        // another host (or port) is another key: pinned again at its first connection
        sshHostKey: sshHost === before.sshHost && input.sshPort === before.sshPort ? before.sshHostKey : '',
      };
      if (next.sshHost !== '' && next.sshUser === '') throw new BadRequestError('sshUserRequired', 'sshUser');
      // The first controller sent back as it was (an API key's too: its user is empty) is left as it is.
      const controllerKept =
        before.urlUbnt !== '' &&
        next.urlUbnt === before.urlUbnt &&
        next.usernameUbnt === before.usernameUbnt &&
        next.verifyTls === before.verifyTls &&
        input.pwUbnt === SECRET_MASK;
      // Clearing the address goes back to the demo controller only when it is the only one.
      if (next.urlUbnt === '' && before.urlUbnt !== '' && (await deps.controllers.count()) > 1)
        throw new BadRequestError('controllerRemoveInList', 'urlUbnt');
      // With an address, the controller's account is needed; without one (the demo controller) it may be empty.
      if (!controllerKept && next.urlUbnt !== '' && next.usernameUbnt === '')
        throw new BadRequestError('controllerUserRequired', 'usernameUbnt');
      // A stored secret is not sent to a new address or account, nor with the certificate check changed: the
      // administrator types it again. (Back to the demo controller, with no address, nothing is sent anywhere.)
      for (const [secret, fields] of Object.entries(SECRET_TIES) as [Secret, readonly (keyof Stored)[]][]) {
        const moved = fields.some((f) => next[f] !== before[f]);
        const sentTo = secret === 'pwUbnt' ? next.urlUbnt : next.sshHost;
        if (moved && sentTo !== '' && before[secret] && input[secret] === SECRET_MASK) {
          throw new BadRequestError(secret === 'pwUbnt' ? 'passwordForNewController' : 'sshSecretAgain', secret);
        }
      }
      // The mask keeps a stored password; with none stored, it is no password either.
      const noPassword = input.pwUbnt === SECRET_MASK ? !before.pwUbnt : input.pwUbnt.trim() === '';
      if (!controllerKept && next.urlUbnt !== '' && noPassword)
        throw new BadRequestError('controllerPasswordRequired', 'pwUbnt');
      // The shared device token is needed only while it is accepted; turned off, it may be emptied (or kept masked).
      const noDeviceToken = input.tokenDev === SECRET_MASK ? !before.tokenDev : input.tokenDev.trim() === '';
      if (next.tokenDevEnabled && noDeviceToken) throw new BadRequestError('deviceTokenSharedRequired', 'tokenDev');
      const changedSecrets: string[] = [];
      for (const k of SECRET_PARAMETERS) {
        if (input[k] !== SECRET_MASK) {
          next[k] = input[k] ? encryptSecret(deps.secretKey, input[k]) : '';
          changedSecrets.push(k);
        }
      }
      // the parameters and their audit line are one transaction; what was read from them is dropped once committed
      await deps.settings.transaction(async (tx) => {
        // with an address, the account is the first controller's; without one (the spec's body may leave it out)
        // the account is kept here, sent nowhere, until an address comes with it
        const { urlUbnt, usernameUbnt, pwUbnt, verifyTls, ...own } = next;
        await deps.settings.put(KEY, urlUbnt ? own : { ...own, usernameUbnt, pwUbnt, verifyTls }, tx);
        const first = urlUbnt ? { url: urlUbnt, username: usernameUbnt, password: pwUbnt, verifyTls } : undefined;
        if (!controllerKept) await deps.controllers.writeFirst(first, tx);
        const details = {
          urlUbnt: next.urlUbnt,
          usernameUbnt: next.usernameUbnt,
          verifyTls: next.verifyTls,
          tokenDevEnabled: next.tokenDevEnabled,
          sshHost: next.sshHost,
          sshUser: next.sshUser,
          changedSecrets,
        };
        await deps.audit.record('settings.parameters', ctx, { details }, tx);
      });
      tokens.invalidate('tokenDev');
      deps.controllers.changed();
      const first = (await deps.controller().all()).find((e) => !e.demo);
      const controller = first
        ? await first.controller.client.check().then(
            ({ flavor }) => outcome(true, 'controllerSignedIn', { flavor }, first.controller.client.url),
            (err: unknown) => failedOutcome(err, first.controller.client.url),
          )
        : outcome(true, 'demoControllerInUse');
      return { saved: true, controller };
    },

    /** Which controller the console uses: a configured one, or the demo controller. */
    async controllerInfo() {
      const current = await deps.controller().get();
      return { configured: current ? !current.demo : false, demo: current?.demo ?? false };
    },

    /** Whether the controller session is alive (logs in again when it is not); the address for staff only. */
    async checkSession(actor: Actor): Promise<ControllerOutcome & { demo: boolean; flavor?: string }> {
      const current = await deps.controller().get();
      if (!current) return { ...outcome(false, 'noController'), demo: false };
      const url = seesAllSites(actor) ? current.controller.client.url : undefined;
      try {
        const { flavor } = await current.controller.client.check();
        return { ...outcome(true, 'controllerSessionAlive', { flavor }, url), demo: current.demo, flavor };
      } catch (err) {
        return { ...failedOutcome(err, url), demo: current.demo };
      }
    },
  };
}

export type ParametersService = ReturnType<typeof createParametersService>;
