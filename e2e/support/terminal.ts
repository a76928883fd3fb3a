import type { APIRequestContext, Page } from '@playwright/test';
import { startSshServer } from '../../apps/server/src/test/sshServer.ts';

type Connect = { rowId: number; host: string; port: number; login: 'root' | 'admin' };
type TerminalError = { type: 'error'; code?: string; params?: Record<string, string | number>; message: string };

/**
 * Connects to the terminal from the page, as its signed-in user, as the terminal view does (same socket, same
 * subprotocols), and answers the first error event: with a stored password and a host not approved yet, the server
 * learns the host's key and answers `terminalAwaitingApproval` with it (no password sent).
 */
export async function terminalRefusal(page: Page, connect: Connect): Promise<TerminalError> {
  return page.evaluate(
    (message) =>
      new Promise<TerminalError>((resolve, reject) => {
        const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
        const ws = new WebSocket(`${scheme}://${window.location.host}/webssh`, [
          'it4u.webssh',
          `bearer.${localStorage.getItem('accessToken') ?? ''}`,
        ]);
        const timer = setTimeout(() => reject(new Error('no answer from the terminal')), 20_000);
        ws.onopen = () => ws.send(JSON.stringify({ operate: 'connect', cols: 80, rows: 24, ...message }));
        ws.onmessage = (event) => {
          if (typeof event.data !== 'string') return;
          const parsed = JSON.parse(event.data);
          if (parsed.type !== 'error') return;
          clearTimeout(timer);
          ws.close();
          resolve(parsed);
        };
        ws.onclose = () => reject(new Error('the terminal closed without an error'));
      }),
    connect,
  );
}

/**
 * Two device rows on a site whose WAN 1 is a test SSH server on loopback, each with a load-balancer password: the
 * first waits for approval (a connection as root asked for it), the second is approved by the administrator. The
 * page must be signed in as the administrator (whose token `token` is). Answers the rows' ids and the host's port.
 */
export async function seedHostApprovals(page: Page, request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const sites = (await (await request.get('/api/v1/it4u/sitenames', { headers: auth })).json()) as { id: number }[];
  const ssh = await startSshServer({ username: 'root', password: 'e2e-approvals' });
  try {
    const rows: number[] = [];
    for (const [i, isp] of ['VNPT', 'Viettel'].entries()) {
      const res = await request.post('/api/v1/it4u/clientDeviceInf', {
        headers: auth,
        data: { sitenameId: sites[i]?.id ?? null, ipWan1: '127.0.0.1', ispWan1: isp, passLb: 'e2e-approvals' },
      });
      if (res.status() !== 201) throw new Error(`device row: ${res.status()} ${await res.text()}`);
      rows.push((await res.json()).id);
    }
    const [pending, approved] = rows as [number, number];
    await terminalRefusal(page, { rowId: pending, host: '127.0.0.1', port: ssh.port, login: 'root' });
    const asked = await terminalRefusal(page, { rowId: approved, host: '127.0.0.1', port: ssh.port, login: 'root' });
    if (asked.code !== 'terminalAwaitingApproval') throw new Error(`terminal: ${JSON.stringify(asked)}`);
    const res = await request.post('/api/v1/it4u/webssh/approvals/approve', {
      headers: auth,
      data: { rowId: approved, host: '127.0.0.1', port: ssh.port, fingerprint: asked.params?.fingerprint },
    });
    if (!res.ok()) throw new Error(`approve: ${res.status()} ${await res.text()}`);
    return { pending, approved, port: ssh.port };
  } finally {
    await ssh.close();
  }
}
