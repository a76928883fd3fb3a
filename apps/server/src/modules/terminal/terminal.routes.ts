import type { Server } from 'node:http';
import websocket from '@fastify/websocket';
import { terminalRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { TerminalService } from './terminal.service.ts';

/** The subprotocol of /webssh; the browser also offers `bearer.<access token>`. */
export const WEBSSH_PROTOCOL = 'it4u.webssh';

/** The audit of terminal sessions, their recordings, the pinned host keys, and the hosts approved for stored passwords. */
export async function terminalRoutes(app: FastifyInstance, opts: { terminal: TerminalService }) {
  const { terminal } = opts;

  serve(app, routes, {
    'GET /it4u/webssh/sessions': ({ principal, query }) =>
      terminal.page(query.q, query.page, query.pageSize, principal),
    'GET /it4u/webssh/sessions/:id/recording': async ({ principal, params }, reply) =>
      reply
        .header('content-type', 'application/x-asciicast; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await terminal.recording(params.id, principal)),
    'GET /it4u/webssh/hostKeys': () => terminal.hostKeys(),
    'POST /it4u/webssh/hostKeys/accept': async (request) => {
      const { host, port, fingerprint } = request.body;
      await terminal.acceptHostKey(host, port, fingerprint, contextOf(request));
      return { message: 'The new key is pinned.' };
    },
    'GET /it4u/webssh/approvals': () => terminal.approvals(),
    'POST /it4u/webssh/approvals/approve': async (request) => {
      await terminal.approve(request.body, contextOf(request));
      return { message: 'The host is approved.' };
    },
    'POST /it4u/webssh/approvals/revoke': async (request) => {
      await terminal.revoke(request.body, contextOf(request));
      return { message: 'The approval is withdrawn.' };
    },
  });
}

/**
 * /webssh: the terminal's WebSocket. The access token (offered as the subprotocol `bearer.<token>`) and the role are
 * checked on the upgrade request; a refused caller gets 401 or 403 and no socket. It stays a plain Fastify route (a
 * WebSocket handler, outside /api/v1 and the OpenAPI description), not a contract.
 */
export async function terminalSocket(app: FastifyInstance, opts: { terminal: TerminalService }) {
  await app.register(websocket, {
    options: {
      // the upgrades that are not Socket.IO's (plugins/realtime.ts)
      server: app.upgrades as unknown as Server,
      maxPayload: 128 * 1024,
      handleProtocols: (protocols) => (protocols.has(WEBSSH_PROTOCOL) ? WEBSSH_PROTOCOL : false),
    },
  });
  app.get('/webssh', { websocket: true, onRequest: app.auth('terminal'), schema: { hide: true } }, (socket, request) =>
    opts.terminal.attach(socket, request.principal, request.ip),
  );
}
