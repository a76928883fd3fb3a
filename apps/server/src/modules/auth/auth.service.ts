import { randomUUID } from 'node:crypto';
import type { Tokens } from '@it4u/shared';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { SessionRepository } from './auth.repository.ts';

export const WRONG_CREDENTIALS = 'Your Username or Password is incorrect. Please try again!';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
const REMEMBER_TTL_MS = 30 * 24 * 3600_000;
const SESSION_TTL_MS = 12 * 3600_000;

export type RequestContext = { ip: string; userAgent: string | null };

type Deps = {
  sessions: SessionRepository;
  users: UsersRepository;
  audit: AuditRepository;
  signAccess: (claims: { sub: string; sid: string }) => string;
};

export function createAuthService({ sessions, users, audit, signAccess }: Deps) {
  function issue(userId: number, sid: string, refreshToken: string): Tokens {
    return { accessToken: signAccess({ sub: String(userId), sid }), refreshToken };
  }

  return {
    async signin(input: { usernameOrEmail: string; password: string; remember?: boolean }, ctx: RequestContext) {
      const key = input.usernameOrEmail.trim().toLowerCase();
      const user = await users.findByLogin(key);
      const target = user ? user.username.toLowerCase() : key;
      const since = new Date(Date.now() - FAILURE_WINDOW_MS);
      const [byAccount, byAddress] = await Promise.all([
        audit.countSince('signin.failure', since, { target }),
        audit.countSince('signin.failure', since, { ip: ctx.ip }),
      ]);
      if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS) {
        await audit.record({ event: 'signin.throttled', target, ip: ctx.ip });
        throw new TooManyRequestsError(TOO_MANY_ATTEMPTS);
      }
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyHash(), input.password).then(() => false);
      if (!user || !ok) {
        await audit.record({ event: 'signin.failure', target, ip: ctx.ip });
        throw new UnauthorizedError(WRONG_CREDENTIALS);
      }
      if (user.status !== 'Active') {
        await audit.record({
          event: 'signin.inactive',
          actorId: user.id,
          actorName: user.username,
          target,
          ip: ctx.ip,
        });
        throw new ForbiddenError('Your account is not active. Please contact an administrator.', {
          reason: 'inactive',
        });
      }
      const sid = randomUUID();
      const refreshToken = `${sid}.${randomToken()}`;
      const remember = input.remember ?? false;
      await sessions.create({
        id: sid,
        userId: user.id,
        refreshHash: sha256(refreshToken),
        remember,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
        expiresAt: new Date(Date.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)),
      });
      await audit.record({ event: 'signin.success', actorId: user.id, actorName: user.username, target, ip: ctx.ip });
      return issue(user.id, sid, refreshToken);
    },

    async refresh(refreshToken: string, ctx: RequestContext): Promise<Tokens> {
      const sid = refreshToken.split('.')[0] ?? '';
      const invalid = new UnauthorizedError('Your session has ended. Please sign in again.');
      if (!/^[0-9a-f-]{36}$/.test(sid)) throw invalid;
      const session = await sessions.find(sid);
      if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now()) throw invalid;
      const presented = sha256(refreshToken);
      const next = `${sid}.${randomToken()}`;
      const ttl = session.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
      const rotated =
        presented === session.refreshHash &&
        (await sessions.rotate(sid, presented, sha256(next), new Date(Date.now() + ttl)));
      if (!rotated) {
        // A token that was already rotated away is being used again: someone holds a copy. End the session.
        await sessions.revoke(sid);
        await audit.record({ event: 'session.reuse', actorId: session.userId, target: sid, ip: ctx.ip });
        throw invalid;
      }
      return issue(session.userId, sid, next);
    },

    async logout(principal: { id: number; username: string; sessionId: string }, ctx: RequestContext) {
      await sessions.revoke(principal.sessionId);
      await audit.record({
        event: 'session.logout',
        actorId: principal.id,
        actorName: principal.username,
        target: principal.sessionId,
        ip: ctx.ip,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
