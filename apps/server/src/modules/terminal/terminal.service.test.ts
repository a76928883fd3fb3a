import { EventEmitter } from 'node:events';
import { DEVICE_HOST_FIELDS, type DeviceInfo, type TerminalEvent } from '@it4u/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import type { TerminalRepository } from './terminal.repository.ts';
import { createTerminalService, type TerminalDevices, type TerminalOptions } from './terminal.service.ts';

const T0 = Date.UTC(2026, 4, 5, 20, 0);

/** A browser's socket as the service sees it: what it was sent, and whether it was closed. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: TerminalEvent[] = [];
  send(data: string | Buffer, _opts?: unknown, cb?: () => void) {
    if (typeof data === 'string') this.sent.push(JSON.parse(data));
    cb?.();
  }
  close() {
    this.readyState = 3;
  }
  /** the browser sends a message */
  say(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  /** the browser goes away */
  leave() {
    this.readyState = 3;
    this.emit('close');
  }
  error() {
    return this.sent.find((e) => e.type === 'error') as Extract<TerminalEvent, { type: 'error' }> | undefined;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const row = (hosts: Partial<Record<(typeof DEVICE_HOST_FIELDS)[number], string>>) =>
  ({
    id: 1,
    contract: null,
    sitename: null,
    ...Object.fromEntries(DEVICE_HOST_FIELDS.map((f) => [f, ''])),
    ...hosts,
  }) as unknown as DeviceInfo;

const actor = { id: 5, username: 'kt1', sessionId: 'sid-1', roles: [{ name: 'ROLE_KT' }] } as unknown as Actor;
const typed = { operate: 'connect', rowId: 1, port: 22, login: 'typed', username: 'u', password: 'p' };

/** The service on fakes: the row and its hosts, a repository whose start waits for the test, a resolver. */
function setup(
  opts: { hosts?: Record<string, string>; options?: Partial<TerminalOptions>; live?: boolean; own?: string[] } = {},
) {
  const found = deferred<DeviceInfo | undefined>();
  const started = deferred<number | undefined>();
  const terminal = {
    start: vi.fn(() => started.promise),
    end: vi.fn(async () => undefined),
    progress: vi.fn(async () => undefined),
  };
  const devices = { find: vi.fn(() => found.promise), secrets: vi.fn(async () => ({})) };
  const sessionLive = vi.fn(async () => opts.live ?? true);
  const service = createTerminalService({
    terminal: terminal as unknown as TerminalRepository,
    devices: devices as unknown as TerminalDevices,
    siteLinks: async () => [],
    adminPassword: async () => '',
    sessionLive,
    audit: {} as Audit,
    secretKey: Buffer.alloc(32),
    options: { idleMs: 60_000, maxSessions: 2, ...opts.options },
    now: () => T0,
    resolve: async (name) => {
      const addresses = opts.hosts?.[name];
      if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses.split(',');
    },
    // the console's own addresses: none unless the test says (never this machine's)
    ownAddresses: () => opts.own ?? [],
  });
  const ws = new FakeSocket();
  service.attach(ws as unknown as WebSocket, actor);
  return { service, ws, terminal, devices, found, started, sessionLive };
}

describe('the terminal service', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a session started while the browser was leaving, and leaves no timer running', async () => {
    const { ws, terminal, found, started } = setup();
    ws.say({ ...typed, host: '10.0.0.1' });
    found.resolve(row({ ipWan1: '10.0.0.1' }));
    await vi.waitFor(() => expect(terminal.start).toHaveBeenCalled());
    ws.leave();
    started.resolve(7);
    await vi.waitFor(() => expect(terminal.end).toHaveBeenCalledWith(7, 'user', new Date(T0)));
    expect(terminal.progress).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts the user's next session only once the end of the one they just left is written", async () => {
    const { service, ws, terminal, found, started } = setup();
    const written = deferred<undefined>();
    terminal.end.mockImplementationOnce(() => written.promise);
    ws.say({ ...typed, host: '10.0.0.1' });
    found.resolve(row({ ipWan1: '10.0.0.1' }));
    await vi.waitFor(() => expect(terminal.start).toHaveBeenCalledTimes(1));
    ws.leave();
    started.resolve(7);
    await vi.waitFor(() => expect(terminal.end).toHaveBeenCalledWith(7, 'user', new Date(T0)));
    // the same user connects again while that end is still being written: the limit is not counted yet
    const again = new FakeSocket();
    service.attach(again as unknown as WebSocket, actor);
    again.say({ ...typed, host: '10.0.0.1' });
    await vi.advanceTimersByTimeAsync(50);
    expect(terminal.start).toHaveBeenCalledTimes(1);
    written.resolve(undefined);
    await vi.waitFor(() => expect(terminal.start).toHaveBeenCalledTimes(2));
    again.leave();
  });

  it('starts no session when the browser left while the row was read', async () => {
    const { ws, terminal, found } = setup();
    ws.say({ ...typed, host: '10.0.0.1' });
    ws.leave();
    found.resolve(row({ ipWan1: '10.0.0.1' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(terminal.start).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a loopback address unless allowed, and a name resolving to a link-local one', async () => {
    for (const [host, hosts] of [
      ['127.0.0.1', {}],
      ['0:0:0:0:0:0:0:1', {}],
      ['router.example', { 'router.example': '10.1.1.1,169.254.169.254' }],
      ['localhost', { localhost: '::1,127.0.0.1' }],
    ] as const) {
      const { ws, terminal, found } = setup({ hosts });
      ws.say({ ...typed, host });
      found.resolve(row({ ipWan1: host }));
      await vi.waitFor(() => expect(ws.error()?.code).toBe('terminalHostForbidden'));
      expect(ws.sent.at(-1)).toEqual({ type: 'closed', reason: 'error' });
      expect(terminal.start).not.toHaveBeenCalled();
    }
    // allowed: the tests' SSH server on loopback (the session starts)
    const allowed = setup({ options: { allowLoopback: true }, hosts: { localhost: '127.0.0.1' } });
    allowed.ws.say({ ...typed, host: 'localhost' });
    allowed.found.resolve(row({ ipWan1: 'localhost' }));
    await vi.waitFor(() => expect(allowed.terminal.start).toHaveBeenCalled());
    allowed.ws.leave();
    // a private address (a customer's router over VPN) is allowed
    const vpn = setup();
    vpn.ws.say({ ...typed, host: '100.64.3.4' });
    vpn.found.resolve(row({ ipLb: '100.64.3.4' }));
    await vi.waitFor(() => expect(vpn.terminal.start).toHaveBeenCalled());
    vpn.ws.leave();
    // a name that does not resolve is said in words
    const unknown = setup();
    unknown.ws.say({ ...typed, host: 'nowhere.example' });
    unknown.found.resolve(row({ ipWan1: 'nowhere.example' }));
    await vi.waitFor(() => expect(unknown.ws.error()?.code).toBe('terminalUnreachable'));
    expect(unknown.ws.error()?.params).toMatchObject({ host: 'nowhere.example', reason: 'unknown name' });
  });

  it("refuses an address of the console's own machine, as loopback is, unless loopback is allowed", async () => {
    const own = ['192.0.2.7', 'fd00::9'];
    for (const [host, hosts] of [
      ['192.0.2.7', {}],
      ['console.example', { 'console.example': '10.1.1.1,fd00::9' }],
    ] as const) {
      const { ws, terminal, found } = setup({ hosts, own });
      ws.say({ ...typed, host });
      found.resolve(row({ ipOther: host }));
      await vi.waitFor(() => expect(ws.error()?.code).toBe('terminalHostOwn'));
      expect(ws.error()?.params).toMatchObject({ host });
      expect(terminal.start).not.toHaveBeenCalled();
    }
    const allowed = setup({ own, options: { allowLoopback: true } });
    allowed.ws.say({ ...typed, host: '192.0.2.7' });
    allowed.found.resolve(row({ ipOther: '192.0.2.7' }));
    await vi.waitFor(() => expect(allowed.terminal.start).toHaveBeenCalled());
    allowed.ws.leave();
  });

  it('ignores a resize before the connect message', async () => {
    const { ws, terminal, found, started } = setup();
    ws.say({ operate: 'resize', cols: 120, rows: 40 });
    expect(ws.sent).toEqual([]);
    ws.say({ ...typed, host: '10.0.0.1', cols: 100, rows: 30 });
    found.resolve(row({ ipWan1: '10.0.0.1' }));
    await vi.waitFor(() => expect(terminal.start).toHaveBeenCalled());
    const [session, header] = terminal.start.mock.calls[0] as unknown as [{ cols: number; rows: number }, string];
    expect(session).toMatchObject({ cols: 100, rows: 30 });
    expect(JSON.parse(header)).toMatchObject({ width: 100, height: 30, timestamp: T0 / 1000 });
    ws.leave();
    started.resolve(undefined);
  });

  it('closes the terminal when the sign-in no longer holds, checked every minute', async () => {
    const { ws, terminal, found, sessionLive } = setup({ live: false });
    ws.say({ ...typed, host: '10.0.0.1' });
    found.resolve(row({ ipWan1: '10.0.0.1' }));
    await vi.waitFor(() => expect(terminal.start).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sessionLive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sessionLive).toHaveBeenCalledWith(actor);
    expect(ws.error()?.code).toBe('terminalSignedOut');
    expect(ws.sent.at(-1)).toEqual({ type: 'closed', reason: 'error' });
    expect(ws.readyState).toBe(3);
  });
});
