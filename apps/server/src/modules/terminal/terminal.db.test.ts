import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TerminalEvent } from '@it4u/shared';
import { sql } from 'drizzle-orm';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, pushWan, type TestApp, tokenFor } from '../../test/helpers.ts';
import { ed25519Pair, startSshServer } from '../../test/sshServer.ts';
import { createTerminalRepository } from './terminal.repository.ts';
import { ABANDONED_AFTER_IDLE_MS } from './terminal.service.ts';

/** The console's clock in these tests: fixed (a recording's times are all 0 s from its start). */
const T0 = Date.UTC(2026, 4, 5, 20, 0);
/** The idle time of the test that waits it out, on an app of its own. */
const IDLE_MS = 1_500;
/**
 * The idle time of every other test: a session is kept while a test waits on something else. At 1.5 s for all, a
 * session under way was closed idle when the machine paused its tests for longer (CI: the session limit's third
 * connection, and the 40 MB on stderr, each closed before its check).
 */
const LONG_IDLE_MS = 10 * 60_000;
const DEVICE_TOKEN = 'router-token-terminal-0123';

/** A browser's side of /webssh: the events it was told and the terminal output it got. */
function terminal(port: number, token: string | undefined) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/webssh`, ['it4u.webssh', ...(token ? [`bearer.${token}`] : [])]);
  const events: TerminalEvent[] = [];
  let output = '';
  let refused: number | undefined;
  let closed = false;
  ws.on('message', (data, isBinary) => {
    if (isBinary) output += data.toString();
    else events.push(JSON.parse(data.toString()));
  });
  ws.on('unexpected-response', (_req, res) => {
    refused = res.statusCode;
    closed = true;
  });
  ws.on('error', () => {});
  ws.on('close', () => {
    closed = true;
  });
  const until = async (what: () => boolean, label: string) => {
    for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
    if (!what()) throw new Error(`no ${label}: events ${JSON.stringify(events)}, output ${JSON.stringify(output)}`);
  };
  return {
    ws,
    events,
    output: () => output,
    refused: () => refused,
    opened: () =>
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('unexpected-response', () => reject(new Error(`refused ${refused}`)));
      }),
    send: (message: object) => ws.send(JSON.stringify(message)),
    type: (command: string) => ws.send(JSON.stringify({ operate: 'command', command })),
    waitEvent: (type: TerminalEvent['type']) => until(() => events.some((e) => e.type === type), type),
    waitOutput: (text: string) => until(() => output.includes(text), JSON.stringify(text)),
    waitClosed: () => until(() => closed, 'close'),
    error: () => events.find((e) => e.type === 'error') as Extract<TerminalEvent, { type: 'error' }> | undefined,
  };
}

describe.each(drivers)('remote terminal on %s', (driver) => {
  let t: TestApp;
  let port: number;
  let kt: Awaited<ReturnType<typeof tokenFor>>;
  let ssh: Awaited<ReturnType<typeof startSshServer>>;
  let rowId: number;
  let admin: Awaited<ReturnType<typeof tokenFor>>;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      now: () => T0,
      // the tests' SSH server is on loopback; a sign-in is checked every 100 ms here (every minute by default)
      terminal: { idleMs: LONG_IDLE_MS, maxSessions: 2, allowLoopback: true, sessionCheckMs: 100 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    kt = await tokenFor(t, ['ROLE_KT']);
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    ssh = await startSshServer({ username: 'root', password: 'lb-Secret' });
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/clientDeviceInf',
      headers: kt.headers,
      payload: { ipLb: '127.0.0.1', passLb: 'lb-Secret', ipWan1: 'localhost' },
    });
    rowId = row.json().id;
    // the row's load balancer is approved for its stored password (the sessions below sign in as root)
    await approveHost(rowId, ssh.port);
  });
  afterAll(async () => {
    await t.close();
    await ssh.close();
  });

  const connect = (term: ReturnType<typeof terminal>, extra: object = {}) =>
    term.send({ operate: 'connect', rowId, host: '127.0.0.1', port: ssh.port, login: 'root', ...extra });
  const get = (url: string, headers = kt.headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const post = (url: string, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

  type Approval = { deviceInfoId: number; host: string; port: number; state: string; fingerprint: string };
  /** What the list of approvals says of a row's host on a port. */
  const approvalOf = async (row: number, hostPort: number, headers = admin.headers) =>
    ((await get('/it4u/webssh/approvals', headers)).json() as Approval[]).find(
      (a) => a.deviceInfoId === row && a.port === hostPort,
    );

  /** A first connection with a stored password asks for an approval; an administrator gives it, with the key seen. */
  async function approveHost(row: number, hostPort: number, login: 'root' | 'admin' = 'root') {
    const first = await opened(kt.accessToken);
    first.send({ operate: 'connect', rowId: row, host: '127.0.0.1', port: hostPort, login });
    await first.waitClosed();
    expect(first.error()?.code).toBe('terminalAwaitingApproval');
    const asked = await approvalOf(row, hostPort);
    expect(asked).toMatchObject({ state: 'pending', fingerprint: first.error()?.params?.fingerprint });
    const res = await post('/it4u/webssh/approvals/approve', {
      rowId: row,
      host: '127.0.0.1',
      port: hostPort,
      fingerprint: asked?.fingerprint,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('connects as root with the stored password to the approved host, echoes, resizes, and records the session', async () => {
    const term = terminal(port, kt.accessToken);
    await term.opened();
    connect(term, { cols: 97, rows: 37 });
    await term.waitEvent('ready');
    expect(term.events.find((e) => e.type === 'hostKey')).toMatchObject({
      firstUse: false,
      fingerprint: (await approvalOf(rowId, ssh.port))?.fingerprint,
    });
    await term.waitOutput('$ ');
    for (const key of 'echo hi') term.type(key);
    term.type('\r');
    await term.waitOutput('hi\r\n');
    term.send({ operate: 'resize', cols: 120, rows: 40 });
    term.type('size\r');
    await term.waitOutput('120x40');
    term.ws.close();
    await term.waitClosed();

    // the session is audited: who, where, bytes each way, why it closed
    let session: Record<string, unknown> | undefined;
    for (let i = 0; i < 100; i++) {
      session = (await get('/it4u/webssh/sessions')).json().items[0];
      if (session?.endedAt) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(session).toMatchObject({
      actorName: kt.user.username,
      host: '127.0.0.1',
      port: ssh.port,
      sshUser: 'root',
      closeReason: 'user',
      deviceInfoId: rowId,
    });
    expect(session?.bytesIn).toBe('echo hi\rsize\r'.length);
    expect(Number(session?.bytesOut)).toBeGreaterThan(10);

    // and recorded as asciicast v2: the header, then output with its times
    const recording = await get(`/it4u/webssh/sessions/${session?.id}/recording`);
    expect(recording.headers['content-type']).toContain('application/x-asciicast');
    const [header, ...lines] = recording.body.trim().split('\n');
    expect(JSON.parse(header as string)).toMatchObject({ version: 2, width: 97, height: 37 });
    const events = lines.map((l) => JSON.parse(l) as [number, string, string]);
    expect(
      events
        .filter((e) => e[1] === 'o')
        .map((e) => e[2])
        .join(''),
    ).toContain('hi\r\n');
    expect(events.some((e) => e[1] === 'r' && e[2] === '120x40')).toBe(true);
    expect(recording.body).not.toContain('lb-Secret');

    // and again
    const again = terminal(port, kt.accessToken);
    await again.opened();
    connect(again);
    await again.waitEvent('ready');
    expect(again.events.find((e) => e.type === 'hostKey')).toMatchObject({ firstUse: false });
    again.type('exit\r');
    await again.waitClosed();
    expect(again.events.at(-1)).toEqual({ type: 'closed', reason: 'remote' });
  });

  it('refuses a host not recorded for the row, a missing default password, and says a wrong password in words', async () => {
    const elsewhere = terminal(port, kt.accessToken);
    await elsewhere.opened();
    connect(elsewhere, { host: '10.9.9.9' });
    await elsewhere.waitClosed();
    expect(elsewhere.error()).toMatchObject({ code: 'terminalHostNotRecorded', params: { host: '10.9.9.9' } });

    const admin = terminal(port, kt.accessToken);
    await admin.opened();
    connect(admin, { login: 'admin' });
    await admin.waitClosed();
    expect(admin.error()?.code).toBe('terminalNoAdminPassword');

    const wrong = terminal(port, kt.accessToken);
    await wrong.opened();
    connect(wrong, { login: 'typed', username: 'root', password: 'nope' });
    await wrong.waitClosed();
    expect(wrong.error()).toMatchObject({
      code: 'terminalLoginRefused',
      message: '127.0.0.1 refused the login of root: the username or password is wrong.',
    });

    const bad = terminal(port, kt.accessToken);
    await bad.opened();
    bad.send({ operate: 'connect', rowId, host: '127.0.0.1; ls', port: 22, login: 'root' });
    await bad.waitClosed();
    expect(bad.error()?.code).toBe('terminalBadMessage');
  });

  it('closes a session left without typing', async () => {
    const short = await createTestApp(driver, {
      now: () => T0,
      terminal: { idleMs: IDLE_MS, allowLoopback: true, sessionCheckMs: 100 },
    });
    try {
      await short.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await tokenFor(short, ['ROLE_KT']);
      const row = await short.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/clientDeviceInf',
        headers: user.headers,
        payload: { ipLb: '127.0.0.1', ipWan1: 'localhost' },
      });
      const term = terminal((short.app.server.address() as AddressInfo).port, user.accessToken);
      await term.opened();
      term.send({
        operate: 'connect',
        rowId: row.json().id,
        host: '127.0.0.1',
        port: ssh.port,
        login: 'typed',
        username: 'root',
        password: 'lb-Secret',
      });
      await term.waitEvent('ready');
      await term.waitClosed();
      expect(term.error()).toMatchObject({ code: 'terminalIdle' });
      expect(term.events.at(-1)).toEqual({ type: 'closed', reason: 'idle' });
    } finally {
      await short.close();
    }
  });

  it('limits the sessions a user has open at once', async () => {
    const one = terminal(port, kt.accessToken);
    const two = terminal(port, kt.accessToken);
    await Promise.all([one.opened(), two.opened()]);
    connect(one);
    await one.waitEvent('ready');
    connect(two);
    await two.waitEvent('ready');
    const three = terminal(port, kt.accessToken);
    await three.opened();
    connect(three);
    await three.waitClosed();
    expect(three.error()).toMatchObject({ code: 'terminalTooManySessions', params: { max: 2 } });
    one.ws.close();
    two.ws.close();
    await Promise.all([one.waitClosed(), two.waitClosed()]);
  });

  it('refuses a changed host key until an administrator accepts it', async () => {
    const oldPort = ssh.port;
    // a typed password pins the key at its first use
    const typed = { login: 'typed', username: 'root', password: 'lb-Secret' };
    const pinning = await opened(kt.accessToken);
    connect(pinning, typed);
    await pinning.waitEvent('ready');
    pinning.ws.close();
    await pinning.waitClosed();
    await ssh.close();
    ssh = await startSshServer({ username: 'root', password: 'lb-Secret', port: oldPort });
    const term = terminal(port, kt.accessToken);
    await term.opened();
    connect(term, typed);
    await term.waitClosed();
    const error = term.error();
    expect(error?.code).toBe('terminalHostKeyChanged');
    const offered = String(error?.params?.fingerprint);

    const keys = (await get('/it4u/webssh/hostKeys')).json();
    expect(keys.find((k: { port: number }) => k.port === oldPort)).toMatchObject({ offeredFingerprint: offered });
    const accept = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/webssh/hostKeys/accept',
        headers,
        payload: { host: '127.0.0.1', port: oldPort, fingerprint: offered },
      });
    expect((await accept(kt.headers)).statusCode).toBe(403);
    const admin = await tokenFor(t, ['ROLE_ADMIN']);
    expect((await accept(admin.headers)).statusCode).toBe(200);
    expect((await accept(admin.headers)).json().code).toBe('hostKeyNotOffered');

    const after = terminal(port, kt.accessToken);
    await after.opened();
    connect(after, typed);
    await after.waitEvent('ready');
    expect(after.events.find((e) => e.type === 'hostKey')).toMatchObject({ fingerprint: offered, firstUse: false });
    after.ws.close();
    await after.waitClosed();

    // the stored password: the approved key or nothing, and the host waits for a new approval with the key it offers
    const approved = (await approvalOf(rowId, oldPort))?.fingerprint;
    const root = await opened(kt.accessToken);
    connect(root);
    await root.waitClosed();
    expect(root.error()).toMatchObject({
      code: 'terminalApprovalKeyChanged',
      params: { host: '127.0.0.1', pinned: approved, fingerprint: offered },
    });
    expect(ssh.attempts.filter((a) => a.method === 'password')).toEqual([
      { method: 'password', username: 'root', password: 'lb-Secret' },
    ]);
    expect(await approvalOf(rowId, oldPort)).toMatchObject({ state: 'pending', fingerprint: offered });
    await approveHost(rowId, oldPort);
    const again = await opened(kt.accessToken);
    connect(again);
    await again.waitEvent('ready');
    again.ws.close();
    await again.waitClosed();
  });

  it('checks the token and the role on the upgrade, and on the audit routes', async () => {
    const anonymous = terminal(port, undefined);
    await expect(anonymous.opened()).rejects.toThrow();
    expect(anonymous.refused()).toBe(401);
    const cskh = await tokenFor(t, ['ROLE_CSKH']);
    const refused = terminal(port, cskh.accessToken);
    await expect(refused.opened()).rejects.toThrow();
    expect(refused.refused()).toBe(403);
    expect((await get('/it4u/webssh/sessions', cskh.headers)).statusCode).toBe(403);
    expect((await get('/it4u/webssh/hostKeys', cskh.headers)).statusCode).toBe(403);
    expect((await get('/it4u/webssh/sessions/1/recording', cskh.headers)).statusCode).toBe(403);
    expect((await get('/it4u/webssh/sessions/999999/recording')).statusCode).toBe(404);
  });

  /** A user's sessions as stored: why each ended (null: still open). */
  const sessionsOf = async (userId: number) =>
    rowsOf<{ id: number; close_reason: string | null; ended: boolean }>(
      await t.database.db.execute(
        sql`select id, close_reason, ended_at is not null as ended from terminal_sessions where user_id = ${userId}
          order by id`,
      ),
    );
  const until = async (what: () => Promise<boolean>, label: string) => {
    for (let i = 0; i < 400; i++) {
      if (await what()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`never: ${label}`);
  };
  const opened = async (token: string) => {
    const term = terminal(port, token);
    await term.opened();
    return term;
  };

  it('leaves no session open when the browser leaves during the connect, and counts none against the user', async () => {
    const user = await tokenFor(t, ['ROLE_KT']);
    for (let i = 0; i < 3; i++) {
      const quick = await opened(user.accessToken);
      connect(quick);
      // gone at once, without a closing handshake: the server hears it while the connect is under way
      quick.ws.terminate();
      await quick.waitClosed();
    }
    // once the server has heard the three leave (its gauge of open terminals), the user may at once open the two
    // sessions the limit allows: a start waits for the ends this instance is still writing
    await until(async () => {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      return /^it4u_sockets_open\{kind="terminal"\} 0$/m.test(metrics.body);
    }, 'the server heard the browsers leave');
    const one = await opened(user.accessToken);
    const two = await opened(user.accessToken);
    connect(one);
    connect(two);
    await Promise.all([one.waitEvent('ready'), two.waitEvent('ready')]);
    one.ws.close();
    two.ws.close();
    await Promise.all([one.waitClosed(), two.waitClosed()]);
    await until(async () => (await sessionsOf(user.user.id)).every((s) => s.ended), 'every session of the user ended');
    const sessions = await sessionsOf(user.user.id);
    expect(sessions.filter((s) => s.close_reason !== 'user')).toEqual([]);
  });

  it('holds the limit of sessions against connects sent at once', async () => {
    const user = await tokenFor(t, ['ROLE_KT']);
    const terms = await Promise.all([1, 2, 3, 4, 5].map(() => opened(user.accessToken)));
    for (const term of terms) connect(term);
    await until(
      async () => terms.every((x) => x.events.some((e) => e.type === 'ready' || e.type === 'error')),
      'every connect answered',
    );
    const ready = terms.filter((x) => x.events.some((e) => e.type === 'ready'));
    const refused = terms.filter((x) => x.error());
    expect(ready).toHaveLength(2);
    expect(refused.map((x) => x.error()?.code)).toEqual(Array(3).fill('terminalTooManySessions'));
    for (const term of terms) term.ws.close();
    await Promise.all(terms.map((x) => x.waitClosed()));
    await until(async () => (await sessionsOf(user.user.id)).every((s) => s.ended), 'sessions ended');
    expect(await sessionsOf(user.user.id)).toHaveLength(2);

    // the same straight on the repository: eight starts at once (on PostgreSQL, each in its own connection)
    const other = await tokenFor(t, ['ROLE_KT']);
    const repository = createTerminalRepository(t.database.db);
    const start = {
      userId: other.user.id,
      actorName: other.user.username,
      deviceInfoId: rowId,
      site: '',
      customer: '',
      host: '10.0.0.1',
      port: 22,
      sshUser: 'root',
      cols: 97,
      rows: 37,
      at: new Date(T0),
    };
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => repository.start(start, '{}\n', { max: 2, since: new Date(T0 - IDLE_MS) })),
    );
    expect(ids.filter((id) => id !== undefined)).toHaveLength(2);
    expect(await sessionsOf(other.user.id)).toHaveLength(2);
  });

  it('signs in as admin with the default password of the Parameter tab, which never reaches the browser', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin.headers,
      payload: { tokenUcrm: 'ucrm', tokenDev: DEVICE_TOKEN, terminalPassword: 'adm-Default-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const adminSsh = await startSshServer({ username: 'admin', password: 'adm-Default-1' });
    try {
      await approveHost(rowId, adminSsh.port, 'admin');
      const term = await opened(kt.accessToken);
      term.send({ operate: 'connect', rowId, host: '127.0.0.1', port: adminSsh.port, login: 'admin' });
      await term.waitEvent('ready');
      await term.waitOutput('$ ');
      term.type('echo as-admin\r');
      await term.waitOutput('as-admin\r\n');
      term.ws.close();
      await term.waitClosed();
      expect(JSON.stringify(term.events) + term.output()).not.toContain('adm-Default-1');
      const session = (await get('/it4u/webssh/sessions')).json().items[0];
      expect(session).toMatchObject({ sshUser: 'admin', port: adminSsh.port, host: '127.0.0.1' });
      const recording = await get(`/it4u/webssh/sessions/${session.id}/recording`);
      expect(recording.body).not.toContain('adm-Default-1');
    } finally {
      await adminSsh.close();
    }
  });

  it('offers a stored password only to a host an administrator approved for the row, never to one a KT just recorded', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin.headers,
      payload: { tokenUcrm: 'ucrm', tokenDev: DEVICE_TOKEN, terminalPassword: 'adm-Default-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    // a KT's own host, recorded by the KT: one SSH server takes admin, one root
    const asAdmin = await startSshServer({ username: 'admin', password: 'adm-Default-1' });
    const asRoot = await startSshServer({ username: 'root', password: 'own-Secret' });
    try {
      const created = await post('/it4u/clientDeviceInf', { ipOther: '127.0.0.1', passLb: 'own-Secret' }, kt.headers);
      const own = created.json().id as number;
      const attempt = async (login: 'root' | 'admin', hostPort: number) => {
        const term = await opened(kt.accessToken);
        term.send({ operate: 'connect', rowId: own, host: '127.0.0.1', port: hostPort, login });
        await Promise.race([term.waitEvent('ready'), term.waitClosed()]);
        return term;
      };
      for (const [login, server] of [
        ['admin', asAdmin],
        ['root', asRoot],
      ] as const) {
        const term = await attempt(login, server.port);
        await term.waitClosed();
        expect(term.error()).toMatchObject({
          code: 'terminalAwaitingApproval',
          params: { host: '127.0.0.1', fingerprint: expect.stringMatching(/^SHA256:/) },
        });
        expect(term.error()?.message).toContain('waiting for approval');
        // the host saw the key exchange, and no sign-in at all
        expect(server.connections()).toBeGreaterThan(0);
        expect(server.attempts).toEqual([]);
      }
      // the requests (addresses and keys) are listed to administrators and lead technicians only, not to a KT
      const listed = await get('/it4u/webssh/approvals', kt.headers);
      expect(listed.statusCode).toBe(403);
      const lead = await tokenFor(t, ['ROLE_LEAD_KT']);
      expect((await get('/it4u/webssh/approvals', lead.headers)).statusCode).toBe(200);
      const root = await approvalOf(own, asRoot.port);
      expect(root).toMatchObject({
        host: '127.0.0.1',
        source: 'ipOther',
        state: 'pending',
        requestedBy: kt.user.username,
      });
      const adm = await approvalOf(own, asAdmin.port);
      const body = (hostPort: number, fingerprint: string) => ({
        rowId: own,
        host: '127.0.0.1',
        port: hostPort,
        fingerprint,
      });
      // a KT approves nothing; an approval names the key seen (another one is refused)
      expect(
        (await post('/it4u/webssh/approvals/approve', body(asRoot.port, root?.fingerprint ?? ''), kt.headers))
          .statusCode,
      ).toBe(403);
      const wrong = await post('/it4u/webssh/approvals/approve', body(asRoot.port, adm?.fingerprint ?? ''));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('terminalApprovalChanged');
      const still = await attempt('root', asRoot.port);
      await still.waitClosed();
      expect(still.error()?.code).toBe('terminalAwaitingApproval');
      expect(asRoot.attempts).toEqual([]);
      expect(
        (await post('/it4u/webssh/approvals/approve', body(asRoot.port, root?.fingerprint ?? ''))).statusCode,
      ).toBe(200);
      expect(
        (await post('/it4u/webssh/approvals/approve', body(asAdmin.port, adm?.fingerprint ?? ''), lead.headers))
          .statusCode,
      ).toBe(200);
      expect(await approvalOf(own, asRoot.port)).toMatchObject({ state: 'approved', approvedBy: admin.user.username });

      // approved: both sign in, each use of a stored password audited as a reveal of it
      for (const [login, server] of [
        ['admin', asAdmin],
        ['root', asRoot],
      ] as const) {
        const term = await attempt(login, server.port);
        expect(
          term.events.some((e) => e.type === 'ready'),
          JSON.stringify(term.events),
        ).toBe(true);
        term.ws.close();
        await term.waitClosed();
        expect(server.attempts.filter((a) => a.method === 'password')).toHaveLength(1);
      }
      const reveals = rowsOf<{ details: { field: string; via: string } | string }>(
        await t.database.db.execute(
          sql`select details from audit_events where event = 'deviceInfo.reveal' and target = ${`deviceInfo:${own}`} order by id`,
        ),
      ).map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details));
      expect(reveals).toEqual([
        expect.objectContaining({ field: 'terminalPassword', via: 'terminal', port: asAdmin.port }),
        expect.objectContaining({ field: 'passLb', via: 'terminal', port: asRoot.port }),
      ]);

      // the row's address changes: its approvals go, and coming back to the same address asks again
      const move = (ipOther: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/it4u/clientDeviceInf/${own}`,
          headers: kt.headers,
          payload: { ipOther },
        });
      expect((await move('10.77.0.1')).statusCode).toBe(200);
      expect(await approvalOf(own, asRoot.port)).toBeUndefined();
      expect((await move('127.0.0.1')).statusCode).toBe(200);
      const back = await attempt('root', asRoot.port);
      await back.waitClosed();
      expect(back.error()?.code).toBe('terminalAwaitingApproval');
      expect(asRoot.attempts.filter((a) => a.method === 'password')).toHaveLength(1);

      expect(await approvalOf(own, asAdmin.port)).toBeUndefined();

      // approved again, then withdrawn (by an administrator or a lead technician only): asked for again
      const renewed = await approvalOf(own, asRoot.port);
      const reapproved = await post('/it4u/webssh/approvals/approve', body(asRoot.port, renewed?.fingerprint ?? ''));
      expect(reapproved.statusCode).toBe(200);
      const revoke = (headers: { authorization: string }) =>
        post('/it4u/webssh/approvals/revoke', { rowId: own, host: '127.0.0.1', port: asRoot.port }, headers);
      expect((await revoke(kt.headers)).statusCode).toBe(403);
      expect((await revoke(lead.headers)).statusCode).toBe(200);
      expect((await revoke(admin.headers)).statusCode).toBe(404);
      const after = await attempt('root', asRoot.port);
      await after.waitClosed();
      expect(after.error()?.code).toBe('terminalAwaitingApproval');
    } finally {
      await asAdmin.close();
      await asRoot.close();
    }
  });

  it("lets administrators, lead technicians and a session's maker replay it, and lists others only their own", async () => {
    const term = await opened(admin.accessToken);
    connect(term, { login: 'typed', username: 'root', password: 'lb-Secret' });
    await term.waitEvent('ready');
    term.ws.close();
    await term.waitClosed();
    const mine = (await get('/it4u/webssh/sessions?pageSize=100', admin.headers)).json().items as {
      id: number;
      actorName: string;
    }[];
    const id = mine.find((s) => s.actorName === admin.user.username)?.id;
    expect(id).toBeDefined();
    const lead = await tokenFor(t, ['ROLE_LEAD_KT']);
    const refused = await get(`/it4u/webssh/sessions/${id}/recording`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('terminalRecordingNotYours');
    expect((await get(`/it4u/webssh/sessions/${id}/recording`, admin.headers)).statusCode).toBe(200);
    expect((await get(`/it4u/webssh/sessions/${id}/recording`, lead.headers)).statusCode).toBe(200);
    const seen = (await get('/it4u/webssh/sessions?pageSize=100')).json().items as { actorName: string }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.actorName !== kt.user.username)).toEqual([]);
    const all = (await get('/it4u/webssh/sessions?pageSize=100', lead.headers)).json().items as { actorName: string }[];
    expect(all.some((s) => s.actorName === admin.user.username)).toBe(true);
  });

  it("reaches a host that only the site's WAN links name (as its router pushes them)", async () => {
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/sitename/',
      headers: admin.headers,
      payload: { sitename: 'Terminal site', idname: 'term01' },
    });
    expect(site.statusCode, site.body).toBeLessThan(300);
    const siteId = (await get('/it4u/sitenames')).json().find((s: { idname: string }) => s.idname === 'term01').id;
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/clientDeviceInf',
      headers: kt.headers,
      payload: { sitenameId: siteId, ipOther: '10.20.30.40', passLb: 'lb-Secret' },
    });
    const siteRowId = row.json().id as number;
    const viaLink = { operate: 'connect', rowId: siteRowId, host: '127.0.0.1', port: ssh.port, login: 'typed' };
    const credentials = { username: 'root', password: 'lb-Secret' };

    const before = await opened(kt.accessToken);
    before.send({ ...viaLink, ...credentials });
    await before.waitClosed();
    expect(before.error()?.code).toBe('terminalHostNotRecorded');

    const push = await pushWan(t, DEVICE_TOKEN, {
      sitename: 'term01',
      wan1Provider: 'VNPT',
      wan1Ip: '127.0.0.1',
      wan1Status: 1,
    });
    expect(push.statusCode, push.body).toBe(200);
    const after = await opened(kt.accessToken);
    after.send({ ...viaLink, ...credentials });
    await after.waitEvent('ready');
    after.ws.close();
    await after.waitClosed();

    // a pushed address is no target of a stored password until approved, under the link that pushed it
    const asRoot = { ...viaLink, login: 'root' };
    const waiting = await opened(kt.accessToken);
    waiting.send(asRoot);
    await waiting.waitClosed();
    expect(waiting.error()?.code).toBe('terminalAwaitingApproval');
    const asked = await approvalOf(siteRowId, ssh.port);
    expect(asked).toMatchObject({ source: 'push:wan1', state: 'pending' });
    const ok = await post('/it4u/webssh/approvals/approve', {
      rowId: siteRowId,
      host: '127.0.0.1',
      port: ssh.port,
      fingerprint: asked?.fingerprint,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const approved = await opened(kt.accessToken);
    approved.send(asRoot);
    await approved.waitEvent('ready');
    approved.ws.close();
    await approved.waitClosed();
    // the router now pushes the address as another link: the approval of the first link no longer counts
    const moved = await pushWan(t, DEVICE_TOKEN, {
      sitename: 'term01',
      wan1Provider: 'NONE',
      wan2Provider: 'FPT',
      wan2Ip: '127.0.0.1',
      wan2Status: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await opened(kt.accessToken);
    again.send(asRoot);
    await again.waitClosed();
    expect(again.error()?.code).toBe('terminalAwaitingApproval');
    expect(await approvalOf(siteRowId, ssh.port)).toMatchObject({ source: 'push:wan2', state: 'pending' });
  });

  it('never lets a push under another name of the site take over the addresses its router pushed', async () => {
    const site = await post('/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'doyrdqwd' });
    expect(site.statusCode, site.body).toBeLessThan(300);
    const siteId = (await get('/it4u/sitenames')).json().find((s: { idname: string }) => s.idname === 'doyrdqwd').id;
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/clientDeviceInf',
      headers: kt.headers,
      payload: { sitenameId: siteId },
    });
    const hoaRow = row.json().id as number;
    const typed = (host: string) => ({
      operate: 'connect',
      rowId: hoaRow,
      host,
      port: ssh.port,
      login: 'typed',
      username: 'root',
      password: 'lb-Secret',
    });
    // the router pushes under the site's description; later someone pushes under its short name, another address
    const real = { sitename: 'Khách sạn Hoa Mai', wan1Provider: 'VNPT', wan1Ip: '127.0.0.1', wan1Status: 1 };
    expect((await pushWan(t, DEVICE_TOKEN, real)).statusCode).toBe(200);
    const alias = { sitename: 'doyrdqwd', wan1Provider: 'EVIL', wan1Ip: '10.66.66.66', wan1Status: 0 };
    expect((await pushWan(t, DEVICE_TOKEN, alias)).statusCode).toBe(200);

    const evil = await opened(kt.accessToken);
    evil.send(typed('10.66.66.66'));
    await evil.waitClosed();
    expect(evil.error()?.code).toBe('terminalHostNotRecorded');
    const router = await opened(kt.accessToken);
    router.send(typed('127.0.0.1'));
    await router.waitEvent('ready');
    router.ws.close();
    await router.waitClosed();

    // once the site has its own token, no push under any of its names goes with the shared one
    // (the report's row of the real router, as the table has it: the report's copy is some seconds behind)
    const [{ id: realId }] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from customer_sites where sitename = 'Khách sạn Hoa Mai'`),
    ) as [{ id: number }];
    const made = await t.app.inject({ method: 'POST', url: `/api/v1/it4u/${realId}/deviceToken`, headers: kt.headers });
    expect(made.statusCode, made.body).toBe(201);
    for (const name of ['doyrdqwd', ' DoyrDQWD ', 'khách sạn  hoa mai']) {
      const refused = await pushWan(t, DEVICE_TOKEN, { ...alias, sitename: name });
      expect(refused.statusCode, name).toBe(403);
    }
    expect((await pushWan(t, made.json().token, { ...real, wan1Ip: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('refuses link-local, multicast and unspecified addresses even when recorded', async () => {
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/clientDeviceInf',
      headers: kt.headers,
      payload: { ipWan1: '169.254.169.254', ipWan2: 'ff02::1', ipWan3: '0.0.0.0', ipOther: '0:0:0:0:0:ffff:a9fe:101' },
    });
    const id = row.json().id as number;
    for (const host of ['169.254.169.254', 'ff02::1', '0.0.0.0', '0:0:0:0:0:ffff:a9fe:101']) {
      const term = await opened(kt.accessToken);
      term.send({ operate: 'connect', rowId: id, host, port: 22, login: 'typed', username: 'root', password: 'x' });
      await term.waitClosed();
      expect(term.error()).toMatchObject({ code: 'terminalHostForbidden', params: { host } });
    }
  });

  it('cuts an open terminal when its user signs out, or is blocked', async () => {
    const leaving = await tokenFor(t, ['ROLE_KT']);
    const term = await opened(leaving.accessToken);
    connect(term);
    await term.waitEvent('ready');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: leaving.headers });
    expect(out.statusCode).toBe(200);
    await term.waitClosed();
    expect(term.error()?.code).toBe('terminalSignedOut');
    await until(async () => (await sessionsOf(leaving.user.id))[0]?.ended === true, 'session ended');
    expect((await sessionsOf(leaving.user.id))[0]?.close_reason).toBe('signedOut');

    const blocked = await tokenFor(t, ['ROLE_KT']);
    const other = await opened(blocked.accessToken);
    connect(other);
    await other.waitEvent('ready');
    await t.database.db.execute(sql`update users set status = 'Block' where id = ${blocked.user.id}`);
    await other.waitClosed();
    expect(other.error()?.code).toBe('terminalSignedOut');
  });

  it('ignores a resize sent before the connect: the recording starts at 0 s', async () => {
    const user = await tokenFor(t, ['ROLE_KT']);
    const term = await opened(user.accessToken);
    term.send({ operate: 'resize', cols: 150, rows: 50 });
    connect(term, { cols: 100, rows: 30 });
    await term.waitEvent('ready');
    await term.waitOutput('$ ');
    term.type('size\r');
    await term.waitOutput('100x30');
    term.ws.close();
    await term.waitClosed();
    await until(async () => (await sessionsOf(user.user.id))[0]?.ended === true, 'session ended');
    const id = (await sessionsOf(user.user.id))[0]?.id;
    const [header, ...lines] = (await get(`/it4u/webssh/sessions/${id}/recording`, user.headers)).body
      .trim()
      .split('\n');
    expect(JSON.parse(header as string)).toMatchObject({ width: 100, height: 30, timestamp: T0 / 1000 });
    const events = lines.map((l) => JSON.parse(l) as [number, string, string]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e[0] !== 0)).toEqual([]);
    expect(events.filter((e) => e[1] === 'r')).toEqual([]);
  });

  // 40 MB through SSH, the console and a WebSocket: seconds on a quiet machine, a minute or more on a busy one (npm
  // test runs the unit tests beside the end-to-end tests); the waits below are by time, within this timeout
  it('makes a host printing on stderr wait for a slow browser, as it does on stdout', {
    timeout: 240_000,
  }, async () => {
    // a host whose shell prints FLOOD bytes on stderr at once, as fast as the connection takes them
    const FLOOD = 40 * 1024 * 1024;
    let written = 0;
    const server = new ssh2.Server({ hostKeys: [ed25519Pair().private] }, (client) => {
      client.on('authentication', (ctx) => (ctx.method === 'password' ? ctx.accept() : ctx.reject(['password'])));
      client.on('session', (accept) => {
        const session = accept();
        session.on('pty', (ok) => ok?.());
        session.on('shell', (ok) => {
          const stream = ok();
          const block = Buffer.alloc(64 * 1024, 'e');
          const more = () => {
            while (written < FLOOD) {
              written += block.length;
              if (!stream.stderr.write(block)) return void stream.stderr.once('drain', more);
            }
            stream.stderr.write('\r\nerr-done\r\n');
          };
          more();
        });
      });
      client.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hostPort = (server.address() as AddressInfo).port;
    try {
      const user = await tokenFor(t, ['ROLE_KT']);
      const term = await opened(user.accessToken);
      // the browser stops reading before the host starts printing
      term.ws.pause();
      term.send({ operate: 'connect', rowId, host: '127.0.0.1', port: hostPort, login: 'typed', username: 'x' });
      // the host's output stops growing: held back by the console, not piled up in its memory (a key now and
      // then keeps the session from the idle timeout)
      // (still for a second: held back; a busy machine may pause it for less than that)
      const tick = async () => {
        await new Promise((r) => setTimeout(r, 250));
        term.type(' ');
      };
      let last = -1;
      let stillSince = Date.now();
      const waitUntil = Date.now() + 90_000;
      while (Date.now() < waitUntil && (written === 0 || Date.now() - stillSince < 1_000)) {
        if (written !== last) stillSince = Date.now();
        last = written;
        await tick();
      }
      expect(written).toBeLessThan(FLOOD / 2);
      // the browser reads again: everything arrives
      term.ws.resume();
      const readUntil = Date.now() + 120_000;
      while (Date.now() < readUntil && !term.output().slice(-100).includes('err-done')) await tick();
      expect(term.output().slice(-100)).toContain('err-done');
      expect(term.output().length).toBeGreaterThanOrEqual(FLOOD);
      term.ws.close();
      await term.waitClosed();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('ends, at start-up, the sessions an instance left open, once silent past the idle time and a margin', async () => {
    const user = await tokenFor(t, ['ROLE_KT']);
    const insert = (activeAt: number) =>
      t.database.db.execute(sql`insert into terminal_sessions
        (user_id, actor_name, host, port, ssh_user, cols, rows, started_at, active_at)
        values (${user.user.id}, ${user.user.username}, '10.0.0.1', 22, 'root', 97, 37,
          ${new Date(activeAt - 60_000)}, ${new Date(activeAt)})`);
    // silent past the idle time and the margin: its instance is gone; within it: maybe another instance's, kept
    await insert(T0 - IDLE_MS - ABANDONED_AFTER_IDLE_MS - 1_000);
    await insert(T0 - IDLE_MS - ABANDONED_AFTER_IDLE_MS + 1_000);
    const second = await buildApp({
      database: t.database,
      masterKey: randomBytes(32),
      now: () => T0,
      terminal: { idleMs: IDLE_MS },
    });
    try {
      await second.ready();
      expect((await sessionsOf(user.user.id)).map((s) => s.close_reason)).toEqual(['shutdown', null]);
    } finally {
      await second.close();
    }
  });
});
