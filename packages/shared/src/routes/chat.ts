import { Type } from '@sinclair/typebox';
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
} from '../api/chat.ts';
import { defineRoutes } from '../contract.ts';

/** The caller's unread messages, all conversations together. */
export const UnreadSchema = Type.Object({ unread: Type.Integer() });

/** The private chat between staff, and between staff and customers. */
export const chatRoutes = defineRoutes('chat', {
  'PUT /private-chat/channel': {
    access: 'chat',
    audit: { none: 'opens the conversation of two people: nothing of anyone else changes' },
    summary:
      'The channel of two people, one per pair whatever the order (400 for the same person twice, 403 when the caller is neither or two customers)',
    body: ChannelBody,
    response: ChannelSchema,
  },
  'GET /private-chat/channel/:channelUuid': {
    access: 'chat',
    summary:
      "A channel's messages, oldest first: the newest `limit`, those before `before` (scrolling back) or those after `after` (what came since); its two people only",
    params: ChannelParams,
    query: MessagesQuery,
    response: MessagePageSchema,
    errors: [404],
  },
  'POST /private-chat/channel/:channelUuid/messages': {
    access: 'chat',
    audit: { none: 'a private message: kept in its conversation, never copied to the audit trail' },
    summary: 'Send a message (1 to 4,000 characters, not blank): stored, then delivered',
    params: ChannelParams,
    body: MessageBody,
    response: ChatMessageSchema,
    status: 201,
    errors: [404],
  },
  'POST /private-chat/channel/:channelUuid/read': {
    access: 'chat',
    audit: { none: "a read mark of one's own conversation" },
    summary: "The caller has read the channel up to a message: answers the caller's unread total",
    params: ChannelParams,
    body: ReadBody,
    response: UnreadSchema,
    errors: [404],
  },
  'GET /private-chat/contacts': {
    access: 'chat',
    summary:
      'The people the caller may talk to (staff: everyone; a customer: staff), with their first site, unread count and last message, newest conversation first',
    query: ContactsQuery,
    response: Type.Array(ContactSchema),
  },
  'GET /private-chat/unread': {
    access: 'chat',
    summary: "The caller's unread messages, all conversations together",
    response: UnreadSchema,
  },
});
