import { authRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf, originOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { UserAccounts } from '../users/users.module.ts';
import type { AuthService } from './auth.service.ts';
import type { ResetService } from './reset.service.ts';

/** Answers that carry tokens are never stored by a browser or a proxy. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

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
        return tokens;
      },
    },
    'POST /auth/refresh': {
      options: perMinute(100),
      handler: async (request, reply) => {
        const tokens = await opts.auth.refresh(request.body.refreshToken, originOf(request));
        reply.headers(noStore);
        return tokens;
      },
    },
    'POST /auth/logout': {
      options: { config: { allowPendingPasswordChange: true } },
      handler: async (request) => {
        await opts.auth.logout(contextOf(request));
        return { message: "You're successfully logged out." };
      },
    },
    'POST /auth/signup': (request) => opts.accounts.signup(request.body, contextOf(request)),
  });
}
