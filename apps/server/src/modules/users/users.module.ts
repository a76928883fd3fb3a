import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Area, Core } from '../../lib/module.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createSessionRepository, type SessionRepository } from './sessions.repository.ts';
import { createLoginNotices } from './users.notices.ts';
import {
  createUsersRepository,
  type DirectoryEntry,
  type Person,
  type UserRecord,
  type UsersRepository,
} from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

/** An account as sign-in and a password reset read it. */
export type SigninAccount = Pick<
  UserRecord,
  'id' | 'name' | 'username' | 'email' | 'language' | 'status' | 'changePw' | 'passwordHash'
>;

/**
 * What the sign-in side of the console (the auth area, the auth check of every request, the terminal) uses of the
 * users area: the account a sign-in name names, the sessions a sign-in opens, refreshes and ends, sign-up, and a new
 * password from a reset link. Ending a session through it also closes its sockets.
 */
export type UserAccounts = {
  /** the account a username or e-mail address (in lower case) signs in, a username before an address */
  byLogin(lowerKey: string): Promise<SigninAccount | undefined>;
  sessions: Pick<SessionRepository, 'create' | 'find' | 'advance' | 'revoke' | 'load' | 'touch'>;
  /** a new account from the sign-up route (the same rules as an administrator's) */
  signup: UsersService['create'];
  checkNewPassword: UsersService['checkNewPassword'];
  setPasswordFromLink: UsersService['setPasswordFromLink'];
};

export type { DirectoryEntry, Person };

/** What other areas (the chat) read of users: people by id, and the active users to pick from. */
export type UserDirectory = {
  byIds(ids: number[]): Promise<Person[]>;
  /** the active users but `exceptId`, with their first site; only staff when `staffOnly`; matching `text` when given */
  active(exceptId: number, staffOnly: boolean, text: string): Promise<DirectoryEntry[]>;
};

const directoryOf = (users: UsersRepository): UserDirectory => ({ byIds: users.people, active: users.directory });

/** The directory of users of a database, for a service made apart from the app (tests). */
export const createUserDirectory = (db: Core['db']): UserDirectory => directoryOf(createUsersRepository(db));

/** Users, their roles and sites, profiles, passwords and sessions. */
export function usersModule(
  core: Core,
  deps: {
    sites: SitesService;
    /** the mail area (made after this one), for the notice of a changed e-mail address or username */
    mail?: () => MailService;
    log?: () => FastifyBaseLogger;
    /** the auth area's (made after this one): ends a user's open reset links within a change's transaction */
    endResetLinks?: () => (userId: number, tx: Db) => Promise<unknown>;
  },
) {
  const repository = createUsersRepository(core.db);
  const stored = createSessionRepository(core.db);
  // an ended session's sockets close at once, on every instance
  const sessions: typeof stored = {
    ...stored,
    async revoke(id) {
      await stored.revoke(id);
      core.realtime.endSession(id);
    },
    async revokeAllOfUser(userId, exceptId, within) {
      const n = await stored.revokeAllOfUser(userId, exceptId, within);
      core.realtime.endUser(userId, exceptId);
      return n;
    },
  };
  const notices = deps.mail && createLoginNotices(deps.mail);
  const service = createUsersService({
    users: repository,
    sessions,
    audit: core.audit,
    sites: deps.sites,
    endResetLinks: (userId, tx) => deps.endResetLinks?.()(userId, tx) ?? Promise.resolve(),
    // sent after the answer; what became of it is in the mail log (never the mail's text in the server's log)
    notify: (change) =>
      void notices
        ?.send(change)
        .catch((err: unknown) => deps.log?.().warn({ err }, 'a sign-in details notice could not be sent')),
  });
  const accounts: UserAccounts = {
    byLogin: repository.findByLogin,
    sessions: {
      create: sessions.create,
      find: sessions.find,
      advance: sessions.advance,
      revoke: sessions.revoke,
      load: sessions.load,
      touch: sessions.touch,
    },
    signup: service.create,
    checkNewPassword: service.checkNewPassword,
    setPasswordFromLink: service.setPasswordFromLink,
  };
  const routes: Area['routes'] = async (api) => usersRoutes(api, { users: service });
  const forSearch = { searchFolded: repository.searchFolded };
  return { service, accounts, directory: directoryOf(repository), routes, forSearch };
}
