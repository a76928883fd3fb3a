import { authRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf, originOf } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { serve } from '../../lib/serve.ts';
import type { UserAccounts } from '../users/users.module.ts';
import { type AuthService, REMEMBER_TTL_MS } from './auth.service.ts';
import type { ResetService } from './reset.service.ts';

/** Answers that carry tokens are never stored by a browser or a proxy. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * The refresh token's cookie: HttpOnly (no script on the page reads it), SameSite=Strict (no other site's page sends
 * it), sent to the refresh route only, Secure when the console is reached over HTTPS (a console on a LAN over plain
 * HTTP could keep no Secure cookie). A remembered session's lasts its 30 days; another's ends with the browser.
 */
export const REFRESH_COOKIE = 'it4u_refresh';
const REFRESH_PATH = '/api/v1/auth/refresh';
/** The header the web app sends with a refresh by cookie: a page of another site cannot send it without CORS. */
export const REFRESH_HEADER = 'x-it4u-refresh';

function refreshCookie(request: FastifyRequest, token: string, remember: boolean): string {
  const parts = [`${REFRESH_COOKIE}=${token}`, `Path=${REFRESH_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  if (request.protocol === 'https') parts.push('Secure');
  if (remember) parts.push(`Max-Age=${Math.floor(REMEMBER_TTL_MS / 1000)}`);
  return parts.join('; ');
}

const clearedCookie = `${REFRESH_COOKIE}=; Path=${REFRESH_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`;

/** The refresh token the request's cookie carries, if any. */
function cookieToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; accounts: UserAccounts; reset: ResetService },
) {
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  serve(app, routes, {
    'GET /auth/forgotPassword': async () => ({ available: await opts.reset.available() }),
    'POST /auth/forgotPassword': {
      options: perMinute(20),
      handler: async (request) => {
        await opts.reset.request(request.body.email, originOf(request));
        return { message: 'If the address is a user’s, a reset link is on its way.' };
      },
    },
    'POST /auth/resetPassword': {
      options: perMinute(20),
      handler: async (request) => {
        await opts.reset.reset(request.body, originOf(request));
        return { message: 'Password changed.' };
      },
    },
    'POST /auth/signin': {
      options: perMinute(100),
      handler: async (request, reply) => {
        const tokens = await opts.auth.signin(request.body, originOf(request));
        reply.headers(noStore);
        // the web app keeps the refresh token in its cookie only; the answer keeps it for API callers
        reply.header('set-cookie', refreshCookie(request, tokens.refreshToken, request.body.remember ?? false));
        return tokens;
      },
    },
    'POST /auth/refresh': {
      options: perMinute(100),
      handler: async (request, reply) => {
        reply.headers(noStore);
        const given = request.body.refreshToken;
        if (given !== undefined) {
          const { remember: _, ...tokens } = await opts.auth.refresh(given, originOf(request));
          return tokens;
        }
        // by the cookie: only with the web app's header (SameSite=Strict aside, no form of another site sends it)
        const fromCookie = cookieToken(request);
        if (!fromCookie || request.headers[REFRESH_HEADER] !== '1') throw new UnauthorizedError('sessionEnded');
        try {
          const { accessToken, refreshToken, remember } = await opts.auth.refresh(fromCookie, originOf(request));
          reply.header('set-cookie', refreshCookie(request, refreshToken, remember));
          return { accessToken };
        } catch (err) {
          reply.header('set-cookie', clearedCookie);
          throw err;
        }
      },
    },
    'POST /auth/logout': {
      options: { config: { allowPendingPasswordChange: true } },
      handler: async (request, reply) => {
        await opts.auth.logout(contextOf(request));
        reply.header('set-cookie', clearedCookie);
        return { message: "You're successfully logged out." };
      },
    },
    'POST /auth/signup': (request) => opts.accounts.signup(request.body, contextOf(request)),
  });
}
