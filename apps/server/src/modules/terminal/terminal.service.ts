import { StringDecoder } from 'node:string_decoder';
import {
  type ApiErrorCode,
  apiErrorText,
  DEVICE_HOST_FIELDS,
  type ErrorParams,
  TERMINAL,
  type TerminalCloseReason,
  type TerminalConnect,
  type TerminalEvent,
} from '@it4u/shared';
import { TerminalCommandMessage, TerminalConnectMessage, TerminalResizeMessage } from '@it4u/shared/api';
import { Value } from '@sinclair/typebox/value';
import { Client, type ClientChannel } from 'ssh2';
import type { WebSocket } from 'ws';
import { fingerprintOf } from '../../integrations/ssh/sftp.ts';
import type { Audit } from '../../lib/audit.ts';
import { type Actor, mayDo, type RequestContext } from '../../lib/context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { DeviceInfoRepository } from '../deviceinfo/deviceInfo.repository.ts';
import { checkHost, type Resolve } from './hosts.ts';
import type { TerminalRepository } from './terminal.repository.ts';

export type TerminalOptions = {
  /** a session without typing for this long is closed (15 minutes) */
  idleMs: number;
  /** open sessions a user may have at once */
  maxSessions: number;
  /**
   * loopback addresses, and the console's own interface addresses, may be reached too (TERMINAL_ALLOW_LOOPBACK=1:
   * the tests' and e2e's SSH server)
   */
  allowLoopback?: boolean;
  /** how often an open terminal checks that its user's sign-in still holds (a minute) */
  sessionCheckMs?: number;
};

/** Why a session ended, as the audit says it: the browser's reasons, and a sign-in that ended meanwhile. */
export type EndReason = TerminalCloseReason | 'signedOut';

type Deps = {
  terminal: TerminalRepository;
  devices: DeviceInfoRepository;
  /** a site's WAN links as its router pushes them: link number and address */
  siteLinks: (site: string) => Promise<{ wan: number; ip: string }[]>;
  adminPassword: () => Promise<string>;
  /** whether the sign-in a terminal was opened with still holds (not signed out, user not blocked, role kept) */
  sessionLive: (actor: Actor) => Promise<boolean>;
  audit: Audit;
  secretKey: Buffer;
  options: TerminalOptions;
  now: () => number;
  /** the addresses a host name resolves to (the system's resolver) */
  resolve?: Resolve;
  /** the console's own addresses (its network interfaces) */
  ownAddresses?: () => string[];
};

/** A stored password the console offers for a login, as the reveal audit names it. */
type StoredSecret = 'passLb' | 'terminalPassword';

/** A recording stops growing past this (the session goes on; the audit says it was cut). */
const RECORDING_MAX = 8 * 1024 * 1024;
/** A piece of recording is written once it is this big, or at the next flush. */
const CHUNK_BYTES = 256 * 1024;
const FLUSH_MS = 1_000;
/** The output waiting to reach a slow browser: past it, the host is asked to wait. */
const SEND_HIGH_WATER = 1024 * 1024;
const CONNECT_WITHIN_MS = 30_000;
const SESSION_CHECK_MS = 60_000;
/**
 * A session not ended and silent for the idle time plus this is over, whatever instance ran it: a live session is
 * closed by its own instance once idle, and its activity is written within a second of each keystroke or output.
 * The margin covers a connect in progress (at most about 45 s before the idle timer starts) and clocks that differ
 * between instances.
 */
export const ABANDONED_AFTER_IDLE_MS = 5 * 60_000;

class Refusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly params?: ErrorParams,
    readonly reason: EndReason = 'error',
  ) {
    super(code);
  }
}

const isMessage = {
  connect: (m: unknown): m is TerminalConnect => Value.Check(TerminalConnectMessage, m),
  command: (m: unknown): m is { operate: 'command'; command: string } => Value.Check(TerminalCommandMessage, m),
  resize: (m: unknown): m is { operate: 'resize'; cols: number; rows: number } => Value.Check(TerminalResizeMessage, m),
};

