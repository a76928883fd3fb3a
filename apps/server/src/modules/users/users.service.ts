// Over 300 lines: the rules of accounts for the administrators' list and for the own account, which share the same checks of names, roles, sites and passwords.
import { type CurrentUser, can, type RoleName } from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import { type Audit, changes } from '../../lib/audit.ts';
import { type Actor, isAdministrator, type Origin, type RequestContext, seesAllSites } from '../../lib/context.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation, violatedConstraint } from '../../lib/sql.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { SessionRepository } from './sessions.repository.ts';
import type { LoginChange } from './users.notices.ts';
import type { NewUser, UserRecord, UsersRepository } from './users.repository.ts';

/** Wrong current passwords of one account (a password change, a new e-mail address or username) in the window … */
const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;
/** … after which the next tries answer 429 until the window passes (as sign-in). */
const MAX_WRONG_CURRENT = 5;

/** A role as the API returns it ({name}) or as a plain name. */
type RoleRef = RoleName | { name: RoleName };
/** A site as the API returns it ({sitename, idname}) or as its short name. */
type SiteRef = string | { idname: string };

export type UserInput = {
  name: string;
  username: string;
  email: string;
  gender: CurrentUser['gender'];
  language: CurrentUser['language'];
  type: CurrentUser['type'];
  roles?: RoleRef[];
  sitename?: SiteRef[];
};

const roleNames = (u: { roles: { name: string }[] }) => u.roles.map((r) => r.name);
const idnamesOf = (refs: SiteRef[] | undefined) => refs?.map((s) => (typeof s === 'string' ? s : s.idname));

/** The fields the add and edit dialogs share, trimmed. */
const profileOf = (input: UserInput) => ({
  name: input.name.trim(),
  username: input.username.trim(),
  email: input.email.trim(),
  gender: input.gender,
  language: input.language,
  type: input.type,
});

type Deps = {
  users: UsersRepository;
  sessions: SessionRepository;
  audit: Audit;
  sites: SitesService;
  /** tells the address of before that the e-mail address or username changed (sent after the answer) */
  notify?: (change: LoginChange) => void;
  /**
   * ends every open password-reset link of a user, in the transaction of the change that calls for it (a password set,
   * an e-mail address changed, a block): the auth area's, which keeps the links
   */
  endResetLinks?: (userId: number, tx: Db) => Promise<unknown>;
};

