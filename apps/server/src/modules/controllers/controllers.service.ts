import {
  type CloudConsoleList,
  CONNECTOR_URL,
  type ControllerInput,
  type ControllerList,
  type ControllerState,
  type ControllerView,
  type SavedController,
  SECRET_MASK,
  type SiteManagerInput,
} from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import { type CloudConsole, siteManagerConsoles } from '../../integrations/unifi/siteManager.ts';
import type { ControllerConfig } from '../../integrations/unifi/unifi.client.ts';
import type {
  ControllerEntry,
  ControllerProvider,
  NamedControllerConfig,
} from '../../integrations/unifi/unifi.controller.ts';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { type ControllerOutcome, failedOutcome } from './controllers.outcome.ts';
import type { ControllerRow, ControllersRepository, ControllerValues } from './controllers.repository.ts';

/** A controller's state is checked again when it is older than this (the dashboards' refresh window). */
const STATE_TTL_MS = 30_000;

/** The first controller as the spec's systemConfig has it: address, account, password (encrypted) and TLS check. */
export type FirstControllerFields = { url: string; username: string; password: string; verifyTls: boolean };

/**
 * The UniFi controllers: stored (secrets encrypted, tied to the address they were typed for), checked (reachable,
 * version, latency, sites), and handed to the provider every area calls through.
 */
