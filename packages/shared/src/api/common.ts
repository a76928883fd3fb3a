/**
 * The shapes of the API, declared once with TypeBox: the server validates and documents with these schemas, and
 * the web app uses the types derived from them (`import type` only; no schema code reaches the browser). A field
 * renamed here is a compile error on both sides.
 */
import { type Static, type TInteger, type TNumber, type TSchema, Type } from '@sinclair/typebox';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { GENDERS, LANGUAGES, ROLE_NAMES, USER_STATUSES, USER_TYPES } from '../roles.ts';

export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    /** one of API_ERRORS: the web app says it in the reader's language */
    code: Type.String(),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    /** the English text of the code */
    message: Type.String(),
    /** the refused fields ([{field, code, params, message}]), the bad rows of an upload, or a reason */
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'Error', description: 'An error: a code of API_ERRORS with its parameters, and its English text' },
);

export const MessageSchema = Type.Object({ message: Type.String() });

export const RoleNameSchema = Type.Unsafe<(typeof ROLE_NAMES)[number]>({ type: 'string', enum: [...ROLE_NAMES] });
export const GenderSchema = Type.Unsafe<(typeof GENDERS)[number]>({ type: 'string', enum: [...GENDERS] });
export const LanguageSchema = Type.Unsafe<(typeof LANGUAGES)[number]>({ type: 'string', enum: [...LANGUAGES] });
export const UserTypeSchema = Type.Unsafe<(typeof USER_TYPES)[number]>({ type: 'string', enum: [...USER_TYPES] });
export const UserStatusSchema = Type.Unsafe<(typeof USER_STATUSES)[number]>({
  type: 'string',
  enum: [...USER_STATUSES],
});

/** A row id: a positive integer that PostgreSQL's integer holds. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A page number, from 1. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });
export const PageSize = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE });
/** A time in epoch milliseconds, from 1970 to the end of year 9999. */
export const Epoch = Type.Number({ minimum: 0, maximum: 253_402_300_799_999 });
/** Free text of a search box. */
export const SearchText = Type.String({ maxLength: 200 });
/** Optional text of at most `max` characters. */
export const OptionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const PageQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
  q: Type.Optional(SearchText),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
});

export const pageOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), total: Type.Integer() });

export const IdParams = Type.Object({ id: Id });

/** A site's controller short name in the path. */
export const SiteParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
});

/**
 * A number (or integer) or null, for request bodies. Written as one `type: ['number', 'null']` rather than a union,
 * so that no coercion of a union branch can ever turn null into 0.
 */
export const Nullable = (schema: TNumber | TInteger) =>
  Type.Unsafe<number | null>({ ...JSON.parse(JSON.stringify(schema)), type: [schema.type, 'null'] });

/**
 * A linked row named as the API returns it, `{id, ...}` (its other fields are dropped), or null for none: what a
 * client that sends back what it read gives in place of the `...Id` field.
 */
export const LinkRef = Type.Union([Type.Object({ id: Id }), Type.Null()]);

export type Page<T> = { items: T[]; total: number };
export type Message = Static<typeof MessageSchema>;
