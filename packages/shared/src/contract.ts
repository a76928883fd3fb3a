import type { Static, TSchema } from '@sinclair/typebox';
import { type Capability, can, ROLE_NAMES } from './roles.ts';

/**
 * A route's contract, declared once in `packages/shared/src/routes/`: the server registers it with its handler
 * (apps/server/src/lib/serve.ts derives the role check, the OpenAPI security and the error answers from `access`),
 * and the web calls it by its key (apps/web/src/api/call.ts), so that a renamed path or field is a compile error on
 * both sides. The key is `"<METHOD> <path>"`, the path as Fastify writes it (`:name` a parameter), after `/api/v1`.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: the callers with a capability, any signed-in caller, or anyone. */
export type Access = Capability | 'signedIn' | 'public';

/**
 * The error answers a route may give besides the ones its access brings (400; 401 and 403 when signed in): 401 and
 * 403 for a public route that checks credentials itself (the sign-in).
 */
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503 | 504;

export type RouteSpec = {
  access: Access;
  /** one line for the OpenAPI description */
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** what a success answers (absent: a file, or nothing) */
  response?: TSchema;
  /** the success status, 200 unless said */
  status?: 200 | 201 | 202 | 204;
  /** a second success status the handler may answer with the same schema (a save that updates or creates) */
  alsoStatus?: 200 | 201;
  errors?: readonly ErrorStatus[];
  /** the body's media types when it is not JSON (a file as multipart form data, a guest's form) */
  consumes?: readonly string[];
  /** left out of the OpenAPI description */
  hide?: boolean;
  /** more for the OpenAPI description than the summary's line */
  description?: string;
  /** the token a public route checks itself (its own onRequest), for the OpenAPI security: a router's device token */
  token?: 'deviceToken';
  /** the OpenAPI group: the area's (`defineRoutes`) unless the route names its own */
  tag?: string;
  /**
   * What a write (POST, PUT, DELETE) leaves in the audit trail: the event its line names, or the start of the events
   * it may name (`channel.detail.` for a create or an update), checked on every answer of success; or why it leaves
   * none (a read sent as POST, a message between two people). Every write says one or the other.
   */
  audit?: string | { none: string };
};

/** A read sent as POST (a search or a report with a body): it changes nothing, so it leaves no audit line. */
export const READ = { none: 'a read sent as POST: nothing changes' } as const;

export type RouteKey = `${Method} /${string}`;
export type Routes = { readonly [key: RouteKey]: RouteSpec };

/** An area's routes, in its OpenAPI group unless a route names its own. */
export function defineRoutes<const R extends Routes>(tag: string, routes: R): R {
  for (const spec of Object.values(routes) as RouteSpec[]) spec.tag ??= tag;
  return routes;
}

/** The error answers a route gives in all: those of its access, then its own. */
export function errorStatuses(spec: RouteSpec): number[] {
  const own = spec.access === 'public' ? [400] : [400, 401, 403];
  return [...own, ...(spec.errors ?? [])];
}

/** The errors of a route that calls the UniFi controller (404: the controller has no such site; 502-504: it failed). */
export const controllerErrors = [404, 502, 503, 504] as const satisfies readonly ErrorStatus[];

/** The method and path of a route key. */
export function splitKey(key: string): { method: Method; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

type StaticOf<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: infer T extends TSchema }
  ? Static<T>
  : never;

/** One part of a call's input: required when the route has it and it has a required field, else optional. */
type Part<S, K extends 'params' | 'query' | 'body'> = [StaticOf<S, K>] extends [never]
  ? { [P in K]?: never }
  : object extends StaticOf<S, K>
    ? { [P in K]?: StaticOf<S, K> }
    : { [P in K]: StaticOf<S, K> };

/** What a caller sends: the path's parameters, the query and the body, each as the route declares it. */
export type RouteInput<S> = Part<S, 'params'> & Part<S, 'query'> & Part<S, 'body'>;

/** What a route answers on success. */
export type RouteOutput<S> = S extends { response: infer T extends TSchema } ? Static<T> : unknown;

/**
 * Who may call a route, in words for its OpenAPI description, from its contract alone (the same `can` the auth check
 * runs), so that the docs and the code cannot disagree.
 */
export function whoMayCall(spec: Pick<RouteSpec, 'access' | 'token'>): string {
  if (spec.token === 'deviceToken')
    return "Who may call it: a customer site's router, with its device token (or the shared one while it is accepted).";
  if (spec.access === 'public') return 'Who may call it: anyone, without signing in.';
  if (spec.access === 'signedIn')
    return 'Who may call it: every signed-in user (each sees what their role and sites allow).';
  const roles = ROLE_NAMES.filter((role) => can([role], spec.access as Capability));
  return `Who may call it: ${roles.join(', ')}.`;
}
