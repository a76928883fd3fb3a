import { Type } from '@sinclair/typebox';

export const SiteSchema = Type.Object(
  { id: Type.Integer(), sitename: Type.String(), idname: Type.String() },
  { $id: 'Site' },
);

export const SiteBody = Type.Object({
  sitename: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  idname: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
});
