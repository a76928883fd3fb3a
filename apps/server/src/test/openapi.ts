import type { FastifyInstance } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
};

export type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };

/** One operation of the OpenAPI description: its method, path and request schemas. */
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  secured: boolean;
};

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
};

/** Every operation the app describes (what the route fuzz walks and the bounds test checks). */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as Doc;
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: (op.security?.length ?? 0) > 0,
      });
    }
  }
  return out;
}

/** The schemas inside a schema (properties, items, union branches), with their path. */
export function* walk(schema: JsonSchema | undefined, at: string): Generator<[string, JsonSchema]> {
  if (!schema) return;
  yield [at, schema];
  for (const [k, v] of Object.entries(schema.properties ?? {})) yield* walk(v, `${at}.${k}`);
  if (schema.items) yield* walk(schema.items, `${at}[]`);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) yield* walk(branch, at);
}

export const typesOf = (s: JsonSchema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
