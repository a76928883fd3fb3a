// Over 300 lines: one session's whole life (its states, timers, flow control and sign-in) in one class, so that each state's data is visible beside its transitions.
import {
  type ApiErrorCode,
  apiErrorText,
  type ErrorParams,
  TERMINAL,
  type TerminalConnect,
  type TerminalEvent,
} from '@it4u/shared';
import { TerminalCommandMessage, TerminalConnectMessage, TerminalResizeMessage } from '@it4u/shared/api';
import { Value } from '@sinclair/typebox/value';
import type { Client, ClientChannel } from 'ssh2';
import type { WebSocket } from 'ws';
import { newSshClient } from '../../integrations/ssh/client.ts';
import type { Actor } from '../../lib/context.ts';
import {
  type ConnectDeps,
  type EndReason,
  hostKeyCheck,
  type KeyChanged,
  planConnect,
  Refusal,
} from './terminal.connect.ts';
import { asciicastHeader, Recording } from './terminal.recording.ts';

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

/** What a session uses: what its connect's steps use, its options, and the check of its user's sign-in. */
export type SessionDeps = ConnectDeps & {
  options: TerminalOptions;
  /** whether the sign-in a terminal was opened with still holds (not signed out, user not blocked, role kept) */
  sessionLive: (actor: Actor) => Promise<boolean>;
};

/** The output waiting to reach a slow browser: past it, the host is asked to wait. */
const SEND_HIGH_WATER = 1024 * 1024;
const CONNECT_WITHIN_MS = 30_000;
const SESSION_CHECK_MS = 60_000;

const isMessage = {
  connect: (m: unknown): m is TerminalConnect => Value.Check(TerminalConnectMessage, m),
  command: (m: unknown): m is { operate: 'command'; command: string } => Value.Check(TerminalCommandMessage, m),
  resize: (m: unknown): m is { operate: 'resize'; cols: number; rows: number } => Value.Check(TerminalResizeMessage, m),
};

/**
 * Where a session is. `waiting`: for the browser's connect message (within 30 s). `connecting`: its checks, and the
 * session's start (its audit row). `authenticating`: the SSH connection, the host's key, the sign-in, the shell asked;
 * recorded from here on. `open`: the shell. `closed`: ended, for a reason.
 */
type State =
  | { is: 'waiting' }
  | { is: 'connecting' }
  | { is: 'authenticating'; client: Client; recording: Recording }
  | { is: 'open'; client: Client; recording: Recording; stream: ClientChannel }
  | { is: 'closed'; reason: EndReason };

/**
 * The host's output to the browser: a slow browser (more than SEND_HIGH_WATER waiting to be sent) makes the host wait,
 * on stdout and stderr, until half of it went.
 */
function pacedSend(ws: WebSocket, channel: ClientChannel) {
  let sending = 0;
  let paused = false;
  return (data: Buffer) => {
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
  };
}

/**
 * The ends of users' sessions still being written on this instance (a session's end, or a start the browser left
 * during). A user's next start waits for them, so that a terminal just closed is never counted against its user.
 */
export class PendingEnds {
  private readonly byUser = new Map<number, Set<Promise<unknown>>>();

  add(userId: number, work: Promise<unknown>) {
    const pending = this.byUser.get(userId) ?? new Set<Promise<unknown>>();
    this.byUser.set(userId, pending);
    const tracked: Promise<unknown> = work
      .catch(() => undefined)
      .finally(() => {
        pending.delete(tracked);
        if (!pending.size) this.byUser.delete(userId);
      });
    pending.add(tracked);
  }

  /** Settles once every end of the user's sessions pending now is written. */
  async settled(userId: number) {
    await Promise.all(this.byUser.get(userId) ?? []);
  }
}

/**
 * One browser's terminal, from its connect message to its end: its state, its timers (the connect's deadline, the
 * idle time, the check of the sign-in every minute), its recording, and its closing. Every way it ends goes through
 * `finish`, once: the recording written and ended, the browser told, the SSH connection and the socket closed, no
 * timer left running.
 */
