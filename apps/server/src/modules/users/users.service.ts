import { type CurrentUser, can, type RoleName } from '@it4u/shared';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation, violatedConstraint } from '../../lib/sql.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SessionRepository } from '../auth/auth.repository.ts';
import type { SitesRepository } from '../sites/sites.repository.ts';
import { resolveSiteIds } from '../sites/sites.service.ts';
import type { NewUser, UsersRepository } from './users.repository.ts';

export const PASSWORDS_DIFFER = 'Two passwords that you enter is inconsistent!';
export const USERNAME_TAKEN = 'Username is already taken!';
export const EMAIL_TAKEN = 'Email Address already in use!';

export type Actor = CurrentUser & { sessionId: string };
export type Ctx = { ip: string };

export type UserInput = {
  name: string;
  username: string;
  email: string;
  gender: CurrentUser['gender'];
  language: CurrentUser['language'];
  type: CurrentUser['type'];
  roles?: RoleName[];
  sitename?: string[];
};

const roleNames = (u: { roles: { name: string }[] }) => u.roles.map((r) => r.name);

/** The fields the add and edit dialogs share, trimmed. */
const profileOf = (input: UserInput) => ({
  name: input.name.trim(),
  username: input.username.trim(),
  email: input.email.trim(),
  gender: input.gender,
  language: input.language,
  type: input.type,
});

type Deps = { users: UsersRepository; sessions: SessionRepository; audit: AuditRepository; sites: SitesRepository };

