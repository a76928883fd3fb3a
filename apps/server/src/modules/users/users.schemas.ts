import { Type } from '@sinclair/typebox';
import { GenderSchema, LanguageSchema, RoleNameSchema, UserStatusSchema, UserTypeSchema } from '../../lib/schemas.ts';

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

/** Letters, digits, dot, dash and underscore: a username can never look like an e-mail address. */
export const Username = Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' });
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
  sitename: Type.Optional(
    Type.Array(
      Type.Union([
        Type.String({ minLength: 1, maxLength: 100 }),
        Type.Object({
          idname: Type.String({ minLength: 1, maxLength: 100 }),
          sitename: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      ]),
      { maxItems: 1000 },
    ),
  ),
};

export const SignupBody = Type.Object({
  ...userFields,
  password: Password,
  confirmPassword: Type.String({ maxLength: 128 }),
});

export const UpdateUserBody = Type.Object({ ...userFields, status: UserStatusSchema });

export const UpdateProfileBody = Type.Object({
  username: Type.Optional(Username),
  email: Type.Optional(Email),
  gender: Type.Optional(GenderSchema),
  language: Type.Optional(LanguageSchema),
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
  content: Type.String({ maxLength: 200 }),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

export const OnlineSchema = Type.Object({
  online: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() })),
});
