import { randomUUID } from 'node:crypto';
import { PRESENCE_BEAT_MS } from '@it4u/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Area, Core } from '../../lib/module.ts';
import type { UserDirectory } from '../users/users.module.ts';
import { createChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { chatSockets } from './chat.sockets.ts';

/** The private chat between staff, and between a customer and staff, with presence and 'typing…'. */
export function chatModule(
  core: Core,
  deps: {
    /** the users area's people */
    people: UserDirectory;
    now?: () => number;
    log: () => FastifyBaseLogger;
  },
) {
  const service = createChatService({
    chat: createChatRepository(core.db),
    people: deps.people,
    realtime: core.realtime,
    instance: randomUUID(),
    now: deps.now ?? Date.now,
  });
  const routes: Area['routes'] = async (api) => chatRoutes(api, { chat: service });
  const sockets: Area['sockets'] = chatSockets({ chat: service, realtime: core.realtime, log: deps.log });
  let timer: ReturnType<typeof setInterval> | undefined;
  const presence = {
    async start() {
      timer = setInterval(
        () => void service.beat().catch((err: unknown) => deps.log().warn({ err }, 'chat: presence not renewed')),
        PRESENCE_BEAT_MS,
      );
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await service.stop().catch((err: unknown) => deps.log().warn({ err }, 'chat: presence not ended'));
    },
  };
  return { service, routes, sockets, jobs: [presence] };
}
