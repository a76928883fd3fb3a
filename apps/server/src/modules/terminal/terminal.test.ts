import type { AddressInfo } from 'node:net';
import type { TerminalEvent } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { startSshServer } from '../../test/sshServer.ts';

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
  beforeAll(async () => {
    t = await createTestApp(driver, { terminal: { idleMs: 1_500, maxSessions: 2 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    kt = await tokenFor(t, ['ROLE_KT']);
    ssh = await startSshServer({ username: 'root', password: 'lb-Secret' });
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/clientDeviceInf',
      headers: kt.headers,
      payload: { ipLb: '127.0.0.1', passLb: 'lb-Secret', ipWan1: 'localhost' },
    });
    rowId = row.json().id;
  });
  afterAll(async () => {
    await t.close();
    await ssh.close();
  });

  const connect = (term: ReturnType<typeof terminal>, extra: object = {}) =>
    term.send({ operate: 'connect', rowId, host: '127.0.0.1', port: ssh.port, login: 'root', ...extra });
  const get = (url: string, headers = kt.headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it('connects as root with the stored password, pins the host key, echoes, resizes, and records the session', async () => {
    const term = terminal(port, kt.accessToken);
    await term.opened();
    connect(term, { cols: 97, rows: 37 });
    await term.waitEvent('ready');
    expect(term.events.find((e) => e.type === 'hostKey')).toMatchObject({
      firstUse: true,
      fingerprint: expect.stringMatching(/^SHA256:/),
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

    // the second time the key is known
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
    const term = terminal(port, kt.accessToken);
    await term.opened();
    connect(term);
    await term.waitEvent('ready');
    await term.waitClosed();
    expect(term.error()).toMatchObject({ code: 'terminalIdle' });
    expect(term.events.at(-1)).toEqual({ type: 'closed', reason: 'idle' });
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
    await ssh.close();
    ssh = await startSshServer({ username: 'root', password: 'lb-Secret', port: oldPort });
    const term = terminal(port, kt.accessToken);
    await term.opened();
    connect(term);
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
    connect(after);
    await after.waitEvent('ready');
    expect(after.events.find((e) => e.type === 'hostKey')).toMatchObject({ fingerprint: offered, firstUse: false });
    after.ws.close();
    await after.waitClosed();
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
});
