import {
  type ApiErrorCode,
  DEVICE_HOST_FIELDS,
  type DeviceInfo,
  type ErrorParams,
  type TerminalCloseReason,
  type TerminalConnect,
} from '@it4u/shared';
import { newSshClient } from '../../integrations/ssh/client.ts';
import { fingerprintOf } from '../../integrations/ssh/sftp.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { checkHost, type Resolve } from '../../lib/hosts.ts';
import type { TerminalRepository } from './terminal.repository.ts';

/**
 * What the terminal reads of the device information (the deviceinfo area's face for it): a row, with its addresses,
 * site and customer, and its stored passwords (encrypted).
 */
export type TerminalDevices = {
  find: (id: number) => Promise<DeviceInfo | undefined>;
  secrets: (id: number) => Promise<{ passLb?: string } | undefined>;
  /** the rows' customer and site (short name), by id, for the list of approvals */
  labels: (ids: number[]) => Promise<Map<number, { customer: string; site: string }>>;
};

/** Why a session ended, as the audit says it: the browser's reasons, and a sign-in that ended meanwhile. */
export type EndReason = TerminalCloseReason | 'signedOut';

/** A connect refused: the error the browser is told, and why the session ended. */
export class Refusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly params?: ErrorParams,
    readonly reason: EndReason = 'error',
  ) {
    super(code);
  }
}

/** What the steps of a connect use. */
export type ConnectDeps = {
  terminal: TerminalRepository;
  devices: TerminalDevices;
  /** a site's WAN links as its router pushes them: link number and address */
  siteLinks: (site: string) => Promise<{ wan: number; ip: string }[]>;
  adminPassword: () => Promise<string>;
  audit: Audit;
  secretKey: Buffer;
  options: { allowLoopback?: boolean };
  now: () => number;
  /** the addresses a host name resolves to (the system's resolver) */
  resolve?: Resolve;
  /** the console's own addresses (its network interfaces) */
  ownAddresses?: () => string[];
};

/** A stored password the console offers for a login, as the reveal audit names it. */
type StoredSecret = 'passLb' | 'terminalPassword';
type Login = { username: string; password: string; secret?: StoredSecret };

/** A sign-in the console may try: the row, the host and the address checked, the login, its approval if stored. */
export type ConnectPlan = {
  row: DeviceInfo;
  host: string;
  port: number;
  address: string;
  login: Login;
  where: { deviceInfoId: number; host: string; port: number };
  /** a stored password's approved host key (none for a typed password) */
  approved?: { fingerprint: string; source: string };
};

/** The key a host offered at sign-in in place of the one pinned (or approved, for a stored password). */
export type KeyChanged = { pinned: string; fingerprint: string; approved: boolean };

/**
 * The hosts the terminal may reach for a row, each with where it comes from: the row's address fields (`ipWan1`, …),
 * and its site's WAN links as its router pushes them (`push:wan1`, …).
 */
async function recordedHosts(row: DeviceInfo, deps: ConnectDeps) {
  const hosts = new Map<string, Set<string>>();
  const add = (host: string, source: string) => {
    const key = host.trim().toLowerCase();
    if (!key) return;
    const sources = hosts.get(key) ?? new Set<string>();
    sources.add(source);
    hosts.set(key, sources);
  };
  for (const f of DEVICE_HOST_FIELDS) add(row[f], f);
  if (row.sitename) {
    for (const link of await deps.siteLinks(row.sitename.idname)) add(link.ip, `push:wan${link.wan}`);
  }
  return hosts;
}

async function credentials(msg: TerminalConnect, rowId: number, deps: ConnectDeps): Promise<Login> {
  if (msg.login === 'root') {
    const stored = (await deps.devices.secrets(rowId))?.passLb;
    if (!stored) throw new Refusal('terminalNoRootPassword');
    return { username: 'root', password: decryptSecret(deps.secretKey, stored), secret: 'passLb' };
  }
  if (msg.login === 'admin') {
    const password = await deps.adminPassword();
    if (!password) throw new Refusal('terminalNoAdminPassword');
    return { username: 'admin', password, secret: 'terminalPassword' };
  }
  const username = msg.username?.trim() ?? '';
  if (!username) throw new Refusal('terminalUsernameRequired');
  return { username, password: msg.password ?? '' };
}

/** The address to connect to for a recorded host, refused when it would reach this machine or no one host. */
async function reachable(host: string, port: number, deps: ConnectDeps): Promise<string> {
  const checked = await checkHost(host, {
    allowLoopback: deps.options.allowLoopback ?? false,
    resolve: deps.resolve,
    own: deps.ownAddresses,
  });
  if (checked.ok) return checked.address;
  if (checked.refused === 'unresolved')
    throw new Refusal('terminalUnreachable', { host, port, reason: checked.reason });
  if (checked.kind === 'own') throw new Refusal('terminalHostOwn', { host, address: checked.address });
  throw new Refusal('terminalHostForbidden', { host, address: checked.address });
}

