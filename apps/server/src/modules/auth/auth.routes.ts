import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorRef, MessageSchema, secured } from '../../lib/schemas.ts';
import { SignupBody, UserRowSchema } from '../users/users.schemas.ts';
import type { UsersService } from '../users/users.service.ts';
import { RefreshBody, SigninBody, TokensSchema } from './auth.schemas.ts';
import type { AuthService, RequestContext } from './auth.service.ts';

export const ctxOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; users: UsersService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/auth/signin',
    {
      config: { rateLimit: { max: 100, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and a password',
        body: SigninBody,
        response: { 200: TokensSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 429: ErrorRef },
      },
    },
    (request) => opts.auth.signin(request.body, ctxOf(request)),
  );

  r.post(
    '/auth/refresh',
    {
      config: { rateLimit: { max: 100, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (the old refresh token stops working)',
        body: RefreshBody,
        response: { 200: TokensSchema, 400: ErrorRef, 401: ErrorRef },
      },
    },
    (request) => opts.auth.refresh(request.body.refreshToken, ctxOf(request)),
  );

  r.post(
    '/auth/logout',
    {
      preHandler: app.auth(),
      config: { allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: "End the caller's session",
        security: secured,
        response: { 200: MessageSchema, 401: ErrorRef },
      },
    },
    async (request) => {
      await opts.auth.logout(request.principal, ctxOf(request));
      return { message: "You're successfully logged out." };
    },
  );

  r.post(
    '/auth/signup',
    {
      preHandler: app.auth('userAdmin'),
      schema: {
        tags,
        summary: 'Create a user (user administrators only)',
        security: secured,
        body: SignupBody,
        response: { 201: UserRowSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 409: ErrorRef },
      },
    },
    async (request, reply) => {
      const user = await opts.users.create(request.body, request.principal, ctxOf(request));
      return reply.status(201).send(user);
    },
  );
}
