import { Type } from '@sinclair/typebox';

export const SigninBody = Type.Object({
  usernameOrEmail: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  remember: Type.Optional(Type.Boolean()),
});

export const TokensSchema = Type.Object({ accessToken: Type.String(), refreshToken: Type.String() });

export const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) });
