import { type Static, Type } from '@sinclair/typebox';
import { CHAT_MESSAGE_MAX } from '../constants.ts';
import { Id, SearchText } from './common.ts';

export const ChannelBody = Type.Object({ userIdOne: Id, userIdTwo: Id });

export const ChannelSchema = Type.Object({
  channelUuid: Type.String(),
  userOneFullName: Type.String(),
  userTwoFullName: Type.String(),
});

export const ChannelParams = Type.Object({
  channelUuid: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
});

/** Older messages: those before a message id, at most `limit`. */
export const MessagesQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  channelUuid: Type.String(),
  fromUserId: Type.Integer(),
  toUserId: Type.Integer(),
  contents: Type.String(),
  timeSent: Type.Number(),
});

/** Messages oldest first; `hasMore`: older ones are left. */
export const MessagePageSchema = Type.Object({ items: Type.Array(ChatMessageSchema), hasMore: Type.Boolean() });

export const MessageBody = Type.Object({
  contents: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: '\\S' }),
});

export const ReadBody = Type.Object({ lastReadId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** Someone the caller may talk to: their first site labels them; the conversation's unread count and last message. */
export const ContactSchema = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  site: Type.String(),
  channelUuid: Type.Union([Type.String(), Type.Null()]),
  unread: Type.Integer(),
  lastMessageAt: Type.Union([Type.Number(), Type.Null()]),
});

export const ContactsQuery = Type.Object({ q: Type.Optional(SearchText) });

export type ChatChannel = Static<typeof ChannelSchema>;
export type ChatMessage = Static<typeof ChatMessageSchema>;
export type ChatContact = Static<typeof ContactSchema>;
