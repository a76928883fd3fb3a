import type { ChatContact, ChatMessage } from '@it4u/shared';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatChannels, chatMessages, chatPresence, chatReads } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { DirectoryEntry } from '../users/users.module.ts';

export type Presence = { online: boolean; lastSeen: number | null };

type MessageRow = typeof chatMessages.$inferSelect;
const toMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  channelUuid: m.channel,
  fromUserId: m.fromUserId,
  toUserId: m.toUserId,
  contents: m.contents,
  timeSent: m.sentAt.getTime(),
});

/** Conversations, their messages, and what each person has read. */
export function createChatRepository(db: Db) {
  return {
    /** The channel of a pair (made the first time), the lower id first. */
    async channelOf(a: number, b: number): Promise<string> {
      const [one, two] = a < b ? [a, b] : [b, a];
      await db.insert(chatChannels).values({ userOne: one, userTwo: two }).onConflictDoNothing();
      const [row] = await db
        .select({ uuid: chatChannels.uuid })
        .from(chatChannels)
        .where(and(eq(chatChannels.userOne, one), eq(chatChannels.userTwo, two)));
      if (!row) throw new Error('channel not made');
      return row.uuid;
    },

    async channel(uuid: string) {
      const [row] = await db.select().from(chatChannels).where(eq(chatChannels.uuid, uuid));
      return row;
    },

    /** Stores a message, and moves the sender's read mark to it (they have read their own message): one statement. */
    /** Stores a message; one sent again with its client key answers the stored one, storing nothing. */
    async add(m: {
      channel: string;
      fromUserId: number;
      toUserId: number;
      contents: string;
      sentAt: Date;
      clientKey?: string;
    }) {
      const key = m.clientKey ?? null;
      const [row] = rowsOf<{ id: number; sent_at: Date | string; contents: string }>(
        await db.execute(sql`
          with m as (
            insert into chat_messages (channel, from_user_id, to_user_id, contents, sent_at, client_key)
            values (${m.channel}, ${m.fromUserId}, ${m.toUserId}, ${m.contents}, ${m.sentAt}, ${key})
            on conflict (channel, from_user_id, client_key) do nothing
            returning id, sent_at, contents
          ), r as (
            insert into chat_reads (channel, user_id, last_read_id) select ${m.channel}, ${m.fromUserId}, id from m
            on conflict (channel, user_id) do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id)
          )
          select id, sent_at, contents from m
          union all
          select id, sent_at, contents from chat_messages
          where ${key}::uuid is not null and channel = ${m.channel} and from_user_id = ${m.fromUserId}
            and client_key = ${key} and not exists (select 1 from m)`),
      );
      if (!row) throw new Error('insert returned nothing');
      return toMessage({ ...m, clientKey: key, contents: row.contents, id: row.id, sentAt: new Date(row.sent_at) });
    },

    /** Messages before `before` (all when undefined), the newest `limit`, answered oldest first. */
    async before(uuid: string, before: number | undefined, limit: number) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          before === undefined
            ? eq(chatMessages.channel, uuid)
            : and(eq(chatMessages.channel, uuid), lt(chatMessages.id, before)),
        )
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { items: rows.slice(0, limit).reverse().map(toMessage), hasMore };
    },

    /** Moves a person's read mark forward (never back). */
    async read(uuid: string, userId: number, lastReadId: number) {
      await db
        .insert(chatReads)
        .values({ channel: uuid, userId, lastReadId })
        .onConflictDoUpdate({
          target: [chatReads.channel, chatReads.userId],
          set: { lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)` },
        });
    },

    /**
     * The people a user may talk to (the users area chose them), with their channel with the user, its unread count
     * for the user and its last message, and their presence; the conversation with the newest message first, then by
     * name.
     */
    async contacts(userId: number, people: DirectoryEntry[], freshSince: Date): Promise<ChatContact[]> {
      if (people.length === 0) return [];
      const byId = new Map(people.map((p) => [p.id, p]));
      const rows = rowsOf<{
        user_id: number;
        channel: string | null;
        unread: number | string;
        last_at: Date | string | null;
        online: boolean | null;
        last_seen: Date | string | null;
      }>(
        await db.execute(sql`
          select u.id as user_id,
            c.uuid as channel,
            coalesce((select count(*) from chat_messages m where m.channel = c.uuid and m.to_user_id = ${userId}
              and m.id > coalesce((select r.last_read_id from chat_reads r where r.channel = c.uuid and r.user_id = ${userId}), 0)), 0) as unread,
            (select max(m.sent_at) from chat_messages m where m.channel = c.uuid) as last_at,
            p.online, p.last_seen
          from unnest(${sql.param(people.map((p) => p.id))}::int[], ${sql.param(people.map((p) => p.name))}::text[]) as u(id, name)
          left join lateral (select bool_or(cp.online and cp.seen_at > ${freshSince}) as online, max(cp.seen_at) as last_seen
            from chat_presence cp where cp.user_id = u.id) p on true
          left join chat_channels c on (c.user_one = least(u.id, ${userId}) and c.user_two = greatest(u.id, ${userId}))
          order by last_at desc nulls last, lower(u.name), u.id
          limit 500`),
      );
      return rows.map((r) => {
        const person = byId.get(r.user_id);
        return {
          userId: r.user_id,
          name: person?.name ?? '',
          username: person?.username ?? '',
          site: person?.site ?? '',
          channelUuid: r.channel,
          unread: Number(r.unread),
          lastMessageAt: r.last_at === null ? null : new Date(r.last_at).getTime(),
          online: r.online === true,
          lastSeen: r.last_seen === null ? null : new Date(r.last_seen).getTime(),
        };
      });
    },

    /** The unread messages of a user, all conversations together. */
    async unreadTotal(userId: number): Promise<number> {
      const [row] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*) as n from chat_messages m
          where m.to_user_id = ${userId}
            and m.id > coalesce((select r.last_read_id from chat_reads r where r.channel = m.channel and r.user_id = ${userId}), 0)`),
      );
      return Number(row?.n ?? 0);
    },

    /** Messages after an id, the oldest `limit`, oldest first (what came since; a client that reconnects catches up). */
    async after(uuid: string, after: number, limit: number) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.channel, uuid), gt(chatMessages.id, after)))
        .orderBy(asc(chatMessages.id))
        .limit(limit + 1);
      return { items: rows.slice(0, limit).map(toMessage), hasMore: rows.length > limit };
    },

    /**
     * Users of this instance came online, or are still here: their rows renewed (one statement for them all). The
     * caller gives only users that still exist.
     */
    async present(instance: string, userIds: number[], at: Date) {
      if (userIds.length === 0) return;
      await db.execute(sql`
        insert into chat_presence (user_id, instance, online, seen_at)
        select u, ${instance}, true, ${at} from unnest(${sql.param(userIds)}::int[]) as u
        on conflict (user_id, instance) do update set online = true, seen_at = excluded.seen_at`);
    },

    /** A user's last socket on this instance closed. */
    async absent(instance: string, userId: number, at: Date) {
      await db
        .update(chatPresence)
        .set({ online: false, seenAt: at })
        .where(and(eq(chatPresence.userId, userId), eq(chatPresence.instance, instance)));
    },

    /** Whether a user is online (a row of theirs online and renewed since `freshSince`) and when last seen. */
    async presence(userId: number, freshSince: Date): Promise<Presence> {
      const [row] = rowsOf<{ online: boolean | null; last_seen: Date | string | null }>(
        await db.execute(sql`select bool_or(online and seen_at > ${freshSince}) as online, max(seen_at) as last_seen
          from chat_presence where user_id = ${userId}`),
      );
      return {
        online: row?.online === true,
        lastSeen: row?.last_seen ? new Date(row.last_seen).getTime() : null,
      };
    },

    /** Forgets rows older than `before` that a newer row of the same user outdates (crashed or older instances). */
    async prunePresence(before: Date) {
      await db.execute(sql`delete from chat_presence p where p.seen_at < ${before}
        and exists (select 1 from chat_presence q where q.user_id = p.user_id and q.seen_at > p.seen_at)`);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
