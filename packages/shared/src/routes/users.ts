import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema, PageQuery, pageOf } from '../api/common.ts';
import {
  ChangePasswordBody,
  CurrentUserSchema,
  LoginCountSchema,
  OnlineSchema,
  ResetPasswordBody,
  RoleSchema,
  SearchUserBody,
  UpdateProfileBody,
  UpdateUserBody,
  UserRowSchema,
} from '../api/users.ts';
import { defineRoutes, READ } from '../contract.ts';

/** The signed-in user's own account, and the user administrators' list of users. */
export const usersRoutes = defineRoutes('users', {
  'GET /user/me': {
    access: 'signedIn',
    summary: 'The signed-in user',
    response: CurrentUserSchema,
  },
  'PUT /user/update': {
    access: 'signedIn',
    audit: 'user.profile',
    summary: 'Update own profile (username, e-mail, gender, language); the name is read only',
    body: UpdateProfileBody,
    response: CurrentUserSchema,
    errors: [409],
  },
  'PUT /user/changePassword': {
    access: 'signedIn',
    audit: 'password.change',
    summary: "Change own password; the caller's other sessions end",
    body: ChangePasswordBody,
    response: MessageSchema,
  },
  'GET /user/updateNumLogin': {
    access: 'signedIn',
    summary: 'Count a sign-in and set the last sign-in time (the web app calls it after each sign-in)',
    response: LoginCountSchema,
  },
  'GET /user': {
    access: 'userAdmin',
    summary: 'List users (user administrators only)',
    query: PageQuery,
    response: pageOf(UserRowSchema),
  },
  'POST /searchUser': {
    access: 'userAdmin',
    audit: READ,
    summary: 'Search users by name, username or e-mail',
    body: SearchUserBody,
    response: pageOf(UserRowSchema),
  },
  'GET /user/online': {
    access: 'signedIn',
    summary: 'Users with a session used in the last 5 minutes (a customer sees staff only)',
    response: OnlineSchema,
  },
  'GET /role': {
    access: 'signedIn',
    summary: 'The roles a user can have',
    response: Type.Array(RoleSchema),
  },
  'GET /users/:id': {
    access: 'userAdmin',
    summary: 'One user',
    params: IdParams,
    response: UserRowSchema,
    errors: [404],
  },
  'PUT /users/:id': {
    access: 'userAdmin',
    audit: 'user.update',
    summary: 'Update a user; blocking ends all their sessions',
    params: IdParams,
    body: UpdateUserBody,
    response: UserRowSchema,
    errors: [404, 409],
  },
  'DELETE /users/:id': {
    access: 'userAdmin',
    audit: 'user.delete',
    summary: 'Delete a user',
    params: IdParams,
    response: MessageSchema,
    errors: [404],
  },
  'PUT /changePassword/:id': {
    access: 'userAdmin',
    audit: 'password.reset',
    summary: "Set another user's password; they must change it at their next sign-in",
    params: IdParams,
    body: ResetPasswordBody,
    response: MessageSchema,
    errors: [404],
  },
});