export class TerminalSession {
  private state: State = { is: 'waiting' };
  private size: { cols: number; rows: number } = { cols: TERMINAL.cols, rows: TERMINAL.rows };
  private checking = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly connectTimer: NodeJS.Timeout;
  private readonly checkTimer: NodeJS.Timeout;

  /**
   * `by`: who opened it, and from where (for the audit); `ended`: told once, when it ends; `pending`: the ends being
   * written on this instance, which a start waits for and which this session's end joins.
   */
  constructor(
    private readonly ws: WebSocket,
    private readonly by: { actor: Actor; ip?: string },
    private readonly deps: SessionDeps,
    private readonly ended: (session: TerminalSession) => void,
    private readonly pending: PendingEnds,
  ) {
    this.connectTimer = setTimeout(() => this.finish('error'), CONNECT_WITHIN_MS);
    this.checkTimer = setInterval(() => this.checkSignIn(), deps.options.sessionCheckMs ?? SESSION_CHECK_MS);
  }

  /** A message of the browser (parsed JSON; nothing for a frame that was not). */
  receive(msg: unknown) {
    const { state } = this;
    if (state.is === 'open' && isMessage.command(msg)) {
      state.recording.input(msg.command);
      state.stream.write(msg.command);
      this.touch();
      return;
    }
    if (isMessage.resize(msg)) {
      // before the connect message there is no terminal to size (and no recording to time): ignored
      if (state.is === 'waiting' || state.is === 'closed') return;
      this.size = { cols: msg.cols, rows: msg.rows };
      if (state.is === 'open') state.stream.setWindow(msg.rows, msg.cols, 0, 0);
      if (state.is !== 'connecting') state.recording.resize(msg.cols, msg.rows);
      return;
    }
    if (state.is === 'waiting' && isMessage.connect(msg)) {
      this.connect(msg).catch((err: unknown) => {
        if (err instanceof Refusal) this.refuse(err.code, err.params);
        else this.refuse('terminalUnreachable', { host: msg.host, port: msg.port, reason: 'internal error' });
        this.finish(err instanceof Refusal ? err.reason : 'error');
      });
      return;
    }
    // a keystroke before the shell opened is dropped; anything else ends the session
    if ((state.is === 'connecting' || state.is === 'authenticating') && isMessage.command(msg)) return;
    this.refuse('terminalBadMessage');
    this.finish('error');
  }

  /** Ends the session (once; later calls do nothing). */
  finish(reason: EndReason) {
    const was = this.state;
    if (was.is === 'closed') return;
    this.state = { is: 'closed', reason };
    this.ended(this);
    clearTimeout(this.connectTimer);
    clearTimeout(this.idleTimer);
    clearInterval(this.checkTimer);
    const connected = was.is === 'authenticating' || was.is === 'open' ? was : undefined;
    if (connected) this.pending.add(this.by.actor.id, connected.recording.end(reason));
    // the browser's reasons (a sign-in that ended was said by the error before)
    this.send({ type: 'closed', reason: reason === 'signedOut' ? 'error' : reason });
    if (was.is === 'open') was.stream.close();
    connected?.client.end();
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(1000);
  }

