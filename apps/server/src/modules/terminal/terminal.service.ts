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
import type { Actor, RequestContext } from '../../lib/context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { DeviceInfoRepository } from '../deviceinfo/deviceInfo.repository.ts';
import type { TerminalRepository } from './terminal.repository.ts';

export type TerminalOptions = {
  /** a session without typing for this long is closed (15 minutes) */
  idleMs: number;
  /** open sessions a user may have at once */
  maxSessions: number;
};

type Deps = {
  terminal: TerminalRepository;
  devices: DeviceInfoRepository;
  /** a site's WAN links as routers push them ({name: provider, value: address}) */
  siteLinks: (site: string) => Promise<{ name: string; value: string }[]>;
  adminPassword: () => Promise<string>;
  audit: AuditRepository;
  secretKey: Buffer;
  options: TerminalOptions;
  now: () => number;
};

/** A recording stops growing past this (the session goes on; the audit says it was cut). */
const RECORDING_MAX = 8 * 1024 * 1024;
/** A piece of recording is written once it is this big, or at the next flush. */
const CHUNK_BYTES = 256 * 1024;
const FLUSH_MS = 1_000;
/** The output waiting to reach a slow browser: past it, the host is asked to wait. */
const SEND_HIGH_WATER = 1024 * 1024;
const CONNECT_WITHIN_MS = 30_000;

class Refusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly params?: ErrorParams,
    readonly reason: TerminalCloseReason = 'error',
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
 * The remote terminal: a browser's WebSocket carried to an SSH shell on a host recorded for a customer, with the
 * host's key pinned at first use, an idle timeout, a limit of sessions per user, and every session audited and
 * recorded (asciicast v2, output only: what was typed is seen as the host echoes it, a password typed at a prompt
 * is not).
 */
