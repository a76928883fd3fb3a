import { ACCESS_TOKEN_TTL_S } from '@it4u/shared';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Area, Core } from '../../lib/module.ts';
import type { SessionStore, TokenClaims } from '../../plugins/auth.ts';
import type { SessionRepository } from '../users/sessions.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

/**
 * Sign-in, refresh, logout and sign-up. It makes the access-token signer and verifier (fast-jwt directly, made
 * once: docs/decisions.md) that the auth check of every other route uses.
 */
export function authModule(
  core: Core,
  deps: { users: UsersRepository; usersService: UsersService; sessions: SessionRepository },
) {
  const key = core.key('jwt');
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_S * 1000 });
  const verifyAccess = createVerifier({ key, algorithms: ['HS256'], cache: 10_000 }) as (token: string) => TokenClaims;
  const service = createAuthService({
    sessions: deps.sessions,
    users: deps.users,
    audit: core.audit,
    signAccess: (claims) => sign(claims),
    refreshKey: core.key('refresh'),
  });
  const sessionStore: SessionStore = { load: deps.sessions.load, touch: deps.sessions.touch };
  const routes: Area['routes'] = async (api) => authRoutes(api, { auth: service, users: deps.usersService });
  return { service, verifyAccess, sessionStore, routes };
}
