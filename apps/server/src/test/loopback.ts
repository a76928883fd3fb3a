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