export function createUsersService({ users, sessions, audit, sites }: Deps) {
  function rolesFor(input: { type: string; roles?: RoleName[] }): RoleName[] {
    if (input.type === 'Client') return ['ROLE_KH'];
    const roles = [...new Set(input.roles ?? [])];
    if (roles.length === 0) throw new BadRequestError('Please select at least one role.', 'roles');
    return roles;
  }

  /** Only an administrator may grant ROLE_ADMIN or touch an administrator's account. */
  function assertMayAdminister(actor: Actor, targetRoles: string[], newRoles?: string[]) {
    const actorIsAdmin = roleNames(actor).includes('ROLE_ADMIN');
    if (actorIsAdmin) return;
    if (targetRoles.includes('ROLE_ADMIN') || newRoles?.includes('ROLE_ADMIN')) {
      throw new ForbiddenError('Only an administrator may manage administrator accounts.');
    }
  }

  function conflict(err: unknown): never {
    if (isUniqueViolation(err)) {
      const c = violatedConstraint(err);
      if (c.includes('email')) throw new ConflictError(EMAIL_TAKEN, 'email');
      throw new ConflictError(USERNAME_TAKEN, 'username');
    }
    throw err;
  }

  async function mustGet(id: number) {
    const row = await users.getRow(id);
    if (!row) throw new NotFoundError('User not found.');
    return row;
  }

  return {
    list: (q: string | undefined, page: number, pageSize: number) =>
      users.list({ q, offset: (page - 1) * pageSize, limit: pageSize }),

    get: mustGet,

    async create(input: UserInput & { password: string; confirmPassword: string }, actor: Actor, ctx: Ctx) {
      if (input.password !== input.confirmPassword) throw new BadRequestError(PASSWORDS_DIFFER, 'confirmPassword');
      const roles = rolesFor(input);
      assertMayAdminister(actor, [], roles);
      const ids = (await resolveSiteIds(sites, input.sitename)) ?? [];
      const values: NewUser = {
        ...profileOf(input),
        roles,
        status: 'Active',
        passwordHash: await hashPassword(input.password),
        changePw: false,
      };
      const id = await users.insert(values, ids).catch(conflict);
      await audit.record({
        event: 'user.create',
        actorId: actor.id,
        actorName: actor.username,
        target: values.username,
        ip: ctx.ip,
        details: { roles, type: input.type },
      });
      return mustGet(id);
    },

    async update(id: number, input: UserInput & { status: CurrentUser['status'] }, actor: Actor, ctx: Ctx) {
      const before = await mustGet(id);
      const roles = rolesFor(input);
      assertMayAdminister(actor, roleNames(before), roles);
      if (id === actor.id && input.status !== 'Active') {
        throw new BadRequestError('You cannot block your own account.', 'status');
      }
      if (id === actor.id && !can(roles, 'userAdmin')) {
        throw new BadRequestError('You cannot remove your own right to manage users.', 'roles');
      }
      const ids = await resolveSiteIds(sites, input.sitename);
      await users.update(id, { ...profileOf(input), roles, status: input.status }, ids).catch(conflict);
      const who = { actorId: actor.id, actorName: actor.username, target: before.username, ip: ctx.ip };
      const oldRoles = roleNames(before);
      if (oldRoles.join(',') !== roles.join(',')) {
        await audit.record({ ...who, event: 'user.roles', details: { from: oldRoles, to: roles } });
      }
      if (before.status !== input.status) {
        await audit.record({ ...who, event: 'user.status', details: { from: before.status, to: input.status } });
        if (input.status !== 'Active') {
          const n = await sessions.revokeAllOfUser(id);
          await audit.record({ ...who, event: 'session.revoke', details: { reason: 'blocked', sessions: n } });
        }
      }
      return mustGet(id);
    },

    async remove(id: number, actor: Actor, ctx: Ctx) {
      if (id === actor.id) throw new BadRequestError('You cannot delete your own account.', 'id');
      const before = await mustGet(id);
      assertMayAdminister(actor, roleNames(before));
      await users.delete(id);
      await audit.record({
        event: 'user.delete',
        actorId: actor.id,
        actorName: actor.username,
        target: before.username,
        ip: ctx.ip,
      });
    },

    async resetPassword(id: number, input: { newPassword: string; confirmPassword: string }, actor: Actor, ctx: Ctx) {
      if (input.newPassword !== input.confirmPassword) throw new BadRequestError(PASSWORDS_DIFFER, 'confirmPassword');
      const before = await mustGet(id);
      assertMayAdminister(actor, roleNames(before));
      await users.update(id, { passwordHash: await hashPassword(input.newPassword), changePw: id !== actor.id });
      const n = await sessions.revokeAllOfUser(id, id === actor.id ? actor.sessionId : undefined);
      await audit.record({
        event: 'password.reset',
        actorId: actor.id,
        actorName: actor.username,
        target: before.username,
        ip: ctx.ip,
        details: { sessionsRevoked: n },
      });
    },

    async updateProfile(
      me: Actor,
      input: Partial<Pick<UserInput, 'username' | 'email' | 'gender' | 'language'>>,
    ): Promise<CurrentUser> {
      const values: Partial<NewUser> = {};
      if (input.username !== undefined) values.username = input.username.trim();
      if (input.email !== undefined) values.email = input.email.trim();
      if (input.gender !== undefined) values.gender = input.gender;
      if (input.language !== undefined) values.language = input.language;
      await users.update(me.id, values).catch(conflict);
      const { lastTimeLogin: _l, numLogin: _n, ...current } = await mustGet(me.id);
      return current;
    },

    async changeOwnPassword(
      me: Actor,
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
      ctx: Ctx,
    ) {
      if (input.newPassword !== input.confirmPassword) throw new BadRequestError(PASSWORDS_DIFFER, 'confirmPassword');
      const record = await users.findById(me.id);
      if (!record || !(await verifyPassword(record.passwordHash, input.currentPassword))) {
        await audit.record({ event: 'password.change.failure', actorId: me.id, actorName: me.username, ip: ctx.ip });
        throw new BadRequestError('Your current password is incorrect.', 'currentPassword');
      }
      if (input.newPassword === input.currentPassword) {
        throw new BadRequestError('The new password must differ from the current one.', 'newPassword');
      }
      await users.update(me.id, { passwordHash: await hashPassword(input.newPassword), changePw: false });
      const n = await sessions.revokeAllOfUser(me.id, me.sessionId);
      await audit.record({
        event: 'password.change',
        actorId: me.id,
        actorName: me.username,
        target: me.username,
        ip: ctx.ip,
        details: { otherSessionsRevoked: n },
      });
    },

    recordLogin: (me: Actor) => users.recordLogin(me.id),

    online: (since: Date) => users.online(since),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
