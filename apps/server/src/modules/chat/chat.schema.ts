import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/** A private conversation: one per pair of users, the lower id first. */
export const chatChannels = pgTable(
  'chat_channels',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userOne: integer('user_one')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwo: integer('user_two')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_channels_pair_idx').on(t.userOne, t.userTwo),
    index('chat_channels_two_idx').on(t.userTwo),
    check('chat_channels_order', sql`${t.userOne} < ${t.userTwo}`),
  ],
);

/** A message, stored before it is delivered. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    channel: uuid('channel')
      .notNull()
      .references(() => chatChannels.uuid, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    contents: text('contents').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** the sender's own key for the message: a send repeated after a lost answer stores nothing new */
    clientKey: uuid('client_key'),
  },
  (t) => [
    index('chat_messages_channel_idx').on(t.channel, t.id),
    index('chat_messages_to_idx').on(t.toUserId, t.id),
    uniqueIndex('chat_messages_client_key_idx').on(t.channel, t.fromUserId, t.clientKey),
  ],
);

/** The last message each person of a channel has read: their unread count is what came after it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    channel: uuid('channel')
      .notNull()
      .references(() => chatChannels.uuid, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    lastReadId: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.userId] })],
);

/**
 * Presence: a row per user and instance holding sockets of theirs, renewed by that instance while they stay. A user is
 * online while a row of theirs is `online` and renewed within the presence TTL (so an instance that crashed stops
 * counting); their last seen is the newest `seen_at`.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    online: boolean('online').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instance] }), index('chat_presence_instance_idx').on(t.instance)],
);
