import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MessageSchema,
  PasswordResetBody,
  PasswordResetRequestBody,
  RefreshBody,
  ResetAvailabilitySchema,
  SigninAnswerSchema,
  SigninBody,
  SignupBody,
  TokensSchema,
  UserRowSchema,
} from '@it4u/shared/api';
import type { FastifyInstance } from 'fastify';
import { contextOf, originOf } from '../../lib/context.ts';
import { ErrorRef, secured } from '../../lib/schemas.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';
import type { ResetService } from './reset.service.ts';

/** Answers that carry tokens are never stored by a browser or a proxy. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; users: UsersService; reset: ResetService },
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];

  r.get(
    '/auth/forgotPassword',
    {
      schema: {
        tags,
        summary: 'Whether reset mails can go out (the mail settings are there)',
        response: { 200: ResetAvailabilitySchema },
      },
    },
    async () => ({ available: await opts.reset.available() }),
  );

  r.post(
    '/auth/forgotPassword',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Mail a password-reset link (valid 30 minutes, once) to the address if it is a user's; the same answer either way",
        body: PasswordResetRequestBody,
        response: { 202: MessageSchema, 400: ErrorRef, 429: ErrorRef, 503: ErrorRef },
      },
    },
    async (request, reply) => {
      await opts.reset.request(request.body.email, originOf(request));
      return reply.status(202).send({ message: 'If the address is a user’s, a reset link is on its way.' });
    },
  );

  r.post(
    '/auth/resetPassword',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Set a new password with a reset link's token; every session of the user ends",
        body: PasswordResetBody,
        response: { 200: MessageSchema, 400: ErrorRef, 429: ErrorRef },
      },
    },
    async (request) => {
      await opts.reset.reset(request.body, originOf(request));
      return { message: 'Password changed.' };
    },
  );

  r.post(
    '/auth/signin',
    {
      config: { rateLimit: { max: 100, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and a password; changePw says the password must be changed first',
        body: SigninBody,
        response: { 200: SigninAnswerSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 429: ErrorRef },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await opts.auth.signin(request.body, originOf(request))),
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
    async (request, reply) =>
      reply.headers(noStore).send(await opts.auth.refresh(request.body.refreshToken, originOf(request))),
  );

  r.post(
    '/auth/logout',
    {
      onRequest: app.auth(),
      config: { allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: "End the caller's session",
        security: secured,
        response: { 200: MessageSchema, 401: ErrorRef },
      },
    },
    async (request) => {
      await opts.auth.logout(contextOf(request));
      return { message: "You're successfully logged out." };
    },
  );

  r.post(
    '/auth/signup',
    {
      onRequest: app.auth('userAdmin'),
      schema: {
        tags,
        summary: 'Create a user (user administrators only)',
        security: secured,
        body: SignupBody,
        response: { 201: UserRowSchema, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 409: ErrorRef },
      },
    },
    async (request, reply) => {
      const user = await opts.users.create(request.body, contextOf(request));
      return reply.status(201).send(user);
    },
  );
}
