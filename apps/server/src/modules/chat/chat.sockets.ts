import type { FastifyBaseLogger } from 'fastify';
import type { Realtime, RealtimeSocket } from '../../plugins/realtime.ts';
import { type ChatService, PRESENCE_ROOM, presenceRoomOf, STAFF_PRESENCE_ROOM } from './chat.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What one socket remembers of channels (their other person, when it last said 'typing'); forgotten past this. */
const REMEMBERED = 100;

/** The chat's part of each socket: presence while it is open, and 'typing…' passed to the other person. */
export function chatSockets(deps: { chat: ChatService; realtime: Realtime; log: () => FastifyBaseLogger }) {
  const { chat, realtime } = deps;
  const warn = (what: string) => (err: unknown) => deps.log().warn({ err }, what);
  return (socket: RealtimeSocket) => {
    const userId = socket.data.actor.id;
    void chat.connected(userId).catch(warn('chat: presence not recorded'));
    socket.on('disconnect', () => void chat.disconnected(userId).catch(warn('chat: absence not recorded')));

    // a people list on screen is told who comes and goes: whom it may see, as GET /user/online says (a customer
    // is told of staff only)
    socket.on('presence:watch', (on, done) => {
      const joined =
        on === true
          ? Promise.resolve(socket.join(presenceRoomOf(socket.data.actor)))
          : Promise.all([PRESENCE_ROOM, STAFF_PRESENCE_ROOM].map((room) => socket.leave(room)));
      void joined.then(() => {
        if (typeof done === 'function') done(on === true);
      }, warn('chat: presence watch not changed'));
    });

    const others = new Map<string, number | undefined>();
    const said = new Map<string, number>();
    socket.on('chat:typing', (event) => {
      const uuid: unknown = (event as { channelUuid?: unknown } | undefined)?.channelUuid;
      if (typeof uuid !== 'string' || !UUID.test(uuid)) return;
      const at = Date.now();
      if ((said.get(uuid) ?? 0) > at - chat.typingEveryMs) return;
      if (said.size >= REMEMBERED) said.clear();
      said.set(uuid, at);
      const tell = (other: number | undefined) => {
        if (other !== undefined) realtime.toUser(other, 'chat:typing', { channelUuid: uuid, userId });
      };
      if (others.has(uuid)) return tell(others.get(uuid));
      chat.otherOf(userId, uuid).then((other) => {
        if (others.size >= REMEMBERED) others.clear();
        others.set(uuid, other);
        tell(other);
      }, warn('chat: typing not passed on'));
    });
  };
}