export function createTerminalService(deps: Deps) {
  const { terminal, options, now } = deps;
  const live = new Set<() => void>();

  /** The hosts the terminal may reach for a row: its addresses, and its site's WAN links. */
  async function recordedHosts(row: NonNullable<Awaited<ReturnType<DeviceInfoRepository['find']>>>) {
    const hosts = new Set<string>(DEVICE_HOST_FIELDS.map((f) => row[f].trim().toLowerCase()).filter(Boolean));
    if (row.sitename) {
      for (const link of await deps.siteLinks(row.sitename.idname)) hosts.add(link.value.trim().toLowerCase());
    }
    return hosts;
  }

  async function credentials(msg: TerminalConnect, rowId: number): Promise<{ username: string; password: string }> {
    if (msg.login === 'root') {
      const stored = (await deps.devices.secrets(rowId))?.passLb;
      if (!stored) throw new Refusal('terminalNoRootPassword');
      return { username: 'root', password: decryptSecret(deps.secretKey, stored) };
    }
    if (msg.login === 'admin') {
      const password = await deps.adminPassword();
      if (!password) throw new Refusal('terminalNoAdminPassword');
      return { username: 'admin', password };
    }
    const username = msg.username?.trim() ?? '';
    if (!username) throw new Refusal('terminalUsernameRequired');
    return { username, password: msg.password ?? '' };
  }

  /** One browser's terminal, from its connect message to its end. */
  function attach(ws: WebSocket, actor: Actor) {
    const send = (event: TerminalEvent) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
    };
    const refuse = (code: ApiErrorCode, params?: ErrorParams) =>
      send({ type: 'error', code, ...(params ? { params } : {}), message: apiErrorText(code, params) });

    let state: 'waiting' | 'connecting' | 'open' | 'closed' = 'waiting';
    let client: Client | undefined;
    let stream: ClientChannel | undefined;
    let sessionId: number | undefined;
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
    let idleTimer: NodeJS.Timeout | undefined;
    let flushTimer: NodeJS.Timeout | undefined;
    let writes: Promise<void> = Promise.resolve();
    const decoder = new StringDecoder('utf8');
    const connectTimer = setTimeout(() => finish('error'), CONNECT_WITHIN_MS);

    const event = (kind: 'o' | 'r', data: string) => {
      if (truncated) return;
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

    function finish(reason: TerminalCloseReason) {
      if (state === 'closed') return;
      state = 'closed';
      live.delete(stop);
      clearTimeout(connectTimer);
      clearTimeout(idleTimer);
      clearInterval(flushTimer);
      const rest = decoder.end();
      if (rest) event('o', rest);
      dirty = true;
      const id = sessionId;
      if (id !== undefined) {
        void flush().then(() => terminal.end(id, reason, new Date(now())).catch(() => undefined));
      }
      send({ type: 'closed', reason });
      stream?.close();
      client?.end();
      if (ws.readyState === ws.OPEN) ws.close(1000);
    }
    const stop = () => finish('shutdown');
    live.add(stop);

    async function connect(msg: TerminalConnect) {
      state = 'connecting';
      clearTimeout(connectTimer);
      const row = await deps.devices.find(msg.rowId);
      if (!row) throw new Refusal('deviceInfoNotFound');
      const host = msg.host.trim().toLowerCase();
      if (!(await recordedHosts(row)).has(host)) throw new Refusal('terminalHostNotRecorded', { host: msg.host });
      const login = await credentials(msg, msg.rowId);
      const since = new Date(now() - options.idleMs);
      if ((await terminal.openSessions(actor.id, since)) >= options.maxSessions) {
        throw new Refusal('terminalTooManySessions', { max: options.maxSessions });
      }
      const cols = msg.cols ?? TERMINAL.cols;
      const rows = msg.rows ?? TERMINAL.rows;
      started = now();
      sessionId = await terminal.start({
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
      });
      await terminal.progress(sessionId, {
        seq: 0,
        data: `${JSON.stringify({
          version: 2,
          width: cols,
          height: rows,
          timestamp: Math.floor(started / 1000),
          env: { TERM: 'xterm-256color' },
          title: `${login.username}@${host}:${msg.port}`,
        })}\n`,
        bytesIn: 0,
        bytesOut: 0,
        recordedBytes: 0,
        truncated: false,
        at: new Date(started),
      });
      flushTimer = setInterval(() => void flush(), FLUSH_MS);
      if (state !== 'connecting') return;

      let keyChanged: { pinned: string; fingerprint: string } | undefined;
      const ssh = new Client();
      client = ssh;
      ssh.on('error', (err: Error & { level?: string }) => {
        if (state === 'closed') return;
        if (keyChanged) {
          refuse('terminalHostKeyChanged', { host, ...keyChanged });
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
        ssh.shell({ term: 'xterm-256color', cols, rows }, (err, channel) => {
          if (err || state === 'closed') {
            if (err) refuse('terminalUnreachable', { host, port: msg.port, reason: err.message });
            return finish('error');
          }
          stream = channel;
          state = 'open';
          send({ type: 'ready', sessionId: sessionId as number });
          touch();
          channel.on('data', (data: Buffer) => {
            bytesOut += data.length;
            event('o', decoder.write(data));
            sending += data.length;
            ws.send(data, { binary: true }, () => {
              sending -= data.length;
              if (paused && sending < SEND_HIGH_WATER / 2) {
                paused = false;
                channel.resume();
              }
            });
            if (!paused && sending > SEND_HIGH_WATER) {
              paused = true;
              channel.pause();
            }
          });
          channel.stderr.on('data', (data: Buffer) => {
            bytesOut += data.length;
            event('o', data.toString('utf8'));
            ws.send(data, { binary: true });
          });
          channel.on('close', () => finish('remote'));
        });
      });
      ssh.connect({
        host,
        port: msg.port,
        username: login.username,
        password: login.password,
        readyTimeout: 15_000,
        keepaliveInterval: 30_000,
        hostVerifier: (key: Buffer, verify: (valid: boolean) => void) => {
          const fingerprint = fingerprintOf(key);
          void (async () => {
            const known = await terminal.hostKey(host, msg.port);
            const pinned = known?.fingerprint ?? (await terminal.pin(host, msg.port, fingerprint, actor.username));
            if (pinned !== fingerprint) {
              await terminal.offer(host, msg.port, fingerprint, new Date(now()));
              keyChanged = { pinned, fingerprint };
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

    page: (q: string | undefined, page: number, pageSize: number) => terminal.page(q, (page - 1) * pageSize, pageSize),

    /** A session's recording as an asciicast v2 file. */
    async recording(id: number): Promise<string> {
      if (!(await terminal.session(id))) throw new NotFoundError('terminalSessionNotFound');
      return (await terminal.chunks(id)).join('');
    },

    hostKeys: () => terminal.hostKeys(),

    /** An administrator accepts the key a host now offers in place of the pinned one (audited). */
    async acceptHostKey(host: string, port: number, fingerprint: string, ctx: RequestContext) {
      const known = await terminal.hostKey(host.toLowerCase(), port);
      if (!known?.offeredFingerprint || known.offeredFingerprint !== fingerprint) {
        throw new BadRequestError('hostKeyNotOffered', 'fingerprint');
      }
      await terminal.accept(known.host, port, fingerprint, ctx.actor.username, new Date(now()));
      await deps.audit.record('terminal.hostKey', ctx, {
        target: `${known.host}:${port}`,
        details: { from: known.fingerprint, to: fingerprint },
      });
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;
