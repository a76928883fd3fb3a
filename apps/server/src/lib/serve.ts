import {
  errorStatuses,
  type RouteOutput,
  type RouteSpec,
  type Routes,
  splitKey,
  whoMayCall,
} from '@it4u/shared/routes';
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { auditScope } from './audit.ts';
import { ErrorRef, secured } from './schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the writes that answered success without the audit line their contract names (logged; tests fail on any) */
    auditMisses: Set<string>;
  }
}

type Schema<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: infer T extends TSchema }
  ? Static<T>
  : unknown;

/** The request a route's handler gets: its params, query and body typed by the route's contract. */
export type RouteRequest<S> = FastifyRequest<{
  Params: Schema<S, 'params'>;
  Querystring: Schema<S, 'query'>;
  Body: Schema<S, 'body'>;
}>;

type Answer<S> = RouteOutput<S> | FastifyReply;
export type Handler<S> = (request: RouteRequest<S>, reply: FastifyReply) => Answer<S> | Promise<Answer<S>>;

/** A handler, or a handler with Fastify options of its own (a body limit, a rate limit, an extra check). */
export type RouteHandler<S> =
  | Handler<S>
  | {
      handler: Handler<S>;
      options?: Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'preValidation' | 'preHandler'> & {
        /** checks run after the access check */
        onRequest?: onRequestHookHandler;
      };
    };

/**
 * Registers an area's routes from their contracts, one handler each (a route without one is a compile error).
 * The access check, the OpenAPI security and the error answers come from the contract; a handler returns the
 * answer (sent with the contract's status) or the reply it has sent itself (a file).
 */
export function serve<R extends Routes>(
  app: FastifyInstance,
  routes: R,
  handlers: { [K in keyof R]: RouteHandler<R[K]> },
): void {
  for (const key of Object.keys(routes) as (keyof R & string)[]) {
    const spec = routes[key] as RouteSpec;
    const { method, path } = splitKey(key);
    const given = handlers[key] as RouteHandler<RouteSpec>;
    const { handler, options = {} } = typeof given === 'function' ? { handler: given } : given;
    const checks: onRequestHookHandler[] = [];
    if (spec.access !== 'public') checks.push(app.auth(spec.access === 'signedIn' ? undefined : spec.access));
    if (options.onRequest) checks.push(options.onRequest);
    const response: Record<number, TSchema> = {};
    if (spec.response) response[spec.status ?? 200] = spec.response;
    if (spec.response && spec.alsoStatus) response[spec.alsoStatus] = spec.response;
    for (const status of errorStatuses(spec)) response[status] = ErrorRef;
    const status = spec.status ?? 200;
    if (method !== 'GET' && spec.audit === undefined) throw new Error(`${key} does not say what it audits`);
    const audited = typeof spec.audit === 'string' ? spec.audit : undefined;
    app.route({
      method,
      url: path,
      ...options,
      onRequest: checks,
      schema: {
        summary: spec.summary,
        // who may call it, from the contract the auth check runs on, then what more the contract says
        description: [whoMayCall(spec), spec.description].filter(Boolean).join('\n\n'),
        response,
        ...(spec.tag && { tags: [spec.tag] }),
        ...(spec.access !== 'public' && { security: secured }),
        ...(spec.token && { security: [{ [spec.token]: [] }] }),
        ...(spec.params && { params: spec.params }),
        ...(spec.query && { querystring: spec.query }),
        ...(spec.body && { body: spec.body }),
        ...(spec.consumes && { consumes: [...spec.consumes] }),
        ...(spec.hide && { hide: true }),
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const events: string[] = [];
        const answer = await auditScope.run(events, () => handler(request as RouteRequest<RouteSpec>, reply));
        // a handler that sent its reply itself set its status (an async function returning the reply resolves to nothing)
        const succeeded = (reply.sent ? reply.statusCode : status) < 300;
        if (audited && succeeded && !events.some((e) => e.startsWith(audited))) {
          request.log.error({ route: key, recorded: events }, 'a write answered without its audit line');
          app.auditMisses.add(key);
        }
        if (answer === reply) return reply;
        return reply.status(status).send(answer);
      },
    });
  }
}