/**
 * The remote terminal: a browser's WebSocket carried to an SSH shell on a host recorded for a customer, with an idle
 * timeout, a limit of sessions per user, and every session audited and recorded (asciicast v2, output only: what was
 * typed is seen as the host echoes it, a password typed at a prompt is not). A typed password goes to any recorded
 * host, its key pinned at first use; a stored password (root: the row's load-balancer password, admin: the default
 * one) only to a host whose key an administrator or lead technician approved for the row (docs/decisions.md).
 */
export function createTerminalService(deps: Deps) {
  const { terminal, options, now } = deps;
  const live = new Set<() => void>();

  /**
   * The hosts the terminal may reach for a row, each with where it comes from: the row's address fields (`ipWan1`,
   * …), and its site's WAN links as its router pushes them (`push:wan1`, …).
   */
  async function recordedHosts(row: NonNullable<Awaited<ReturnType<DeviceInfoRepository['find']>>>) {
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

  async function credentials(
    msg: TerminalConnect,
    rowId: number,
  ): Promise<{ username: string; password: string; secret?: StoredSecret }> {
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
  async function reachable(host: string, port: number): Promise<string> {
    const checked = await checkHost(host, {
      allowLoopback: options.allowLoopback ?? false,
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
  function offeredKey(address: string, port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const probe = new Client();
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

  /** One browser's terminal, from its connect message to its end (`ip`: where the browser is, for the audit). */
  function attach(ws: WebSocket, actor: Actor, ip?: string) {
    const send = (event: TerminalEvent) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
    };
    const refuse = (code: ApiErrorCode, params?: ErrorParams) =>
      send({ type: 'error', code, ...(params ? { params } : {}), message: apiErrorText(code, params) });

    let state: 'waiting' | 'connecting' | 'open' | 'closed' = 'waiting';
    /** why it ended, once it did */
    let endedAs: EndReason = 'error';
    let client: Client | undefined;
    let stream: ClientChannel | undefined;
    let sessionId: number | undefined;
    let size: { cols: number; rows: number } = { cols: TERMINAL.cols, rows: TERMINAL.rows };
    let started = 0;
    let bytesIn = 0;
    let bytesOut = 0;
    let recorded = 0;
    let truncated = false;
    let pending = '';
    let seq = 1;
    let dirty = false;
    let sending = 0;
    let paused = false;
    let checking = false;
    let idleTimer: NodeJS.Timeout | undefined;
    let flushTimer: NodeJS.Timeout | undefined;
    let writes: Promise<void> = Promise.resolve();
    const decoder = new StringDecoder('utf8');
    const errDecoder = new StringDecoder('utf8');
    const connectTimer = setTimeout(() => finish('error'), CONNECT_WITHIN_MS);
    /** the socket closed (or the session ended) while a step of the connect was awaited */
    const gone = () => state === 'closed';

    /** A line of the recording; none before the session started (its times count from the start). */
    const event = (kind: 'o' | 'r', data: string) => {
      if (truncated || sessionId === undefined) return;
      const line = `${JSON.stringify([(now() - started) / 1000, kind, data])}\n`;
      if (recorded + line.length > RECORDING_MAX) {
        truncated = true;
        dirty = true;
        return;
      }
      recorded += line.length;
      pending += line;
      dirty = true;
      if (pending.length >= CHUNK_BYTES) flush();
    };

    /** Writes what is new (in order: one write at a time). */
    const flush = () => {
      if (sessionId === undefined || !dirty) return writes;
      const id = sessionId;
      const data = pending;
      pending = '';
      dirty = false;
      const piece = data ? { seq: seq++, data } : {};
      const counts = { bytesIn, bytesOut, recordedBytes: recorded, truncated, at: new Date(now()) };
      writes = writes.then(() => terminal.progress(id, { ...piece, ...counts })).catch(() => undefined);
      return writes;
    };

    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        refuse('terminalIdle', { minutes: Math.round(options.idleMs / 60_000) });
        finish('idle');
      }, options.idleMs);
    };

    /** The sign-in still holds? Checked every minute: a user signed out, blocked or stripped of the role is cut. */
    const checkTimer = setInterval(() => {
      if (checking || state === 'waiting' || gone()) return;
      checking = true;
      deps
        .sessionLive(actor)
        .then((live) => {
          if (live || gone()) return;
          refuse('terminalSignedOut');
          finish('signedOut');
        })
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    }, options.sessionCheckMs ?? SESSION_CHECK_MS);

    function finish(reason: EndReason) {
      if (state === 'closed') return;
      state = 'closed';
      endedAs = reason;
      live.delete(stop);
      clearTimeout(connectTimer);
      clearTimeout(idleTimer);
      clearInterval(flushTimer);
      clearInterval(checkTimer);
      const rest = decoder.end() + errDecoder.end();
      if (rest) event('o', rest);
      dirty = true;
      const id = sessionId;
      if (id !== undefined) {
        void flush().then(() => terminal.end(id, reason, new Date(now())).catch(() => undefined));
      }
      // the browser's reasons (a sign-in that ended was said by the error before)
      send({ type: 'closed', reason: reason === 'signedOut' ? 'error' : reason });
      stream?.close();
      client?.end();
      if (ws.readyState === ws.OPEN) ws.close(1000);
    }
    const stop = () => finish('shutdown');
    live.add(stop);

    /** The host's output (stdout or stderr) to the browser and the recording; a slow browser makes the host wait. */
    function output(channel: ClientChannel, data: Buffer, text: string) {
      bytesOut += data.length;
      event('o', text);
      sending += data.length;
      ws.send(data, { binary: true }, () => {
        sending -= data.length;
        if (paused && sending < SEND_HIGH_WATER / 2) {
          paused = false;
          channel.resume();
          channel.stderr.resume();
        }
      });
      if (!paused && sending > SEND_HIGH_WATER) {
        paused = true;
        channel.pause();
        channel.stderr.pause();
      }
    }

    /**
     * From the connect message to the shell. The socket may close during any step awaited: each is followed by a
     * check, and a session started meanwhile is ended at once (nothing is left open, no timer runs on).
     */
    async function connect(msg: TerminalConnect) {
      state = 'connecting';
      clearTimeout(connectTimer);
      if (msg.cols && msg.rows) size = { cols: msg.cols, rows: msg.rows };
      const row = await deps.devices.find(msg.rowId);
      if (gone()) return;
      if (!row) throw new Refusal('deviceInfoNotFound');
      const host = msg.host.trim().toLowerCase();
      const sources = (await recordedHosts(row)).get(host);
      if (gone()) return;
      if (!sources) throw new Refusal('terminalHostNotRecorded', { host: msg.host });
      const address = await reachable(host, msg.port);
      if (gone()) return;
      const login = await credentials(msg, msg.rowId);
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
      started = now();
      const { cols, rows } = size;
      const header = `${JSON.stringify({
        version: 2,
        width: cols,
        height: rows,
        timestamp: Math.floor(started / 1000),
        env: { TERM: 'xterm-256color' },
        title: `${login.username}@${host}:${msg.port}`,
      })}\n`;
      const id = await terminal.start(
        {
          userId: actor.id,
          actorName: actor.username,
          deviceInfoId: row.id,
          site: row.sitename?.idname ?? '',
          customer: row.contract?.clientName ?? '',
          host,
          port: msg.port,
          sshUser: login.username,
          cols,
          rows,
          at: new Date(started),
        },
        header,
        { max: options.maxSessions, since: new Date(started - options.idleMs) },
      );
      if (id === undefined) throw new Refusal('terminalTooManySessions', { max: options.maxSessions });
      if (gone()) {
        // finish() ran while the session was being started: it ends here, for the reason finish() had
        await terminal.end(id, endedAs, new Date(now()));
        return;
      }
      sessionId = id;
      flushTimer = setInterval(() => void flush(), FLUSH_MS);

      let keyChanged: { pinned: string; fingerprint: string; approved: boolean } | undefined;
      const ssh = new Client();
      client = ssh;
      ssh.on('error', (err: Error & { level?: string }) => {
        if (state === 'closed') return;
        if (keyChanged) {
          const { approved, ...keys } = keyChanged;
          refuse(approved ? 'terminalApprovalKeyChanged' : 'terminalHostKeyChanged', { host, ...keys });
          return finish('hostKeyChanged');
        }
        if (err.level === 'client-authentication') {
          refuse('terminalLoginRefused', { host, username: login.username });
          return finish('loginRefused');
        }
        refuse('terminalUnreachable', { host, port: msg.port, reason: err.message });
        finish('error');
      });
      ssh.on('close', () => finish(state === 'open' ? 'remote' : 'error'));
      ssh.on('ready', () => {
        // the size asked last, if the window changed while connecting
        ssh.shell({ term: 'xterm-256color', cols: size.cols, rows: size.rows }, (err, channel) => {
          if (err || state === 'closed') {
            if (err) refuse('terminalUnreachable', { host, port: msg.port, reason: err.message });
            return finish('error');
          }
          stream = channel;
          state = 'open';
          send({ type: 'ready', sessionId: id });
          touch();
          channel.on('data', (data: Buffer) => output(channel, data, decoder.write(data)));
          channel.stderr.on('data', (data: Buffer) => output(channel, data, errDecoder.write(data)));
          channel.on('close', () => finish('remote'));
        });
      });
      ssh.connect({
        // the address checked above, not the name again (which could answer otherwise now)
        host: address,
        port: msg.port,
        username: login.username,
        password: login.password,
        readyTimeout: 15_000,
        keepaliveInterval: 30_000,
        hostVerifier: (key: Buffer, verify: (valid: boolean) => void) => {
          const fingerprint = fingerprintOf(key);
          void (async () => {
            if (approved) {
              // a stored password: the approved key or nothing (the host is asked for again with the key it offers)
              if (fingerprint !== approved.fingerprint) {
                await terminal.request({
                  ...where,
                  source: approved.source,
                  fingerprint,
                  by: actor.username,
                  at: new Date(now()),
                });
                keyChanged = { pinned: approved.fingerprint, fingerprint, approved: true };
                return verify(false);
              }
              // the console is about to send the stored password: a reveal of it, audited as the eye button's
              await deps.audit.record(
                'deviceInfo.reveal',
                { actor, ip },
                {
                  target: `deviceInfo:${row.id}`,
                  details: { field: login.secret, via: 'terminal', host, port: msg.port, sshUser: login.username },
                },
              );
              send({ type: 'hostKey', fingerprint, firstUse: false });
              return verify(true);
            }
            const known = await terminal.hostKey(host, msg.port);
            const pinned = known?.fingerprint ?? (await terminal.pin(host, msg.port, fingerprint, actor.username));
            if (pinned !== fingerprint) {
              await terminal.offer(host, msg.port, fingerprint, new Date(now()));
              keyChanged = { pinned, fingerprint, approved: false };
              return verify(false);
            }
            send({ type: 'hostKey', fingerprint, firstUse: !known });
            verify(true);
          })().catch(() => verify(false));
        },
      });
    }

    ws.on('message', (raw, isBinary) => {
      let msg: unknown;
      try {
        msg = isBinary ? undefined : JSON.parse(raw.toString());
      } catch {
        msg = undefined;
      }
      if (state === 'open' && isMessage.command(msg)) {
        bytesIn += Buffer.byteLength(msg.command);
        dirty = true;
        stream?.write(msg.command);
        touch();
        return;
      }
      if (isMessage.resize(msg)) {
        // before the connect message there is no terminal to size (and no recording to time): ignored
        if (state === 'waiting' || state === 'closed') return;
        size = { cols: msg.cols, rows: msg.rows };
        stream?.setWindow(msg.rows, msg.cols, 0, 0);
        event('r', `${msg.cols}x${msg.rows}`);
        return;
      }
      if (state === 'waiting' && isMessage.connect(msg)) {
        connect(msg).catch((err: unknown) => {
          if (err instanceof Refusal) refuse(err.code, err.params);
          else
            refuse('terminalUnreachable', {
              host: (msg as TerminalConnect).host,
              port: (msg as TerminalConnect).port,
              reason: 'internal error',
            });
          finish(err instanceof Refusal ? err.reason : 'error');
        });
        return;
      }
      // a keystroke before the shell opened is dropped; anything else ends the session
      if (state === 'connecting' && isMessage.command(msg)) return;
      refuse('terminalBadMessage');
      finish('error');
    });
    ws.on('close', () => finish('user'));
    ws.on('error', () => finish('error'));
  }

  return {
    attach,

    /** Ends every open session (the server stops). */
    stop() {
      for (const end of [...live]) end();
    },

    /**
     * Ends the sessions left open by an instance that stopped without ending them (a crash): those silent for the
     * idle time plus a margin (ABANDONED_AFTER_IDLE_MS), which no running instance still has open. Answers how many.
     */
    endAbandoned: () =>
      terminal.endAbandoned(new Date(now() - options.idleMs - ABANDONED_AFTER_IDLE_MS), new Date(now())),

    /** Sessions, newest first: administrators and lead technicians see everyone's, others their own. */
    page: (q: string | undefined, page: number, pageSize: number, actor: Actor) =>
      terminal.page(q, (page - 1) * pageSize, pageSize, mayDo(actor, 'terminalTrust') ? undefined : actor.id),

    /** A session's recording as an asciicast v2 file: for administrators, lead technicians, and whoever made it. */
    async recording(id: number, actor: Actor): Promise<string> {
      const session = await terminal.session(id);
      if (!session) throw new NotFoundError('terminalSessionNotFound');
      if (session.userId !== actor.id && !mayDo(actor, 'terminalTrust'))
        throw new ForbiddenError('terminalRecordingNotYours');
      return (await terminal.chunks(id)).join('');
    },

    /** The hosts waiting for approval and those approved, for stored passwords. */
    approvals: () => terminal.approvals(),

    /**
     * An administrator or lead technician approves a row's host for stored passwords, naming the key they saw (a key
     * offered since is not approved unseen). Audited.
     */
    async approve(k: { rowId: number; host: string; port: number; fingerprint: string }, ctx: RequestContext) {
      const where = { deviceInfoId: k.rowId, host: k.host.trim().toLowerCase(), port: k.port };
      const asked = await terminal.approval(where);
      // the approval and its audit line are one transaction: both or neither (so for the two below)
      await terminal.transaction(async (tx) => {
        const at = new Date(now());
        const ok = await terminal.approve({ ...where, fingerprint: k.fingerprint, by: ctx.actor.username, at }, tx);
        if (!ok || !asked) throw new BadRequestError('terminalApprovalChanged', 'fingerprint');
        await deps.audit.record(
          'terminal.approve',
          ctx,
          {
            target: `deviceInfo:${k.rowId}`,
            details: { host: where.host, port: k.port, source: asked.source, fingerprint: k.fingerprint },
          },
          tx,
        );
      });
    },

    /** Withdraws an approval (or a request) of a row's host. Audited. */
    async revoke(k: { rowId: number; host: string; port: number }, ctx: RequestContext) {
      const where = { deviceInfoId: k.rowId, host: k.host.trim().toLowerCase(), port: k.port };
      await terminal.transaction(async (tx) => {
        const gone = await terminal.revoke(where, tx);
        if (!gone) throw new NotFoundError('terminalApprovalNotFound');
        await deps.audit.record(
          'terminal.revoke',
          ctx,
          {
            target: `deviceInfo:${k.rowId}`,
            details: {
              host: where.host,
              port: k.port,
              source: gone.source,
              state: gone.state,
              fingerprint: gone.fingerprint,
            },
          },
          tx,
        );
      });
    },

    hostKeys: () => terminal.hostKeys(),

    /** An administrator accepts the key a host now offers in place of the pinned one (audited). */
    async acceptHostKey(host: string, port: number, fingerprint: string, ctx: RequestContext) {
      const known = await terminal.hostKey(host.toLowerCase(), port);
      if (!known?.offeredFingerprint || known.offeredFingerprint !== fingerprint) {
        throw new BadRequestError('hostKeyNotOffered', 'fingerprint');
      }
      await terminal.transaction(async (tx) => {
        await terminal.accept(known.host, port, fingerprint, ctx.actor.username, new Date(now()), tx);
        const facts = { target: `${known.host}:${port}`, details: { from: known.fingerprint, to: fingerprint } };
        await deps.audit.record('terminal.hostKey', ctx, facts, tx);
      });
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
