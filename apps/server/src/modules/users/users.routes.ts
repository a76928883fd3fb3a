import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ONLINE_WINDOW_MS, ROLE_NAMES } from '@it4u/shared';
import {
  ChangePasswordBody,
  CurrentUserSchema,
  IdParams,
  MessageSchema,
  OnlineSchema,
  PageQuery,
  pageOf,
  ResetPasswordBody,
  RoleNameSchema,
  SearchUserBody,
  UpdateProfileBody,
  UpdateUserBody,
  UserRowSchema,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { users } = opts;
  const tags = ['users'];
  const signedIn = { onRequest: app.auth() };
  const evenBeforePasswordChange = { onRequest: app.auth(), config: { allowPendingPasswordChange: true } };
  const admin = { onRequest: app.auth('userAdmin') };

  r.get(
    '/user/me',
    {
      ...evenBeforePasswordChange,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: secured,
        response: { 200: CurrentUserSchema, 401: ErrorRef },
      },
    },
    (request) => request.principal,
  );

  r.put(
    '/user/update',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Update own profile (username, e-mail, gender, language); the name is read only',
        security: secured,
        body: UpdateProfileBody,
        response: { 200: CurrentUserSchema, ...authErrors, 409: ErrorRef },
      },
    },
    (request) => users.updateProfile(request.body, contextOf(request)),
  );

  r.put(
    '/user/changePassword',
    {
      ...evenBeforePasswordChange,
      schema: {
        tags,
        summary: "Change own password; the caller's other sessions end",
        security: secured,
        body: ChangePasswordBody,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      await users.changeOwnPassword(request.body, contextOf(request));
      return { message: 'Password changed.' };
    },
  );

  r.get(
    '/user/updateNumLogin',
    {
      ...evenBeforePasswordChange,
      schema: {
        tags,
        summary: 'Count a sign-in and set the last sign-in time (the web app calls it after each sign-in)',
        security: secured,
        response: { 200: Type.Object({ numLogin: Type.Integer(), lastTimeLogin: Type.Number() }), 401: ErrorRef },
      },
    },
    (request) => users.recordLogin(request.principal),
  );

  r.get(
    '/user',
    {
      ...admin,
      schema: {
        tags,
        summary: 'List users (user administrators only)',
        security: secured,
        querystring: PageQuery,
        response: { 200: pageOf(UserRowSchema), ...authErrors },
      },
    },
    (request) => users.list(request.query.q, request.query.page, request.query.pageSize),
  );

  r.post(
    '/searchUser',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Search users by name, username or e-mail',
        security: secured,
        body: SearchUserBody,
        response: { 200: pageOf(UserRowSchema), ...authErrors },
      },
    },
    (request) => users.list(request.body.content, request.body.page ?? 1, request.body.pageSize ?? 10),
  );

  r.get(
    '/user/online',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Users with a session used in the last 5 minutes (a customer sees staff only)',
        security: secured,
        response: { 200: OnlineSchema, 401: ErrorRef },
      },
    },
    async (request) => ({ online: await users.online(new Date(Date.now() - ONLINE_WINDOW_MS), request.principal) }),
  );

  r.get(
    '/role',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The roles a user can have',
        security: secured,
        response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: RoleNameSchema })), 401: ErrorRef },
      },
    },
    async () => ROLE_NAMES.map((name, i) => ({ id: i + 1, name })),
  );

  r.get(
    '/users/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One user',
        security: secured,
        params: IdParams,
        response: { 200: UserRowSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => users.get(request.params.id),
  );

  r.put(
    '/users/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a user; blocking ends all their sessions',
        security: secured,
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserRowSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    (request) => users.update(request.params.id, request.body, contextOf(request)),
  );

  r.delete(
    '/users/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a user',
        security: secured,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await users.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  );

  r.put(
    '/changePassword/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: "Set another user's password; they must change it at their next sign-in",
        security: secured,
        params: IdParams,
        body: ResetPasswordBody,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef },
      },
    },
    async (request) => {
      await users.resetPassword(request.params.id, request.body, contextOf(request));
      return { message: 'Password changed.' };
    },
  );
}