/**
 * The key a host offers, learnt by a key exchange alone: the connection is refused at the key's check, before any
 * sign-in is tried (no username, no password sent).
 */
async function offeredKey(address: string, port: number): Promise<string> {
  const probe = await newSshClient();
  return new Promise((resolve, reject) => {
    let fingerprint: string | undefined;
    const done = () => {
      probe.end();
      if (fingerprint) resolve(fingerprint);
      else reject(new Error('no host key'));
    };
    probe.on('error', (err: Error) => {
      if (fingerprint) return done();
      probe.end();
      reject(err);
    });
    probe.on('close', done);
    probe.connect({
      host: address,
      port,
      username: '',
      readyTimeout: 15_000,
      hostVerifier: (key: Buffer, verify: (valid: boolean) => void) => {
        fingerprint = fingerprintOf(key);
        verify(false);
      },
    });
  });
}

/**
 * The checks of a connect message, up to a sign-in the console may try: the row, a host recorded for it, an address
 * that is not this machine's, the login, and for a stored password the host's approval (else the key the host offers
 * is learnt, no password sent, and asked for approval). Throws a Refusal; answers nothing when the socket closed
 * during a step awaited (`gone`).
 */
export async function planConnect(
  msg: TerminalConnect,
  actor: Actor,
  deps: ConnectDeps,
  gone: () => boolean,
): Promise<ConnectPlan | undefined> {
  const { terminal, now } = deps;
  const row = await deps.devices.find(msg.rowId);
  if (gone()) return;
  if (!row) throw new Refusal('deviceInfoNotFound');
  const host = msg.host.trim().toLowerCase();
  const sources = (await recordedHosts(row, deps)).get(host);
  if (gone()) return;
  if (!sources) throw new Refusal('terminalHostNotRecorded', { host: msg.host });
  const address = await reachable(host, msg.port, deps);
  if (gone()) return;
  const login = await credentials(msg, msg.rowId, deps);
  if (gone()) return;
  // A stored password goes only to a host approved for this row, under an address the row still has from where
  // the approval saw it, with the key approved: else the host's key is learnt (no password sent) and asked for.
  const where = { deviceInfoId: row.id, host, port: msg.port };
  let approved: { fingerprint: string; source: string } | undefined;
  if (login.secret) {
    const approval = await terminal.approval(where);
    if (gone()) return;
    if (approval?.state === 'approved' && sources.has(approval.source)) approved = approval;
    else {
      const source = approval && sources.has(approval.source) ? approval.source : ([...sources][0] as string);
      let fingerprint: string;
      try {
        fingerprint = await offeredKey(address, msg.port);
      } catch (err) {
        throw new Refusal('terminalUnreachable', { host, port: msg.port, reason: (err as Error).message });
      }
      await terminal.request({ ...where, source, fingerprint, by: actor.username, at: new Date(now()) });
      throw new Refusal('terminalAwaitingApproval', { host, fingerprint });
    }
  }
  return { row, host, port: msg.port, address, login, where, approved };
}

/**
 * The check of the key a host offers at sign-in (ssh2's `hostVerifier`). A stored password: the approved key or
 * nothing (the host is asked for again with the key it offers), and the password's use audited as a reveal. A typed
 * one: the key pinned at first use. `offered` is told a key accepted, `changed` a key refused.
 */
export function hostKeyCheck(
  plan: ConnectPlan,
  by: { actor: Actor; ip?: string },
  deps: ConnectDeps,
  told: { offered: (fingerprint: string, firstUse: boolean) => void; changed: (keys: KeyChanged) => void },
) {
  const { terminal, now } = deps;
  const { row, host, port, login, where, approved } = plan;
  const { actor, ip } = by;
  return (key: Buffer, verify: (valid: boolean) => void) => {
    const fingerprint = fingerprintOf(key);
    void (async () => {
      if (approved) {
        if (fingerprint !== approved.fingerprint) {
          await terminal.request({
            ...where,
            source: approved.source,
            fingerprint,
            by: actor.username,
            at: new Date(now()),
          });
          told.changed({ pinned: approved.fingerprint, fingerprint, approved: true });
          return verify(false);
        }
        // the console is about to send the stored password: a reveal of it, audited as the eye button's
        await deps.audit.record(
          'deviceInfo.reveal',
          { actor, ip },
          {
            target: `deviceInfo:${row.id}`,
            details: { field: login.secret, via: 'terminal', host, port, sshUser: login.username },
          },
        );
        told.offered(fingerprint, false);
        return verify(true);
      }
      const known = await terminal.hostKey(host, port);
      const pinned = known?.fingerprint ?? (await terminal.pin(host, port, fingerprint, actor.username));
      if (pinned !== fingerprint) {
        await terminal.offer(host, port, fingerprint, new Date(now()));
        told.changed({ pinned, fingerprint, approved: false });
        return verify(false);
      }
      told.offered(fingerprint, !known);
      verify(true);
    })().catch(() => verify(false));
  };
}
