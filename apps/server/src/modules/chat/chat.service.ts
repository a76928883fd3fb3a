import { can } from '@it4u/shared';
import type { Actor } from '../../lib/context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { ChatRepository, ChatUser } from './chat.repository.ts';

const isStaff = (roles: readonly string[]) => can(roles, 'allSites');
const rolesOf = (actor: Actor) => actor.roles.map((r) => r.name);

/**
 * The private chat: one channel per pair of people; staff talk with anyone, a customer with staff only; a message is
 * stored before anything else; unread counts come from each person's last-read message.
 */
export function createChatService(deps: { chat: ChatRepository; now: () => number }) {
  const { chat } = deps;

  /** The channel, if the caller is one of its two people. */
  async function mine(actor: Actor, uuid: string) {
    const channel = await chat.channel(uuid);
    if (!channel) throw new NotFoundError('chatChannelNotFound');
    if (channel.userOne !== actor.id && channel.userTwo !== actor.id) throw new ForbiddenError('chatNotYours');
    return { ...channel, other: channel.userOne === actor.id ? channel.userTwo : channel.userOne };
  }

  return {
    /** The channel of two people (spec: PUT /private-chat/channel); the caller must be one of them. */
    async channel(actor: Actor, userIdOne: number, userIdTwo: number) {
      if (userIdOne === userIdTwo) throw new BadRequestError('chatSameUser', 'userIdTwo');
      if (actor.id !== userIdOne && actor.id !== userIdTwo) throw new ForbiddenError('chatNotYours');
      const people = await chat.users([userIdOne, userIdTwo]);
      const one = people.find((u) => u.id === userIdOne);
      const two = people.find((u) => u.id === userIdTwo);
      if (!one) throw new BadRequestError('chatUserNotFound', 'userIdOne');
      if (!two) throw new BadRequestError('chatUserNotFound', 'userIdTwo');
      if (!isStaff(one.roles) && !isStaff(two.roles)) throw new ForbiddenError('chatNotAllowed');
      const channelUuid = await chat.channelOf(one.id, two.id);
      return { channelUuid, userOneFullName: one.name, userTwoFullName: two.name };
    },

    async messages(actor: Actor, uuid: string, before: number | undefined, limit: number) {
      await mine(actor, uuid);
      return chat.messages(uuid, before, limit);
    },

    /** Stores a message (at most 4,000 characters, not blank): it is then delivered. */
    async send(actor: Actor, uuid: string, contents: string) {
      const channel = await mine(actor, uuid);
      const [other] = await chat.users([channel.other]);
      if (!other) throw new NotFoundError('chatUserNotFound');
      if (!isStaff(rolesOf(actor)) && !isStaff((other as ChatUser).roles)) throw new ForbiddenError('chatNotAllowed');
      return chat.add({
        channel: uuid,
        fromUserId: actor.id,
        toUserId: channel.other,
        contents,
        sentAt: new Date(deps.now()),
      });
    },

    async read(actor: Actor, uuid: string, lastReadId: number) {
      await mine(actor, uuid);
      await chat.read(uuid, actor.id, lastReadId);
      return { unread: await chat.unreadTotal(actor.id) };
    },

    contacts: (actor: Actor, q: string | undefined) => chat.contacts(actor.id, !isStaff(rolesOf(actor)), q),

    unread: async (actor: Actor) => ({ unread: await chat.unreadTotal(actor.id) }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
