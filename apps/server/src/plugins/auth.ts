import fjwt from '@fastify/jwt';
import { type Capability, type CurrentUser, can } from '@it4u/shared';
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
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
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

type Cached = { row: PrincipalRow; at: number };

function toPrincipal(row: PrincipalRow, sessionId: string): Principal {
  return { ...toCurrentUser(row), sessionId };
}

export async function registerAuth(app: FastifyInstance, jwtKey: Buffer, sessions: SessionRepository): Promise<void> {
  await app.register(fjwt, {
    secret: jwtKey,
    sign: { expiresIn: '15m', algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], cache: 10_000 },
  });
  app.decorateRequest('principal', null as unknown as Principal);
  const cache = new Map<string, Cached>();
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });

  async function load(sid: string): Promise<PrincipalRow | undefined> {
    const hit = cache.get(sid);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.row;
    const row = await sessions.loadPrincipal(sid);
    if (cache.size >= CACHE_MAX) cache.clear();
    if (row) cache.set(sid, { row, at: Date.now() });
    else cache.delete(sid);
    return row;
  }

  app.decorate('auth', (capability?: Capability) => async (request: FastifyRequest) => {
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw new UnauthorizedError('Your session has expired. Please sign in again.');
    }
    const row = await load(claims.sid);
    if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now() || String(row.id) !== claims.sub) {
      throw new UnauthorizedError('Your session has ended. Please sign in again.');
    }
    if (row.status !== 'Active') throw new UnauthorizedError('Your account is not active.', { reason: 'inactive' });
    request.principal = toPrincipal(row, claims.sid);
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

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