export function createControllersService(deps: {
  repository: ControllersRepository;
  audit: Audit;
  secretKey: Buffer;
  provider: () => ControllerProvider;
  /** the console's clock */
  now: () => number;
  /** how many of the console's sites each controller has (the sites area's count, bound once both exist) */
  siteCounts: () => Promise<Map<number, number>>;
  /** signs in to a controller: what to tell the administrator */
  signIn: (config: ControllerConfig) => Promise<ControllerOutcome>;
}) {
  const { repository, audit, secretKey } = deps;
  const reveal = (stored: string) => (stored ? decryptSecret(secretKey, stored) : '');
  const states = new Map<number, ControllerState>();

  const configOf = (row: ControllerRow): NamedControllerConfig => ({
    id: row.id,
    name: row.name,
    url: row.url,
    username: row.signIn === 'account' ? row.username : '',
    password: row.signIn === 'account' ? reveal(row.password) : '',
    ...(row.signIn === 'apiKey' ? { apiKey: reveal(row.apiKey) } : {}),
    ...(row.flavor === 'classic' || row.flavor === 'unifios' ? { flavor: row.flavor } : {}),
    verifyTls: row.verifyTls,
    ...(row.tlsFingerprint ? { tlsFingerprint: row.tlsFingerprint } : {}),
    timeoutMs: row.timeoutSeconds * 1000,
  });

  function view(row: ControllerRow, first: boolean, siteCount: number): ControllerView {
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      flavor: row.flavor as ControllerView['flavor'],
      signIn: row.signIn as ControllerView['signIn'],
      username: row.username,
      password: row.password ? SECRET_MASK : '',
      apiKey: row.apiKey ? SECRET_MASK : '',
      verifyTls: row.verifyTls,
      tlsFingerprint: row.tlsFingerprint,
      timeoutSeconds: row.timeoutSeconds,
      first,
      siteCount,
      state: states.get(row.id) ?? null,
    };
  }

  /** Signs in to a controller, counts its sites and reads its version, on its own client (its own deadline). */
  async function check(entry: ControllerEntry): Promise<ControllerState> {
    const started = deps.now();
    let state: ControllerState;
    try {
      const sites = await entry.controller.client.siteCount();
      const latencyMs = Math.max(0, Math.round(deps.now() - started));
      const info = await entry.controller.sysinfo().catch(() => undefined);
      state = {
        reachable: true,
        version: typeof info?.version === 'string' ? info.version : null,
        latencyMs,
        sites,
        flavor: entry.controller.client.flavor() ?? null,
        error: null,
        checkedAt: deps.now(),
      };
    } catch (err) {
      state = {
        reachable: false,
        version: null,
        latencyMs: null,
        sites: null,
        flavor: entry.controller.client.flavor() ?? null,
        error: failedOutcome(err),
        checkedAt: deps.now(),
      };
    }
    if (entry.id !== null) states.set(entry.id, state);
    return state;
  }

  /** The values to store for an input: the rules of sign-in and of stored secrets (tied to where they are sent). */
  function valuesOf(input: ControllerInput, before: ControllerRow | undefined): ControllerValues {
    const url = input.url.trim().replace(/\/+$/, '');
    const username = input.signIn === 'account' ? (input.username ?? '').trim() : '';
    // a console behind Site Manager's connector is UniFi OS, read with the account's Site Manager key
    const connector = CONNECTOR_URL.test(url);
    if (connector && input.signIn !== 'apiKey') throw new BadRequestError('connectorNeedsApiKey', 'signIn');
    const flavor = connector ? 'unifios' : (input.flavor ?? 'auto');
    if (input.signIn === 'apiKey' && flavor === 'classic') throw new BadRequestError('apiKeyNeedsUnifiOs', 'flavor');
    if (input.signIn === 'account' && username === '') throw new BadRequestError('controllerUserRequired', 'username');
    const secret = (typed: string | undefined, stored: string, tiedMoved: boolean, again: 'password' | 'apiKey') => {
      if (typed === undefined || typed === SECRET_MASK) {
        if (stored && tiedMoved) {
          throw new BadRequestError(
            again === 'password' ? 'passwordForNewController' : 'apiKeyForNewController',
            again,
          );
        }
        return stored;
      }
      return typed.trim() ? encryptSecret(secretKey, typed) : '';
    };
    // a pinned certificate is the one of this address: another address pins none until one is trusted for it
    const tlsFingerprint =
      input.tlsFingerprint !== undefined
        ? input.tlsFingerprint.toUpperCase()
        : before && before.url === url
          ? before.tlsFingerprint
          : '';
    // unpinned with no check left, a stored secret would go to whoever answers: typed again
    const unpinned = before !== undefined && before.tlsFingerprint !== '' && tlsFingerprint === '' && !input.verifyTls;
    const moved = (fields: ('url' | 'username' | 'verifyTls')[]) =>
      unpinned ||
      (before !== undefined &&
        fields.some((f) => (f === 'url' ? url : f === 'username' ? username : input.verifyTls) !== before[f]));
    const password =
      input.signIn === 'account'
        ? secret(input.password, before?.password ?? '', moved(['url', 'username', 'verifyTls']), 'password')
        : '';
    const apiKey =
      input.signIn === 'apiKey'
        ? secret(input.apiKey, before?.apiKey ?? '', moved(['url', 'verifyTls']), 'apiKey')
        : '';
    if (input.signIn === 'account' && !password) throw new BadRequestError('controllerPasswordRequired', 'password');
    if (input.signIn === 'apiKey' && !apiKey) throw new BadRequestError('controllerApiKeyRequired', 'apiKey');
    return {
      name: input.name.trim(),
      url,
      flavor,
      signIn: input.signIn,
      username,
      password,
      apiKey,
      verifyTls: input.verifyTls,
      tlsFingerprint,
      timeoutSeconds: input.timeoutSeconds ?? before?.timeoutSeconds ?? 10,
    };
  }

  const taken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw new ConflictError('controllerTaken', 'url');
    throw err;
  };

  async function saved(row: ControllerRow): Promise<SavedController> {
    deps.provider().reset();
    states.delete(row.id);
    const check = await deps.signIn(configOf(row));
    const first = (await repository.first())?.id === row.id;
    const counts = await deps.siteCounts();
    return { controller: view(row, first, counts.get(row.id) ?? 0), check };
  }

  const auditDetails = (row: ControllerRow, changedSecrets: string[]) => ({
    name: row.name,
    url: row.url,
    signIn: row.signIn,
    username: row.username,
    verifyTls: row.verifyTls,
    tlsFingerprint: row.tlsFingerprint,
    changedSecrets,
  });
  const changed = (input: ControllerInput) =>
    (['password', 'apiKey'] as const).filter((k) => input[k] !== undefined && input[k] !== SECRET_MASK);

  return {
    /** The configured controllers, as the provider calls them (secrets in clear: for the server only). */
    async configs(): Promise<NamedControllerConfig[]> {
      return (await repository.all()).map(configOf);
    },

    /** The controllers with their state, each checked again when its state is older than the refresh window. */
    async list(): Promise<ControllerList> {
      const [rows, entries, counts] = await Promise.all([repository.all(), deps.provider().all(), deps.siteCounts()]);
      const stale = entries.filter((e) => {
        const state = e.id === null ? undefined : states.get(e.id);
        return e.id !== null && (!state || deps.now() - state.checkedAt >= STATE_TTL_MS);
      });
      await Promise.all(stale.map(check));
      return {
        items: rows.map((row, i) => view(row, i === 0, counts.get(row.id) ?? 0)),
        demo: entries[0]?.demo ?? false,
      };
    },

    /** The controllers with the state last seen of each (none asked now): what readiness names. */
    async known(): Promise<{ id: number; name: string; state: ControllerState | null }[]> {
      return (await repository.all()).map((row) => ({ id: row.id, name: row.name, state: states.get(row.id) ?? null }));
    },

    /**
     * Checks one controller now, an administrator asking: a login refused before (the password since changed on the
     * controller) is tried once again; a throttled one still waits out its lock.
     */
    /** The consoles a Site Manager key reaches, each with the controller that reads it already (by its address). */
    async cloudConsoles(input: SiteManagerInput): Promise<CloudConsoleList> {
      let consoles: CloudConsole[];
      try {
        consoles = await siteManagerConsoles(input.url, input.apiKey);
      } catch (err) {
        return { items: [], failure: failedOutcome(err) };
      }
      const byUrl = new Map((await repository.all()).map((row) => [row.url, row.id]));
      return { items: consoles.map((c) => ({ ...c, controllerId: byUrl.get(c.url) ?? null })), failure: null };
    },

    async checkNow(id: number): Promise<ControllerState> {
      if (!(await repository.find(id))) throw new NotFoundError('controllerNotFound');
      const entry = await deps.provider().byId(id);
      entry.controller.client.forgetRefusal();
      return check(entry);
    },

    async create(input: ControllerInput, ctx: RequestContext): Promise<SavedController> {
      const values = valuesOf(input, undefined);
      const row = await repository
        .transaction(async (tx) => {
          const made = await repository.insert(values, tx);
          await audit.record(
            'controller.create',
            ctx,
            { target: String(made.id), details: auditDetails(made, changed(input)) },
            tx,
          );
          return made;
        })
        .catch(taken);
      return saved(row);
    },

    async update(id: number, input: ControllerInput, ctx: RequestContext): Promise<SavedController> {
      const before = await repository.find(id);
      if (!before) throw new NotFoundError('controllerNotFound');
      const values = valuesOf(input, before);
      const row = await repository
        .transaction(async (tx) => {
          const after = await repository.update(id, values, tx);
          if (!after) throw new NotFoundError('controllerNotFound');
          await audit.record(
            'controller.update',
            ctx,
            { target: String(id), details: auditDetails(after, changed(input)) },
            tx,
          );
          return after;
        })
        .catch(taken);
      return saved(row);
    },

    async remove(id: number, ctx: RequestContext): Promise<void> {
      await repository.transaction(async (tx) => {
        const row = await repository.delete(id, tx);
        if (!row) throw new NotFoundError('controllerNotFound');
        await audit.record(
          'controller.delete',
          ctx,
          { target: String(id), details: { name: row.name, url: row.url } },
          tx,
        );
      });
      states.delete(id);
      deps.provider().reset();
    },

    /** How many controllers are configured. */
    count: async () => (await repository.all()).length,

    /** The first controller's address, account, password (encrypted) and TLS check, as systemConfig shows them. */
    async firstFields(): Promise<FirstControllerFields | undefined> {
      const row = await repository.first();
      if (!row) return undefined;
      const password = row.signIn === 'apiKey' ? row.apiKey : row.password;
      return { url: row.url, username: row.username, password, verifyTls: row.verifyTls };
    },

    /**
     * Writes the first controller from systemConfig, in the caller's transaction: undefined removes it (back to the
     * demo when it was the only one); a first that signs in with an API key and is sent back unchanged stays as it is.
     */
    async writeFirst(fields: FirstControllerFields | undefined, tx: Db): Promise<void> {
      const row = await repository.first(tx);
      if (!fields) {
        if (row) await repository.delete(row.id, tx);
        return;
      }
      if (row) {
        const same = row.url === fields.url && row.username === fields.username && row.verifyTls === fields.verifyTls;
        if (same && fields.password === (row.signIn === 'apiKey' ? row.apiKey : row.password)) return;
        const tlsFingerprint = row.url === fields.url ? row.tlsFingerprint : '';
        await repository.update(row.id, { ...row, ...fields, signIn: 'account', apiKey: '', tlsFingerprint }, tx);
        return;
      }
      const name = /^https?:\/\/([^/:]+)/.exec(fields.url)?.[1] ?? 'UniFi';
      await repository.insert(
        { name, flavor: 'auto', signIn: 'account', apiKey: '', tlsFingerprint: '', timeoutSeconds: 10, ...fields },
        tx,
      );
    },

    /** Forget what was built from the controllers (their clients, their states): the configuration changed. */
    changed() {
      states.clear();
      deps.provider().reset();
    },
  };
}

export type ControllersService = ReturnType<typeof createControllersService>;
