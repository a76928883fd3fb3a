import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (ajv for what comes in, fast-json-stringify for what goes out), with what they compile
 * kept for the process: a second app in the same process (every test file makes several, two instances in one test)
 * gets each route's validator and serializer as the first one compiled them, rather than compiling ~300 routes again
 * (about a second of CPU an app). The compiled functions hold no state of their own; the key is the schema as JSON,
 * the part of the request or the answer's status, and the shared schemas and options they were compiled with.
 */
type Compile = (route: { schema: unknown; httpPart?: string; httpStatus?: string; contentType?: string }) => unknown;

/** Compiled functions by the context they were compiled in (shared schemas, options), then by the route's schema. */
function cached(build: (externalSchemas: unknown, options: unknown) => Compile) {
  const contexts = new Map<string, Map<string, unknown>>();
  return (externalSchemas: unknown, options: unknown): Compile => {
    const context = JSON.stringify([externalSchemas, options]);
    let kept = contexts.get(context);
    if (!kept) {
      kept = new Map();
      contexts.set(context, kept);
    }
    const made = kept;
    const compile = build(externalSchemas, options);
    return (route) => {
      const key = JSON.stringify([route.httpPart ?? '', route.contentType ?? '', route.schema]);
      let fn = made.get(key);
      if (fn === undefined) {
        fn = compile(route);
        made.set(key, fn);
      }
      return fn;
    };
  };
}

/** Fastify's `schemaController.compilersFactory`: the default compilers, compiled once per process. */
export const compilersFactory = {
  buildValidator: cached(AjvCompiler() as unknown as (e: unknown, o: unknown) => Compile),
  buildSerializer: cached(SerializerSelector() as unknown as (e: unknown, o: unknown) => Compile),
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
