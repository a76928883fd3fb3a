import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChannelBody,
  ChannelParams,
  ChannelSchema,
  ChatMessageSchema,
  ContactSchema,
  ContactsQuery,
  MessageBody,
  MessagePageSchema,
  MessagesQuery,
  ReadBody,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { ChatService } from './chat.service.ts';

const Unread = Type.Object({ unread: Type.Integer() });

export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { chat } = opts;
  const tags = ['chat'];
  const signedIn = { onRequest: app.auth('chat') };
  // messages and read marks touch no session: the session cache stays (plugins/auth.ts)
  const keepsSessions = { ...signedIn, config: { readOnly: true } };

  r.put(
    '/private-chat/channel',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'The channel of two people, one per pair whatever the order (400 for the same person twice, 403 when the caller is neither or two customers)',
        security: secured,
        body: ChannelBody,
        response: { 200: ChannelSchema, ...authErrors },
      },
    },
    (request) => chat.channel(request.principal, request.body.userIdOne, request.body.userIdTwo),
  );
  r.get(
    '/private-chat/channel/:channelUuid',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "A channel's messages, oldest first: the newest `limit`, those before `before` (scrolling back) or those after `after` (what came since); its two people only",
        security: secured,
        params: ChannelParams,
        querystring: MessagesQuery,
        response: { 200: MessagePageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => chat.messages(request.principal, request.params.channelUuid, request.query),
  );
  r.post(
    '/private-chat/channel/:channelUuid/messages',
    {
      ...keepsSessions,
      schema: {
        tags,
        summary: 'Send a message (1 to 4,000 characters, not blank): stored, then delivered',
        security: secured,
        params: ChannelParams,
        body: MessageBody,
        response: { 201: ChatMessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await chat.send(request.principal, request.params.channelUuid, request.body.contents)),
  );
  r.post(
    '/private-chat/channel/:channelUuid/read',
    {
      ...keepsSessions,
      schema: {
        tags,
        summary: "The caller has read the channel up to a message: answers the caller's unread total",
        security: secured,
        params: ChannelParams,
        body: ReadBody,
        response: { 200: Unread, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => chat.read(request.principal, request.params.channelUuid, request.body.lastReadId),
  );
  r.get(
    '/private-chat/contacts',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'The people the caller may talk to (staff: everyone; a customer: staff), with their first site, unread count and last message, newest conversation first',
        security: secured,
        querystring: ContactsQuery,
        response: { 200: Type.Array(ContactSchema), ...authErrors },
      },
    },
    (request) => chat.contacts(request.principal, request.query.q),
  );
  r.get(
    '/private-chat/unread',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The caller's unread messages, all conversations together",
        security: secured,
        response: { 200: Unread, ...authErrors },
      },
    },
    (request) => chat.unread(request.principal),
  );
}
