import { type Static, Type } from '@sinclair/typebox';
import { CHAT_MESSAGE_MAX } from '../constants.ts';
import { Id, SearchText } from './common.ts';

export const ChannelBody = Type.Object({ userIdOne: Id, userIdTwo: Id });

export const ChannelSchema = Type.Object({
  channelUuid: Type.String(),
  userOneFullName: Type.String(),
  userTwoFullName: Type.String(),
});

const Uuid = Type.String({
  maxLength: 36,
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
});

export const ChannelParams = Type.Object({ channelUuid: Uuid });

/**
 * A page of messages: the newest `limit`; with `before`, the newest of those older than a message (scrolling back);
 * with `after`, the oldest of those newer than a message (what came since, for a client told of new ones or back
 * from a lost connection).
 */
export const MessagesQuery = Type.Object({
  before: Type.Optional(Id),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
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

/** Messages oldest first; `hasMore`: more are left beyond the page (older ones, or with `after` newer ones). */
export const MessagePageSchema = Type.Object({ items: Type.Array(ChatMessageSchema), hasMore: Type.Boolean() });

/**
 * A message; the spec's socket message also names its sender and receiver, refused unless the channel's. `clientKey`,
 * the sender's own id for the message (a UUID): sent again after an answer that was lost, it is stored once.
 */
export const MessageBody = Type.Object({
  contents: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: '\\S' }),
  clientKey: Type.Optional(Uuid),
  fromUserId: Type.Optional(Id),
  toUserId: Type.Optional(Id),
});

export const ReadBody = Type.Object({ lastReadId: Id });

/**
 * Someone the caller may talk to: their first site labels them; the conversation's unread count and last message; their
 * presence.
 */
export const ContactSchema = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  site: Type.String(),
  channelUuid: Type.Union([Type.String(), Type.Null()]),
  unread: Type.Integer(),
  lastMessageAt: Type.Union([Type.Number(), Type.Null()]),
  /** online now (on any instance), or when last seen (null: never) */
  online: Type.Boolean(),
  lastSeen: Type.Union([Type.Number(), Type.Null()]),
});

export const ContactsQuery = Type.Object({ q: Type.Optional(SearchText) });

export type ChatChannel = Static<typeof ChannelSchema>;
export type ChatMessage = Static<typeof ChatMessageSchema>;
export type ChatContact = Static<typeof ContactSchema>;
