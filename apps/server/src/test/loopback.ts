import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on loopback for tests (a fake controller, a proxy); `requests` counts what reached it. */
export async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  });
}

/**
 * Deadlines (a UniFi client's `deadline`) for the requests a test's server never answers (`unanswered`: by path;
 * every request by default): each passes once every such request sent has reached the server (`heard`, called by
 * its handler), taking no real time, and a busy machine cannot make it pass before the request was sent (a real
 * 100 ms one did, and a request the test counted never reached the server). Other requests get a real timer.
 */
export function heardDeadlines(unanswered: (path: string) => boolean = () => true) {
  const waiting: AbortController[] = [];
  let heard = 0;
  return {
    deadline: (ms: number, path: string) => {
      if (!unanswered(path)) return AbortSignal.timeout(ms);
      const ended = new AbortController();
      waiting.push(ended);
      return ended.signal;
    },
    heard: () => {
      if (++heard < waiting.length) return;
      heard = 0;
      for (const ended of waiting.splice(0)) ended.abort();
    },
  };
}
