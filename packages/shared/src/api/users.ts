import { type Static, Type } from '@sinclair/typebox';
import {
  GenderSchema,
  LanguageSchema,
  PageNumber,
  PageSize,
  RoleNameSchema,
  SearchText,
  UserStatusSchema,
  UserTypeSchema,
} from './common.ts';
import { SiteNameRef } from './sites.ts';

export const SiteRefSchema = Type.Object({ sitename: Type.String(), idname: Type.String() });

const currentUserFields = {
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  gender: GenderSchema,
  language: LanguageSchema,
  type: UserTypeSchema,
  status: UserStatusSchema,
  changePw: Type.Boolean(),
  roles: Type.Array(Type.Object({ name: RoleNameSchema })),
  sitename: Type.Array(SiteRefSchema),
};

export const CurrentUserSchema = Type.Object(currentUserFields, { $id: 'CurrentUser' });

export const UserRowSchema = Type.Object(
  { ...currentUserFields, lastTimeLogin: Type.Number(), numLogin: Type.Integer() },
  { $id: 'UserRow' },
);

/**
 * Letters, digits, dot, dash and underscore. An @ is refused in a new or changed username (it would look like an
 * e-mail address); older usernames that have one can still be sent back unchanged.
 */
export const Username = Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._@-]+$' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

const userFields = {
  name: Name,
  username: Username,
  email: Email,
  gender: GenderSchema,
  language: LanguageSchema,
  type: UserTypeSchema,
  // as the API returns them ({name}, {sitename, idname}) or as plain names
  roles: Type.Optional(
    Type.Array(Type.Union([RoleNameSchema, Type.Object({ name: RoleNameSchema })]), { maxItems: 7 }),
  ),
  sitename: Type.Optional(Type.Array(SiteNameRef, { maxItems: 1000 })),
};

export const SignupBody = Type.Object({
  ...userFields,
  password: Password,
  confirmPassword: Type.String({ maxLength: 128 }),
});

export const UpdateUserBody = Type.Object({ ...userFields, status: UserStatusSchema });

/**
 * The profile page's body, plus the current password: required only when the username or the e-mail address changes (a
 * stolen access token alone must not take the account over).
 */
export const UpdateProfileBody = Type.Object({
  username: Type.Optional(Username),
  email: Type.Optional(Email),
  gender: Type.Optional(GenderSchema),
  language: Type.Optional(LanguageSchema),
  currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Password,
  confirmPassword: Type.String({ maxLength: 128 }),
});

export const ResetPasswordBody = Type.Object({
  newPassword: Password,
  confirmPassword: Type.String({ maxLength: 128 }),
});

export const SearchUserBody = Type.Object({
  content: SearchText,
  page: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize),
});

export const OnlineSchema = Type.Object({
  online: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() })),
});

export const RoleSchema = Type.Object({ id: Type.Integer(), name: RoleNameSchema });

export const LoginCountSchema = Type.Object({ numLogin: Type.Integer(), lastTimeLogin: Type.Number() });

export const SigninBody = Type.Object({
  usernameOrEmail: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  remember: Type.Optional(Type.Boolean()),
});

export const TokensSchema = Type.Object({ accessToken: Type.String(), refreshToken: Type.String() });

/** The sign-in answer: the tokens, and whether the password must be changed before anything else. */
export const SigninAnswerSchema = Type.Object({ ...TokensSchema.properties, changePw: Type.Boolean() });

/**
 * A refresh: the refresh token in the body (an API caller), or none, the browser's HttpOnly cookie carrying it (the
 * web app, with the `X-IT4U-Refresh` header).
 */
export const RefreshBody = Type.Object({ refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

/** A refresh's answer: the new access token, and the new refresh token to a caller who sent one in the body. */
export const RefreshAnswerSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.Optional(Type.String()),
});

export type SiteRef = Static<typeof SiteRefSchema>;
export type CurrentUser = Static<typeof CurrentUserSchema>;
export type UserRow = Static<typeof UserRowSchema>;
export type SignupInput = Static<typeof SignupBody>;
export type UpdateUserInput = Static<typeof UpdateUserBody>;
export type UpdateProfileInput = Static<typeof UpdateProfileBody>;
export type ChangePasswordInput = Static<typeof ChangePasswordBody>;
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;
export type OnlineUsers = Static<typeof OnlineSchema>;
export type Role = Static<typeof RoleSchema>;
export type SigninInput = Static<typeof SigninBody>;
export type Tokens = Static<typeof TokensSchema>;
export type SigninAnswer = Static<typeof SigninAnswerSchema>;
export type RefreshInput = Static<typeof RefreshBody>;
