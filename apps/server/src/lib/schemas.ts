import { GENDERS, LANGUAGES, MAX_PAGE_SIZE, ROLE_NAMES, USER_STATUSES, USER_TYPES } from '@it4u/shared';
import { type TInteger, type TNumber, type TSchema, Type } from '@sinclair/typebox';

export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    /** one of API_ERRORS (packages/shared): the web app says it in the reader's language */
    code: Type.String(),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    /** the English text of the code */
    message: Type.String(),
    /** the refused fields ([{field, code, params, message}]), the bad rows of an upload, or a reason */
    details: Type.Optional(Type.Unknown()),
  },
  {
    $id: 'Error',
    description: 'An error: a code of API_ERRORS with its parameters, and its English text',
  },
);

export const ErrorRef = Type.Ref('Error');

/** The usual error answers of a route that needs a signed-in caller. */
export const authErrors = { 400: ErrorRef, 401: ErrorRef, 403: ErrorRef };

/** ... and of a route that calls the UniFi controller (404: the controller has no such site). */
export const controllerErrors = { ...authErrors, 404: ErrorRef, 502: ErrorRef, 503: ErrorRef, 504: ErrorRef };

/** A site's controller short name in the path. */
export const SiteParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
});

export const MessageSchema = Type.Object({ message: Type.String() });

export const RoleNameSchema = Type.Unsafe<(typeof ROLE_NAMES)[number]>({ type: 'string', enum: [...ROLE_NAMES] });
export const GenderSchema = Type.Unsafe<(typeof GENDERS)[number]>({ type: 'string', enum: [...GENDERS] });
export const LanguageSchema = Type.Unsafe<(typeof LANGUAGES)[number]>({ type: 'string', enum: [...LANGUAGES] });
export const UserTypeSchema = Type.Unsafe<(typeof USER_TYPES)[number]>({ type: 'string', enum: [...USER_TYPES] });
export const UserStatusSchema = Type.Unsafe<(typeof USER_STATUSES)[number]>({
  type: 'string',
  enum: [...USER_STATUSES],
});

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
});

export const pageOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), total: Type.Integer() });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const secured = [{ bearerAuth: [] }];

/**
 * A number (or integer) or null, for request bodies. Written as one `type: ['number', 'null']` rather than a union:
 * with type coercion on, the number branch of a union turns null into 0 before the null branch is tried.
 */
export const Nullable = (schema: TNumber | TInteger) =>
  Type.Unsafe<number | null>({ ...JSON.parse(JSON.stringify(schema)), type: [schema.type, 'null'] });
