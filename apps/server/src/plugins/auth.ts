import { ACCESS_TOKEN_TTL_S, type Capability, type CurrentUser, can } from '@it4u/shared';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { PrincipalRow, SessionRepository } from '../modules/auth/auth.repository.ts';
import { toCurrentUser } from '../modules/users/users.repository.ts';

export type Principal = CurrentUser & { sessionId: string };

export type TokenClaims = { sub: string; sid: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays open to a user who must still change a generated or reset password. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token of a live session, and the capability when named. */
    auth(capability?: Capability): (request: FastifyRequest) => Promise<void>;
    /** Signs an access token (HS256, 15 minutes). */
    signAccessToken(claims: TokenClaims): string;
  }
}

const TOUCH_EVERY_MS = 60_000;
/**
 * Sessions with their users are cached per instance for a moment: every authenticated request needs them, and
 * most requests are reads. Any write (POST, PUT, DELETE) through this instance, even a refused one, empties the
 * cache, so a logout, a block or a role change here counts at once; another instance sees it within CACHE_TTL_MS
 * (docs/decisions.md).
 */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX = 10_000;

type Cached = { row: PrincipalRow; principal: Principal; at: number };

function toPrincipal(row: PrincipalRow, sessionId: string): Principal {
  return { ...toCurrentUser(row), sessionId };
}

export function registerAuth(app: FastifyInstance, jwtKey: Buffer, sessions: SessionRepository): void {
  // fast-jwt directly, signer and verifier made once (docs/decisions.md); verified tokens are cached.
  const sign = createSigner({ key: jwtKey, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_S * 1000 });
  const verify = createVerifier({ key: jwtKey, algorithms: ['HS256'], cache: 10_000 });
  app.decorate('signAccessToken', (claims: TokenClaims) => sign(claims));
  app.decorateRequest('principal', null as unknown as Principal);
  const cache = new Map<string, Cached>();
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });

  async function load(sid: string): Promise<Cached | undefined> {
    const hit = cache.get(sid);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit;
    const row = await sessions.loadPrincipal(sid);
    if (cache.size >= CACHE_MAX) cache.clear();
    if (!row) {
      cache.delete(sid);
      return undefined;
    }
    const entry = { row, principal: toPrincipal(row, sid), at: Date.now() };
    cache.set(sid, entry);
    return entry;
  }

  app.decorate('auth', (capability?: Capability) => async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    let claims: TokenClaims;
    try {
      if (!header?.startsWith('Bearer ')) throw new Error('no bearer token');
      claims = verify(header.slice(7));
      if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw new Error('bad claims');
    } catch {
      throw new UnauthorizedError('Your session has expired. Please sign in again.');
    }
    const entry = await load(claims.sid);
    const row = entry?.row;
    if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now() || String(row.id) !== claims.sub) {
      throw new UnauthorizedError('Your session has ended. Please sign in again.');
    }
    if (row.status !== 'Active') throw new UnauthorizedError('Your account is not active.', { reason: 'inactive' });
    request.principal = entry.principal;
    if (row.change_pw && !request.routeOptions.config.allowPendingPasswordChange) {
      throw new ForbiddenError('You must change your password first.', { reason: 'changePassword' });
    }
    if (capability && !can(row.roles, capability)) throw new ForbiddenError();
    if (Date.now() - new Date(row.last_used_at).getTime() > TOUCH_EVERY_MS) {
      row.last_used_at = new Date();
      await sessions.touch(claims.sid);
    }
  });
}
