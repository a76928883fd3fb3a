import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SigninAnswer, Tokens } from '@it4u/shared';
import type { Audit } from '../../lib/audit.ts';
import type { Origin, RequestContext } from '../../lib/context.ts';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import type { UserAccounts } from '../users/users.module.ts';

const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address that lock that address out of that account. */
const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures from one address, whatever the accounts, that lock the address out. */
const MAX_FAILURES_PER_ADDRESS = 20;
/** Failures of one account from all addresses after which each try of it waits (never locked for everyone). */
const SLOW_AFTER_ACCOUNT_FAILURES = 5;
const SLOW_STEP_MS = 500;
const SLOW_MAX_MS = 5_000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600_000;
const SESSION_TTL_MS = 12 * 3600_000;
/** The refresh token just replaced still works this long (two tabs refreshing at once get the same new one). */
export const REFRESH_GRACE_MS = 30_000;

/**
 * What the audit trail keeps of a name or address that is no account's: an HMAC of it under a key of the console's
 * (`unknown:` and 16 hex digits), never the text typed, where people sometimes type a password. The same text gives the
 * same mark, so failures of one typed name are still counted together (the throttle), and nobody can read it back.
 */
export function unknownIdentifier(key: Buffer, typed: string): string {
  return `unknown:${createHmac('sha256', key).update(typed).digest('hex').slice(0, 16)}`;
}

type Deps = {
  /** the users area's accounts and their sessions */
  accounts: UserAccounts;
  audit: Audit;
  signAccess: (claims: { sub: string; sid: string }) => string;
  /** HMAC key of refresh tokens */
  refreshKey: Buffer;
  /** HMAC key of the marks that stand for unknown sign-in names in the audit trail */
  identifierKey: Buffer;
  /** waits before checking a password of an account under attack (tests pass their own) */
  pause?: (ms: number) => Promise<void>;
  /** a user signed in: their other open sessions are told, and go to /logined */
  onSignedIn?: (userId: number, sessionId: string) => void;
  /** a sign-in was refused, and why (counted in /metrics) */
  onRefused?: (reason: 'wrongCredentials' | 'throttled' | 'inactive') => void;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAuthService({
  accounts,
  audit,
  signAccess,
  refreshKey,
  identifierKey,
  pause = sleep,
  onSignedIn = () => {},
  onRefused = () => {},
}: Deps) {
  const { sessions } = accounts;
  /** The refresh token of a session at a counter: `<session id>.<counter>.<HMAC of both>`; nothing of it is stored. */
  function refreshTokenOf(sid: string, counter: number): string {
    const mac = createHmac('sha256', refreshKey).update(`${sid}.${counter}`).digest('base64url');
    return `${sid}.${counter}.${mac}`;
  }

  /** The session id and counter of a refresh token this server made, or undefined for anything else. */
  function parseRefreshToken(token: string): { sid: string; counter: number } | undefined {
    const m = /^([0-9a-f-]{36})\.(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return undefined;
    const [, sid, n, mac] = m as unknown as [string, string, string, string];
    const expected = Buffer.from(refreshTokenOf(sid, Number(n)).split('.')[2] as string);
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { sid, counter: Number(n) }
      : undefined;
  }

  function issue(userId: number, sid: string, counter: number): Tokens {
    return { accessToken: signAccess({ sub: String(userId), sid }), refreshToken: refreshTokenOf(sid, counter) };
  }

  return {
    /** Tokens for a right password, and whether the password must be changed first (set by an administrator). */
    async signin(
      input: { usernameOrEmail: string; password: string; remember?: boolean },
      origin: Origin,
    ): Promise<SigninAnswer> {
      const key = input.usernameOrEmail.trim().toLowerCase();
      const user = await accounts.byLogin(key);
      const target = user ? user.username.toLowerCase() : unknownIdentifier(identifierKey, key);
      // The attempt is recorded as a failure before anything is checked, and counted with the others: tries made
      // in parallel cannot all slip under the limits. It is taken back when the password is right.
      const attempt = await audit.record('signin.failure', origin, { target });
      const since = new Date(Date.now() - FAILURE_WINDOW_MS);
      const [fromHere, byAddress, byAccount] = await Promise.all([
        audit.countSince('signin.failure', since, { target, ip: origin.ip }),
        audit.countSince('signin.failure', since, { ip: origin.ip }),
        audit.countSince('signin.failure', since, { target }),
      ]);
      // One address guessing an account, or guessing many, is locked out; the owner from another address is not.
      if (fromHere > MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS || byAddress > MAX_FAILURES_PER_ADDRESS) {
        await audit.rename(attempt, 'signin.throttled');
        onRefused('throttled');
        throw new TooManyRequestsError('tooManyAttempts');
      }
      // An account guessed at from many addresses is slowed for every address instead.
      if (byAccount > SLOW_AFTER_ACCOUNT_FAILURES) {
        await pause(Math.min(SLOW_MAX_MS, (byAccount - SLOW_AFTER_ACCOUNT_FAILURES) * SLOW_STEP_MS));
      }
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyHash(), input.password).then(() => false);
      if (!user || !ok) {
        onRefused('wrongCredentials');
        throw new UnauthorizedError('wrongCredentials');
      }
      await audit.remove(attempt);
      const who = { ...origin, actor: { id: user.id, username: user.username } };
      if (user.status !== 'Active') {
        await audit.record('signin.inactive', who, { target });
        onRefused('inactive');
        throw new ForbiddenError('accountInactive', { reason: 'inactive' });
      }
      const sid = randomUUID();
      const remember = input.remember ?? false;
      await sessions.create({
        id: sid,
        userId: user.id,
        remember,
        ip: origin.ip,
        userAgent: origin.userAgent,
        expiresAt: new Date(Date.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)),
      });
      await audit.record('signin.success', who, { target });
      onSignedIn(user.id, sid);
      return { ...issue(user.id, sid, 0), changePw: user.changePw };
    },

    /**
     * New tokens for the session's live refresh token. The token just replaced is still taken for a moment (two
     * tabs refreshing at once both get the new one); a real earlier token of the session presented again means a
     * copy was stolen, and ends the session. Knowing a session id alone does nothing: the token is signed.
     */
    async refresh(refreshToken: string, origin: Origin): Promise<Tokens & { remember: boolean }> {
      const invalid = new UnauthorizedError('sessionEnded');
      const parsed = parseRefreshToken(refreshToken);
      if (!parsed) throw invalid;
      const { sid, counter } = parsed;
      for (let attempt = 0; attempt < 2; attempt++) {
        const session = await sessions.find(sid);
        if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now()) throw invalid;
        const ttl = session.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
        if (counter === session.refreshCounter) {
          if (await sessions.advance(sid, counter, new Date(Date.now() + ttl))) {
            return { ...issue(session.userId, sid, counter + 1), remember: session.remember };
          }
          continue; // another refresh won the race: look again
        }
        const justReplaced =
          counter === session.refreshCounter - 1 &&
          session.rotatedAt !== null &&
          Date.now() - session.rotatedAt.getTime() < REFRESH_GRACE_MS;
        if (justReplaced) return { ...issue(session.userId, sid, session.refreshCounter), remember: session.remember };
        if (counter < session.refreshCounter) {
          await sessions.revoke(sid);
          await audit.record('session.reuse', { ...origin, actor: { id: session.userId } }, { target: sid });
        }
        throw invalid;
      }
      throw invalid;
    },

    async logout(ctx: RequestContext) {
      await sessions.revoke(ctx.actor.sessionId);
      await audit.record('session.logout', ctx, { target: ctx.actor.sessionId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
