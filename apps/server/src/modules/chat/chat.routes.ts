import { chatRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve.ts';
import type { ChatService } from './chat.service.ts';

export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const { chat } = opts;
  // messages and read marks touch no session: the session cache stays (plugins/auth.ts)
  const keepsSessions = { config: { readOnly: true } };

  serve(app, routes, {
    'PUT /private-chat/channel': ({ principal, body }) => chat.channel(principal, body.userIdOne, body.userIdTwo),
    'GET /private-chat/channel/:channelUuid': ({ principal, params, query }) =>
      chat.messages(principal, params.channelUuid, query),
    'POST /private-chat/channel/:channelUuid/messages': {
      options: keepsSessions,
      handler: ({ principal, params, body: { contents, ...ends } }) =>
        chat.send(principal, params.channelUuid, contents, ends),
    },
    'POST /private-chat/channel/:channelUuid/read': {
      options: keepsSessions,
      handler: ({ principal, params, body }) => chat.read(principal, params.channelUuid, body.lastReadId),
    },
    'GET /private-chat/contacts': ({ principal, query }) => chat.contacts(principal, query.q),
    'GET /private-chat/unread': ({ principal }) => chat.unread(principal),
  });
}
