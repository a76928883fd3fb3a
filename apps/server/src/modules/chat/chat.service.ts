import { can, PRESENCE_TTL_MS, TYPING_EVERY_MS } from '@it4u/shared';
import type { Actor } from '../../lib/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import type { UserDirectory } from '../users/users.module.ts';
import type { ChatRepository } from './chat.repository.ts';

const isStaff = (roles: readonly string[]) => can(roles, 'allSites');
const rolesOf = (actor: Pick<Actor, 'roles'>) => actor.roles.map((r) => r.name);

/**
 * The sockets told of presence: those whose people list is on screen (not every socket of every user). Staff watch
 * everyone's; a customer watches staff's only, as `GET /user/online` shows them (a customer never learns of another).
 */
export const PRESENCE_ROOM = 'presence';
export const STAFF_PRESENCE_ROOM = 'presence:staff';
/** The presence room of a socket's user: what they may see of who comes and goes. */
export const presenceRoomOf = (actor: Pick<Actor, 'roles'>) =>
  isStaff(rolesOf(actor)) ? PRESENCE_ROOM : STAFF_PRESENCE_ROOM;
/** A user whose last socket here closed counts as gone only after this: a reconnect (a renewed token) is no absence. */
export const ABSENCE_GRACE_MS = 5_000;
/** Channels kept in memory per instance (a few hundred bytes each). */
const CHANNELS_KEPT = 10_000;
/** Presence rows outdated by a newer one of the same user are forgotten after this. */
const PRESENCE_KEEP_MS = 3600_000;

/**
 * The private chat: one channel per pair of people; staff talk with anyone, a customer with staff only; a message is
 * stored before anything else, then both people's sockets are told (ids only: they read it from the API); unread
 * counts come from each person's last-read message; presence is a heartbeat in the database.
 */