  private send(event: TerminalEvent) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(event));
  }

  private refuse(code: ApiErrorCode, params?: ErrorParams) {
    this.send({ type: 'error', code, ...(params ? { params } : {}), message: apiErrorText(code, params) });
  }

  /** the socket closed (or the session ended) while a step of the connect was awaited */
  private readonly gone = () => this.state.is === 'closed';

  /** why the session ended, once it did */
  private endedAs(): EndReason | undefined {
    return this.state.is === 'closed' ? this.state.reason : undefined;
  }

  /** Typing (or the shell opening) starts the idle time again. */
  private touch() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.refuse('terminalIdle', { minutes: Math.round(this.deps.options.idleMs / 60_000) });
      this.finish('idle');
    }, this.deps.options.idleMs);
  }

  /** The sign-in still holds? Checked every minute: a user signed out, blocked or stripped of the role is cut. */
  private checkSignIn() {
    if (this.checking || this.state.is === 'waiting' || this.gone()) return;
    this.checking = true;
    this.deps
      .sessionLive(this.by.actor)
      .then((live) => {
        if (live || this.gone()) return;
        this.refuse('terminalSignedOut');
        this.finish('signedOut');
      })
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  /**
   * From the connect message to the shell. The socket may close during any step awaited: each is followed by a
   * check, and a session started meanwhile is ended at once (nothing is left open, no timer runs on).
   */
  private async connect(msg: TerminalConnect) {
    const { deps } = this;
    const { terminal, options, now } = deps;
    const { actor } = this.by;
    this.state = { is: 'connecting' };
    clearTimeout(this.connectTimer);
    if (msg.cols && msg.rows) this.size = { cols: msg.cols, rows: msg.rows };
    const plan = await planConnect(msg, actor, deps, this.gone);
    if (!plan) return;
    const { row, host, port, address, login } = plan;
    const started = now();
    const { cols, rows } = this.size;
    const header = asciicastHeader(this.size, started, `${login.username}@${host}:${port}`);
    // the user's sessions just closed here are ended first, then this one is counted against the limit
    await this.pending.settled(actor.id);
    const ssh = await newSshClient();
    if (this.gone()) return;
    // started, then at once either authenticating or (the browser left meanwhile) ended, for finish()'s reason
    const starting = terminal
      .start(
        {
          userId: actor.id,
          actorName: actor.username,
          deviceInfoId: row.id,
          site: row.sitename?.idname ?? '',
          customer: row.contract?.clientName ?? '',
          host,
          port,
          sshUser: login.username,
          cols,
          rows,
          at: new Date(started),
        },
        header,
        { max: options.maxSessions, since: new Date(started - options.idleMs) },
      )
      .then(async (id) => {
        if (id === undefined) return undefined;
        const endedAs = this.endedAs();
        if (endedAs) {
          await terminal.end(id, endedAs, new Date(now()));
          return undefined;
        }
        const recording = new Recording(terminal, id, started, now);
        this.state = { is: 'authenticating', client: ssh, recording };
        return { id, recording };
      });
    this.pending.add(actor.id, starting);
    const begun = await starting;
    if (this.gone()) return;
    if (!begun) throw new Refusal('terminalTooManySessions', { max: options.maxSessions });
    const { id, recording } = begun;

    let keyChanged: KeyChanged | undefined;
    ssh.on('error', (err: Error & { level?: string }) => {
      if (this.gone()) return;
      if (keyChanged) {
        const { approved, ...keys } = keyChanged;
        this.refuse(approved ? 'terminalApprovalKeyChanged' : 'terminalHostKeyChanged', { host, ...keys });
        return this.finish('hostKeyChanged');
      }
      if (err.level === 'client-authentication') {
        this.refuse('terminalLoginRefused', { host, username: login.username });
        return this.finish('loginRefused');
      }
      this.refuse('terminalUnreachable', { host, port, reason: err.message });
      this.finish('error');
    });
    ssh.on('close', () => this.finish(this.state.is === 'open' ? 'remote' : 'error'));
    ssh.on('ready', () => {
      // the size asked last, if the window changed while connecting
      ssh.shell({ term: 'xterm-256color', cols: this.size.cols, rows: this.size.rows }, (err, channel) => {
        if (err || this.gone()) {
          if (err) this.refuse('terminalUnreachable', { host, port, reason: err.message });
          return this.finish('error');
        }
        this.state = { is: 'open', client: ssh, recording, stream: channel };
        this.send({ type: 'ready', sessionId: id });
        this.touch();
        const toBrowser = pacedSend(this.ws, channel);
        for (const [from, source] of [
          ['stdout', channel],
          ['stderr', channel.stderr],
        ] as const) {
          source.on('data', (data: Buffer) => {
            recording.output(data, from);
            toBrowser(data);
          });
        }
        channel.on('close', () => this.finish('remote'));
      });
    });
    ssh.connect({
      // the address checked above, not the name again (which could answer otherwise now)
      host: address,
      port,
      username: login.username,
      password: login.password,
      readyTimeout: 15_000,
      keepaliveInterval: 30_000,
      hostVerifier: hostKeyCheck(plan, this.by, deps, {
        offered: (fingerprint, firstUse) => this.send({ type: 'hostKey', fingerprint, firstUse }),
        changed: (keys) => {
          keyChanged = keys;
        },
      }),
    });
  }
}
