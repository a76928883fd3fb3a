import type { Area, Core } from '../../lib/module.ts';
import { createChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';

/** The private chat between staff, and between a customer and staff. */
export function chatModule(core: Core, deps: { now?: () => number }) {
  const service = createChatService({ chat: createChatRepository(core.db), now: deps.now ?? Date.now });
  const routes: Area['routes'] = async (api) => chatRoutes(api, { chat: service });
  return { service, routes };
}
