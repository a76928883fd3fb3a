// The remote terminal (npm run bench:terminal): the console in its own process on a scratch PostgreSQL database, an
// SSH server on loopback (ssh2's, a shell that echoes), and browsers played by WebSocket clients in this process.
// 1. 50 sessions at once, each typing 10 keys a second for 10 s: the time from a key sent to its echo received.
// 2. One session printing 10 MB: the rate at which it reaches the browser side.
// 3. The console's resident memory with the 50 sessions open, per session.
// Figures in docs/benchmarks.md.

import WebSocket from 'ws';
import { startSshServer } from '../apps/server/src/test/sshServer.ts';
import { onScratchDatabase } from './spawn.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50);
const KEYS_PER_SECOND = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD = 10 * 1024 * 1024;
const PASSWORD = 'bench-lb-pass';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const mb = (bytes: number) => bytes / 1024 / 1024;

type Session = { ws: WebSocket; next: (() => void) | null; output: number; text: string };

// the console lets one user (the benchmark's) open them all, to the SSH server on loopback
process.env.TERMINAL_MAX_SESSIONS = String(SESSIONS + 1);
process.env.TERMINAL_ALLOW_LOOPBACK = '1';

const ssh = await startSshServer({ username: 'root', password: PASSWORD });
await onScratchDatabase(
  async ({ port, token }) => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const row = await (
      await api('/it4u/clientDeviceInf', {
        method: 'POST',
        body: JSON.stringify({ ipLb: '127.0.0.1', passLb: PASSWORD }),
      })
    ).json();
    const rss = async () => Number(await (await fetch(`http://127.0.0.1:${port}/bench/rss`)).text());

    const open = () =>
      new Promise<Session>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/webssh`, ['it4u.webssh', `bearer.${token}`]);
        const session: Session = { ws, next: null, output: 0, text: '' };
        ws.on('open', () =>
          ws.send(
            JSON.stringify({ operate: 'connect', rowId: row.id, host: '127.0.0.1', port: ssh.port, login: 'root' }),
          ),
        );
        ws.on('message', (data: Buffer, isBinary) => {
          if (!isBinary) {
            const event = JSON.parse(data.toString());
            if (event.type === 'error') reject(new Error(event.message));
            return;
          }
          session.output += data.length;
          if (session.text.length < 4096) session.text += data.toString();
          if (session.text.includes('$ ') && session.output === data.length) resolve(session);
          const waiting = session.next;
          session.next = null;
          waiting?.();
        });
        ws.on('error', reject);
      });

    await rss();
    await new Promise((r) => setTimeout(r, 1_000));
    const idle = await rss();
    const sessions: Session[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await open());
    await new Promise((r) => setTimeout(r, 1_000));
    const withSessions = await rss();

    // 1. typing: each session sends a key every 100 ms and times its echo
    const latencies: number[] = [];
    await Promise.all(
      sessions.map(
        (s, i) =>
          new Promise<void>((resolve) => {
            let sent = 0;
            const key = () => {
              if (sent >= KEYS_PER_SECOND * SECONDS) return resolve();
              sent++;
              const at = performance.now();
              s.next = () => latencies.push(performance.now() - at);
              s.ws.send(JSON.stringify({ operate: 'command', command: 'a' }));
              setTimeout(key, 1000 / KEYS_PER_SECOND);
            };
            // the sessions start spread over the first 100 ms
            setTimeout(key, (i * 100) / SESSIONS);
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 500));
    latencies.sort((a, b) => a - b);
    for (const s of sessions) s.ws.close();
    await new Promise((r) => setTimeout(r, 1_000));

    // 2. one session prints 10 MB
    const flood = await open();
    const before = flood.output;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      flood.text = '';
      flood.ws.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) return;
        flood.text = (flood.text + data.toString()).slice(-64);
        if (flood.text.includes('done')) resolve();
      });
      flood.ws.send(JSON.stringify({ operate: 'command', command: '\r' }));
      flood.ws.send(JSON.stringify({ operate: 'command', command: `flood ${FLOOD}\r` }));
    });
    const seconds = (performance.now() - started) / 1000;
    const received = flood.output - before;
    flood.ws.close();

    console.log(`sessions: ${SESSIONS}, keys: ${latencies.length} (${KEYS_PER_SECOND}/s each for ${SECONDS} s)`);
    console.log(
      `echo: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `10 MB printed: ${mb(received).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(mb(received) / seconds).toFixed(1)} MB/s`,
    );
    console.log(
      `console memory: ${mb(idle).toFixed(0)} MB resident idle, ${mb(withSessions).toFixed(0)} MB with ${SESSIONS} sessions open = ${((withSessions - idle) / SESSIONS / 1024).toFixed(0)} KB per session`,
    );
  },
  { nodeFlags: [] },
).finally(() => ssh.close());
process.exit(0);
