import { Worker } from 'node:worker_threads';

export type Answer = { ms: number; status: number; body: string };

/**
 * An HTTP client timed in a thread of its own (timed-client.mjs): a benchmark that runs simulators in its own process
 * would otherwise time the console's answers late by however long its event loop is busy serving them.
 */
export function timedClient() {
  const client = new Worker(new URL('./timed-client.mjs', import.meta.url));
  client.unref();
  const waiting = new Map<number, (a: Answer) => void>();
  client.on('message', (a: Answer & { id: number }) => {
    waiting.get(a.id)?.(a);
    waiting.delete(a.id);
  });
  let asked = 0;
  return (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const id = ++asked;
    return new Promise<Answer>((resolve) => {
      waiting.set(id, resolve);
      client.postMessage({ id, url, init });
    });
  };
}
