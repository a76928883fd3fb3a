import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts bench/serve.ts in its own process and waits for its "READY <port> <token>" line. */
export function startServer(
  kind: string,
  opts: { env?: NodeJS.ProcessEnv; nodeFlags?: string[] } = {},
): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', 'bench/serve.ts', kind, '0'], {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2] as string });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}