export function createUsersService({
  users,
  sessions,
  audit,
  sites,
  notify = () => {},
  endResetLinks = async () => {},
}: Deps) {
  function rolesFor(input: { type: string; roles?: RoleRef[] }): RoleName[] {
    if (input.type === 'Client') return ['ROLE_KH'];
    const roles = [...new Set((input.roles ?? []).map((r) => (typeof r === 'string' ? r : r.name)))];
    if (roles.length === 0) throw new BadRequestError('rolesRequired', 'roles');
    return roles;
  }

  /** Only an administrator may grant ROLE_ADMIN or touch an administrator's account. */
  function assertMayAdminister(actor: Actor, targetRoles: string[], newRoles?: string[]) {
    if (isAdministrator(actor)) return;
    if (targetRoles.includes('ROLE_ADMIN') || newRoles?.includes('ROLE_ADMIN')) {
      throw new ForbiddenError('adminAccountsOnlyByAdmin');
    }
  }

  /**
   * One sign-in name, one account: a username may not be another user's username or e-mail address, nor an
   * e-mail address another user's username (sign-in takes either).
   */
  /** A new or changed username may not hold an @ (an older one that has one is kept as it is). */
  function assertUsernameShape(username: string | undefined, before?: string) {
    if (username !== undefined && username !== before && username.includes('@')) {
      throw new BadRequestError('usernameLooksLikeEmail', 'username');
    }
  }

  async function assertLoginsFree(values: { username?: string; email?: string }, exceptId?: number) {
    const clash = await users.loginClash(values, exceptId);
    if (clash === 'username') throw new ConflictError('usernameTaken', 'username');
    if (clash === 'email') throw new ConflictError('emailTaken', 'email');
  }

  async function assertStrong(password: string, field: string, account: string[]) {
    if (await isCommonPassword(password, account)) throw new BadRequestError('commonPassword', field);
  }

  function conflict(err: unknown): never {
    if (isUniqueViolation(err)) {
      if (violatedConstraint(err).includes('email')) throw new ConflictError('emailTaken', 'email');
      throw new ConflictError('usernameTaken', 'username');
    }
    throw err;
  }

  /**
   * The caller's current password, limited as sign-in is: each try is recorded as a failure before the check and
   * counted with the others (taken back when the password is right, so only that try is undone), and past five wrong
   * ones of the account in 15 minutes every try answers 429 until the window passes. A stolen access token thus
   * cannot guess its way to the password, nor change the e-mail address or username without it.
   */
  async function assertCurrentPassword(record: UserRecord, given: string | undefined, ctx: RequestContext) {
    if (given === undefined) throw new BadRequestError('currentPasswordRequired', 'currentPassword');
    const target = record.username;
    const attempt = await audit.record('password.check.failure', ctx, { target });
    const since = new Date(Date.now() - WRONG_CURRENT_WINDOW_MS);
    if ((await audit.countSince('password.check.failure', since, { target })) > MAX_WRONG_CURRENT) {
      await audit.rename(attempt, 'password.check.throttled');
      throw new TooManyRequestsError('tooManyPasswordTries', { minutes: WRONG_CURRENT_WINDOW_MS / 60_000 });
    }
    if (!(await verifyPassword(record.passwordHash, given))) {
      throw new BadRequestError('wrongCurrentPassword', 'currentPassword');
    }
    await audit.remove(attempt);
  }

  async function mustGet(id: number) {
    const row = await users.getRow(id);
    if (!row) throw new NotFoundError('userNotFound');
    return row;
  }

  return {
    list: (q: string | undefined, page: number, pageSize: number) =>
      users.list({ q, offset: (page - 1) * pageSize, limit: pageSize }),

    get: mustGet,

    async create(input: UserInput & { password: string; confirmPassword: string }, ctx: RequestContext) {
      if (input.password !== input.confirmPassword) throw new BadRequestError('passwordsDiffer', 'confirmPassword');
      const roles = rolesFor(input);
      assertMayAdminister(ctx.actor, [], roles);
      const profile = profileOf(input);
      assertUsernameShape(profile.username);
      await assertStrong(input.password, 'password', [profile.username, profile.email]);
      await assertLoginsFree(profile);
      const ids = (await sites.idsOf(idnamesOf(input.sitename))) ?? [];
      const values: NewUser = {
        ...profile,
        roles,
        status: 'Active',
        passwordHash: await hashPassword(input.password),
        // a password an administrator chose is known to them: its owner sets their own at the first sign-in
        changePw: true,
      };
      const id = await users.insert(values, ids).catch(conflict);
      await audit.record('user.create', ctx, { target: values.username, details: { roles, type: input.type } });
      return mustGet(id);
    },

    async update(id: number, input: UserInput & { status: CurrentUser['status'] }, ctx: RequestContext) {
      const { actor } = ctx;
      const before = await mustGet(id);
      const roles = rolesFor(input);
      assertMayAdminister(actor, roleNames(before), roles);
      if (id === actor.id && input.status !== 'Active') throw new BadRequestError('cannotBlockSelf', 'status');
      if (id === actor.id && !can(roles, 'userAdmin')) throw new BadRequestError('cannotDropOwnUserAdmin', 'roles');
      const profile = profileOf(input);
      assertUsernameShape(profile.username, before.username);
      await assertLoginsFree(profile, id);
      const ids = await sites.idsOf(idnamesOf(input.sitename));
      // a block and the end of the user's sessions are one write: never blocked with sessions still open
      const blocked = before.status !== input.status && input.status !== 'Active';
      const oldRoles = roleNames(before);
      const sitesOf = (refs: SiteRef[] | undefined) => (idnamesOf(refs) ?? []).sort();
      const was = { ...profileOf(before), roles: oldRoles, status: before.status, sites: sitesOf(before.sitename) };
      const now = { ...profile, roles, status: input.status, sites: ids ? sitesOf(input.sitename) : was.sites };
      // a block or another e-mail address ends the reset links mailed before, in the same write
      const endsLinks = blocked || profile.email.toLowerCase() !== before.email.toLowerCase();
      const ended = await users
        .update(id, { ...profile, roles, status: input.status }, ids, async (tx) => {
          // the change and its line (the fields before and after) are one write
          const details = { changed: changes(was, now) };
          await audit.record('user.update', ctx, { target: before.username, details }, tx);
          if (endsLinks) await endResetLinks(id, tx);
          return blocked ? sessions.revokeAllOfUser(id, undefined, tx) : 0;
        })
        .catch(conflict);
      const facts = { target: before.username };
      if (oldRoles.join(',') !== roles.join(',')) {
        await audit.record('user.roles', ctx, { ...facts, details: { from: oldRoles, to: roles } });
      }
      if (before.status !== input.status) {
        await audit.record('user.status', ctx, { ...facts, details: { from: before.status, to: input.status } });
        if (blocked) {
          await audit.record('session.revoke', ctx, { ...facts, details: { reason: 'blocked', sessions: ended } });
        }
      }
      return mustGet(id);
    },

    async remove(id: number, ctx: RequestContext) {
      if (id === ctx.actor.id) throw new BadRequestError('cannotDeleteSelf', 'id');
      const before = await mustGet(id);
      assertMayAdminister(ctx.actor, roleNames(before));
      await users.delete(id);
      await audit.record('user.delete', ctx, { target: before.username });
    },

    async resetPassword(id: number, input: { newPassword: string; confirmPassword: string }, ctx: RequestContext) {
      if (input.newPassword !== input.confirmPassword) throw new BadRequestError('passwordsDiffer', 'confirmPassword');
      const before = await mustGet(id);
      assertMayAdminister(ctx.actor, roleNames(before));
      await assertStrong(input.newPassword, 'newPassword', [before.username, before.email]);
      const self = id === ctx.actor.id;
      // the new password and the end of the sessions it replaces are one write
      const n = await users.update(
        id,
        { passwordHash: await hashPassword(input.newPassword), changePw: !self },
        undefined,
        async (tx) => {
          await endResetLinks(id, tx);
          return sessions.revokeAllOfUser(id, self ? ctx.actor.sessionId : undefined, tx);
        },
      );
      await audit.record('password.reset', ctx, { target: before.username, details: { sessionsRevoked: n } });
    },

    /** Whether a password may be a user's new one (the usual rules); 400 naming newPassword when not. */
    async checkNewPassword(id: number, password: string) {
      const user = await mustGet(id);
      await assertStrong(password, 'newPassword', [user.username, user.email]);
    },

    /** A new password from a reset link (checked before): every session of the user ends. */
    async setPasswordFromLink(id: number, password: string, origin: Origin) {
      const user = await mustGet(id);
      const n = await users.update(
        id,
        { passwordHash: await hashPassword(password), changePw: false },
        undefined,
        async (tx) => {
          await endResetLinks(id, tx);
          return sessions.revokeAllOfUser(id, undefined, tx);
        },
      );
      await audit.record(
        'password.reset.link',
        { ...origin, actor: { id, username: user.username } },
        { target: user.username, details: { sessionsRevoked: n } },
      );
    },

    /**
     * The caller's own profile. A new e-mail address or username asks for the current password (a stolen access
     * token alone must not take the account over), and the address of before is told; the same values sent back
     * unchanged, the gender and the language ask for nothing.
     */
    async updateProfile(
      input: Partial<Pick<UserInput, 'username' | 'email' | 'gender' | 'language'>> & { currentPassword?: string },
      ctx: RequestContext,
    ): Promise<CurrentUser> {
      const { actor } = ctx;
      const record = await users.findById(actor.id);
      if (!record) throw new NotFoundError('userNotFound');
      const values: Partial<NewUser> = {};
      const username = input.username?.trim();
      const email = input.email?.trim();
      if (username !== undefined && username !== record.username) values.username = username;
      if (email !== undefined && email !== record.email) values.email = email;
      if (input.gender !== undefined) values.gender = input.gender;
      if (input.language !== undefined) values.language = input.language;
      assertUsernameShape(values.username, record.username);
      const loginChanges = values.username !== undefined || values.email !== undefined;
      if (loginChanges) await assertCurrentPassword(record, input.currentPassword, ctx);
      await assertLoginsFree(values, actor.id);
      await users
        .update(actor.id, values, undefined, async (tx) => {
          if (values.email !== undefined) await endResetLinks(actor.id, tx);
          return audit.record(
            'user.profile',
            ctx,
            { target: record.username, details: { changed: changes(record, values) } },
            tx,
          );
        })
        .catch(conflict);
      if (loginChanges) {
        const change: LoginChange = { before: record };
        if (values.email !== undefined) change.email = { from: record.email, to: values.email };
        if (values.username !== undefined) change.username = { from: record.username, to: values.username };
        await audit.record('user.login', ctx, {
          target: record.username,
          details: {
            ...(change.email && { email: change.email }),
            ...(change.username && { username: change.username }),
          },
        });
        notify(change);
      }
      const { lastTimeLogin: _l, numLogin: _n, ...current } = await mustGet(actor.id);
      return current;
    },

    async changeOwnPassword(
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
      ctx: RequestContext,
    ) {
      const { actor } = ctx;
      if (input.newPassword !== input.confirmPassword) throw new BadRequestError('passwordsDiffer', 'confirmPassword');
      const record = await users.findById(actor.id);
      if (!record) throw new NotFoundError('userNotFound');
      await assertCurrentPassword(record, input.currentPassword, ctx);
      if (input.newPassword === input.currentPassword) throw new BadRequestError('samePassword', 'newPassword');
      await assertStrong(input.newPassword, 'newPassword', [record.username, record.email]);
      const n = await users.update(
        actor.id,
        { passwordHash: await hashPassword(input.newPassword), changePw: false },
        undefined,
        async (tx) => {
          await endResetLinks(actor.id, tx);
          return sessions.revokeAllOfUser(actor.id, actor.sessionId, tx);
        },
      );
      await audit.record('password.change', ctx, { target: actor.username, details: { otherSessionsRevoked: n } });
    },

    recordLogin: (actor: Actor) => users.recordLogin(actor.id),

    /** Users online now; a customer sees staff only (never other customers). */
    online: (since: Date, actor: Actor) => users.online(since, seesAllSites(actor) ? 'everyone' : 'staff'),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
