import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createSessionRepository } from './sessions.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Users, their roles and sites, profiles, passwords and sessions. */
export function usersModule(core: Core, deps: { sites: SitesService }) {
  const repository = createUsersRepository(core.db);
  const stored = createSessionRepository(core.db);
  // an ended session's sockets close at once, on every instance
  const sessions: typeof stored = {
    ...stored,
    async revoke(id) {
      await stored.revoke(id);
      core.realtime.endSession(id);
    },
    async revokeAllOfUser(userId, exceptId) {
      const n = await stored.revokeAllOfUser(userId, exceptId);
      core.realtime.endUser(userId, exceptId);
      return n;
    },
  };
  const service = createUsersService({ users: repository, sessions, audit: core.audit, sites: deps.sites });
  const routes: Area['routes'] = async (api) => usersRoutes(api, { users: service });
  return { repository, sessions, service, routes };
}
