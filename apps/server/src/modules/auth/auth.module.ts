import { ACCESS_TOKEN_TTL_S } from '@it4u/shared';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Area, Core } from '../../lib/module.ts';
import type { SessionStore, TokenClaims } from '../../plugins/auth.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { UserAccounts } from '../users/users.module.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createResetService } from './reset.service.ts';

/**
 * Sign-in, refresh, logout, sign-up and password reset by mail. It makes the access-token signer and verifier (fast-jwt directly, made
 * once: docs/decisions.md) that the auth check of every other route uses.
 */
export function authModule(
  core: Core,
  deps: {
    /** the users area's accounts and sessions */
    accounts: UserAccounts;
    mail: MailService;
    /** where the web app is, for reset links (PUBLIC_URL) */
    publicUrl: string;
    now?: () => number;
    /** what became of a reset mail, sent after the answer */
    onResetMail?: (sending: Promise<unknown>) => void;
  },
) {
  const key = core.key('jwt');
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_S * 1000 });
  const verifyAccess = createVerifier({ key, algorithms: ['HS256'], cache: 10_000 }) as (token: string) => TokenClaims;
  const service = createAuthService({
    accounts: deps.accounts,
    audit: core.audit,
    signAccess: (claims) => sign(claims),
    refreshKey: core.key('refresh'),
    identifierKey: core.key('identifiers'),
    onSignedIn: (userId, sessionId) => core.realtime.toUserBut(userId, sessionId, 'session:elsewhere'),
    onRefused: (reason) => core.ops.signinRefused(reason),
  });
  const reset = createResetService({
    db: core.db,
    accounts: deps.accounts,
    audit: core.audit,
    identifierKey: core.key('identifiers'),
    mail: deps.mail,
    publicUrl: deps.publicUrl.replace(/\/+$/, ''),
    now: deps.now ?? Date.now,
    onSent: deps.onResetMail,
  });
  const { sessions } = deps.accounts;
  const sessionStore: SessionStore = { load: sessions.load, touch: sessions.touch };
  const routes: Area['routes'] = async (api) => authRoutes(api, { auth: service, accounts: deps.accounts, reset });
  return { service, verifyAccess, sessionStore, routes, endResetLinks: reset.endLinks };
}