export function createChatService(deps: {
  chat: ChatRepository;
  /** the users area's people: who talks, and whom one may talk to */
  people: UserDirectory;
  realtime: Realtime;
  /** this instance, in the presence rows */
  instance: string;
  now: () => number;
}) {
  const { chat, people, realtime, instance, now } = deps;
  const fresh = () => new Date(now() - PRESENCE_TTL_MS);

  /** Channels, as read: their two people never change, so every request of a conversation need not read it again. */
  const channels = new Map<string, { userOne: number; userTwo: number }>();
  async function channelOf(uuid: string) {
    const known = channels.get(uuid);
    if (known) return known;
    const row = await chat.channel(uuid);
    if (!row) return undefined;
    if (channels.size >= CHANNELS_KEPT) channels.clear();
    const channel = { userOne: row.userOne, userTwo: row.userTwo };
    channels.set(uuid, channel);
    return channel;
  }

  /** The channel, if the caller is one of its two people. */
  async function mine(actor: Pick<Actor, 'id'>, uuid: string) {
    const channel = await channelOf(uuid);
    if (!channel) throw new NotFoundError('chatChannelNotFound');
    if (channel.userOne !== actor.id && channel.userTwo !== actor.id) throw new ForbiddenError('chatNotYours');
    return { ...channel, other: channel.userOne === actor.id ? channel.userTwo : channel.userOne };
  }

  /** Users with sockets on this instance, and how many each. */
  const here = new Map<number, number>();
  /** Users whose last socket here closed, waiting out the grace. */
  const leaving = new Map<number, ReturnType<typeof setTimeout>>();

  /** Those of the users that still exist (a deleted user's socket may still be open): presence rows need a user. */
  const existing = async (ids: number[]) => (ids.length === 0 ? [] : (await people.byIds(ids)).map((p) => p.id));

  /** Staff watchers are told of everyone; customer watchers of staff only (the roles as they are now). */
  async function tellPresence(userId: number) {
    const [p, [user]] = await Promise.all([chat.presence(userId, fresh()), people.byIds([userId])]);
    realtime.toRoom(PRESENCE_ROOM, 'presence', { userId, ...p });
    if (user && isStaff(user.roles)) realtime.toRoom(STAFF_PRESENCE_ROOM, 'presence', { userId, ...p });
  }

  return {
    /** The channel of two people (PUT /private-chat/channel); the caller must be one of them. */
    async channel(actor: Actor, userIdOne: number, userIdTwo: number) {
      if (userIdOne === userIdTwo) throw new BadRequestError('chatSameUser', 'userIdTwo');
      if (actor.id !== userIdOne && actor.id !== userIdTwo) throw new ForbiddenError('chatNotYours');
      const pair = await people.byIds([userIdOne, userIdTwo]);
      const one = pair.find((u) => u.id === userIdOne);
      const two = pair.find((u) => u.id === userIdTwo);
      if (!one) throw new BadRequestError('chatUserNotFound', 'userIdOne');
      if (!two) throw new BadRequestError('chatUserNotFound', 'userIdTwo');
      if (!isStaff(one.roles) && !isStaff(two.roles)) throw new ForbiddenError('chatNotAllowed');
      const channelUuid = await chat.channelOf(one.id, two.id);
      return { channelUuid, userOneFullName: one.name, userTwoFullName: two.name };
    },

    async messages(
      actor: Actor,
      uuid: string,
      page: { before?: number | undefined; after?: number | undefined; limit: number },
    ) {
      await mine(actor, uuid);
      if (page.before !== undefined && page.after !== undefined)
        throw new BadRequestError('chatBeforeOrAfter', 'after');
      return page.after !== undefined
        ? chat.after(uuid, page.after, page.limit)
        : chat.before(uuid, page.before, page.limit);
    },

    /**
     * Stores a message (at most 4,000 characters, not blank), then tells both people's sockets. The spec's message
     * names its sender and receiver: given, they must be the caller and the other of the channel.
     */
    async send(
      actor: Actor,
      uuid: string,
      contents: string,
      ends: { fromUserId?: number; toUserId?: number; clientKey?: string } = {},
    ) {
      const channel = await mine(actor, uuid);
      if (ends.fromUserId !== undefined && ends.fromUserId !== actor.id)
        throw new BadRequestError('invalidFields', 'fromUserId', { fields: 'fromUserId' });
      if (ends.toUserId !== undefined && ends.toUserId !== channel.other)
        throw new BadRequestError('invalidFields', 'toUserId', { fields: 'toUserId' });
      // staff talk with anyone; a customer only with someone who is staff now
      if (!isStaff(rolesOf(actor))) {
        const [other] = await people.byIds([channel.other]);
        if (!other) throw new NotFoundError('chatUserNotFound');
        if (!isStaff(other.roles)) throw new ForbiddenError('chatNotAllowed');
      }
      const message = await chat.add({
        channel: uuid,
        fromUserId: actor.id,
        toUserId: channel.other,
        contents,
        sentAt: new Date(now()),
        clientKey: ends.clientKey,
      });
      // sent again after a lost answer, it is told again (the instance that stored it may have died before telling;
      // the web app knows a message by its id)
      const event = {
        channelUuid: uuid,
        id: message.id,
        fromUserId: actor.id,
        toUserId: channel.other,
        fromName: actor.name,
      };
      realtime.toUser([channel.other, actor.id], 'chat:message', event);
      return message;
    },

    /** The caller read a channel up to a message: their other devices are told the new unread total. */
    async read(actor: Actor, uuid: string, lastReadId: number) {
      await mine(actor, uuid);
      await chat.read(uuid, actor.id, lastReadId);
      const unread = await chat.unreadTotal(actor.id);
      realtime.toUser(actor.id, 'chat:read', { channelUuid: uuid, unread });
      return { unread };
    },

    /** The people the caller may talk to (staff anyone active, a customer staff only), matching `q` when given. */
    async contacts(actor: Actor, q: string | undefined) {
      const candidates = await people.active(actor.id, !isStaff(rolesOf(actor)), q?.trim() ?? '');
      return chat.contacts(actor.id, candidates, fresh());
    },

    unread: async (actor: Actor) => ({ unread: await chat.unreadTotal(actor.id) }),

    /**
     * The other person of a channel, for a socket's 'typing…' (undefined when the user is not in it). A socket keeps
     * what it learnt, so only its first 'typing' of a channel reads the database.
     */
    async otherOf(userId: number, uuid: string): Promise<number | undefined> {
      try {
        return (await mine({ id: userId }, uuid)).other;
      } catch {
        return undefined;
      }
    },

    /** How often a socket may say it is typing in one channel (faster ones are dropped). */
    typingEveryMs: TYPING_EVERY_MS / 4,

    /** A socket of a user opened on this instance. */
    async connected(userId: number) {
      here.set(userId, (here.get(userId) ?? 0) + 1);
      const wasLeaving = leaving.get(userId);
      if (wasLeaving) {
        clearTimeout(wasLeaving);
        leaving.delete(userId);
        return;
      }
      if (here.get(userId) !== 1) return;
      await chat.present(instance, await existing([userId]), new Date(now()));
      await tellPresence(userId);
    },

    /** A socket of a user closed: after the grace, with none left here, the user is gone from this instance. */
    disconnected(userId: number, graceMs = ABSENCE_GRACE_MS): Promise<void> {
      const n = (here.get(userId) ?? 1) - 1;
      if (n > 0) {
        here.set(userId, n);
        return Promise.resolve();
      }
      here.delete(userId);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          leaving.delete(userId);
          if (here.has(userId)) return resolve();
          chat
            .absent(instance, userId, new Date(now()))
            .then(() => tellPresence(userId))
            .then(resolve, reject);
        }, graceMs);
        timer.unref();
        leaving.set(userId, timer);
      });
    },

    /** The heartbeat: this instance's users renewed, and rows long outdated forgotten. */
    async beat() {
      await chat.present(instance, await existing([...here.keys()]), new Date(now()));
      await chat.prunePresence(new Date(now() - PRESENCE_KEEP_MS));
    },

    /** Whether a user is online on any instance, and when last seen. */
    presence: (userId: number) => chat.presence(userId, fresh()),

    /** The instance stops: its users leave at once (the others are told). */
    async stop() {
      for (const timer of leaving.values()) clearTimeout(timer);
      const users = [...new Set([...here.keys(), ...leaving.keys()])];
      here.clear();
      leaving.clear();
      for (const userId of users) await chat.absent(instance, userId, new Date(now()));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
