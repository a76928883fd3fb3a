import type { Server } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import {
  HostKeyBody,
  HostKeySchema,
  MessageSchema,
  pageOf,
  SessionIdParams,
  TerminalApprovalKey,
  TerminalApprovalSchema,
  TerminalApproveBody,
  TerminalSessionQuery,
  TerminalSessionSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { TerminalService } from './terminal.service.ts';

/** The subprotocol of /webssh; the browser also offers `bearer.<access token>`. */
export const WEBSSH_PROTOCOL = 'it4u.webssh';

/** The audit of terminal sessions, their recordings, the pinned host keys, and the hosts approved for stored passwords. */
export async function terminalRoutes(app: FastifyInstance, opts: { terminal: TerminalService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { terminal } = opts;
  const tags = ['remote terminal'];
  const allowed = { onRequest: app.auth('terminal') };

  r.get(
    '/it4u/webssh/sessions',
    {
      ...allowed,
      schema: {
        tags,
        summary:
          "Terminal sessions, newest first: who, which customer and site, host, user, times, bytes, why it closed (administrators and lead technicians see everyone's, others their own)",
        security: secured,
        querystring: TerminalSessionQuery,
        response: { 200: pageOf(TerminalSessionSchema), ...authErrors },
      },
    },
    (request) => terminal.page(request.query.q, request.query.page, request.query.pageSize, request.principal),
  );
  r.get(
    '/it4u/webssh/sessions/:id/recording',
    {
      ...allowed,
      schema: {
        tags,
        summary:
          "A session's recording (asciicast v2: a header line, then [seconds, 'o' | 'r', text] lines); for administrators, lead technicians and whoever made the session",
        security: secured,
        params: SessionIdParams,
        response: { 200: Type.String(), ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/x-asciicast; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await terminal.recording(request.params.id, request.principal)),
  );
  r.get(
    '/it4u/webssh/hostKeys',
    {
      ...allowed,
      schema: {
        tags,
        summary: 'The pinned host keys, and the other keys hosts offered since (refused until accepted)',
        security: secured,
        response: { 200: Type.Array(HostKeySchema), ...authErrors },
      },
    },
    () => terminal.hostKeys(),
  );
  r.post(
    '/it4u/webssh/hostKeys/accept',
    {
      onRequest: app.auth('parameters'),
      schema: {
        tags,
        summary: 'Accept the key a host now offers in place of the pinned one (administrators; audited)',
        security: secured,
        body: HostKeyBody,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const { host, port, fingerprint } = request.body;
      await terminal.acceptHostKey(host, port, fingerprint, contextOf(request));
      return { message: 'The new key is pinned.' };
    },
  );
  r.get(
    '/it4u/webssh/approvals',
    {
      ...allowed,
      schema: {
        tags,
        summary:
          'The hosts approved for stored passwords (root, admin) per device information row, and those waiting for approval',
        security: secured,
        response: { 200: Type.Array(TerminalApprovalSchema), ...authErrors },
      },
    },
    () => terminal.approvals(),
  );
  r.post(
    '/it4u/webssh/approvals/approve',
    {
      onRequest: app.auth('terminalTrust'),
      schema: {
        tags,
        summary:
          "Approve a row's host for stored passwords with the key it offered (administrators and lead technicians; audited)",
        security: secured,
        body: TerminalApproveBody,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      await terminal.approve(request.body, contextOf(request));
      return { message: 'The host is approved.' };
    },
  );
  r.post(
    '/it4u/webssh/approvals/revoke',
    {
      onRequest: app.auth('terminalTrust'),
      schema: {
        tags,
        summary: "Withdraw a row's host approval or request (administrators and lead technicians; audited)",
        security: secured,
        body: TerminalApprovalKey,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await terminal.revoke(request.body, contextOf(request));
      return { message: 'The approval is withdrawn.' };
    },
  );
}

/**
 * /webssh: the terminal's WebSocket. The access token (offered as the subprotocol `bearer.<token>`) and the role are
 * checked on the upgrade request; a refused caller gets 401 or 403 and no socket.
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
