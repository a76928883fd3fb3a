import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../lib/errors.ts';
import { holdsBadText } from '../lib/text.ts';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

const INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const DECIMAL = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/;

const typesOf = (schema: JsonSchema | undefined): string[] =>
  schema?.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * A query or path value as its schema wants it, from decimal digits only: "0x10", "1e3", "Infinity" and " 7" stay
 * text, so the schema refuses them (400), where Ajv's coercion would have taken them for numbers.
 */
function coerce(value: unknown, schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.includes('array')) {
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => coerce(v, schema?.items));
  }
  if (Array.isArray(value) && value.length === 1 && !types.includes('array')) return coerce(value[0], schema);
  if (typeof value !== 'string') return value;
  if (types.includes('integer') && INTEGER.test(value)) return Number(value);
  if (types.includes('number') && DECIMAL.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function coerceAll(values: unknown, schema: JsonSchema | undefined): void {
  if (!values || typeof values !== 'object' || !schema?.properties) return;
  const record = values as Record<string, unknown>;
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (key in record) record[key] = coerce(record[key], prop);
  }
}

/**
 * One place, for every route, before validation:
 * - text with NUL or a lone surrogate, in a body, a query or a path, is refused with 400 (PostgreSQL would fail);
 * - query and path values are turned into numbers and booleans from their text, and only from decimal digits.
 * Bodies are never coerced: JSON says what a value is (Ajv runs with coercion off).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (holdsBadText(value)) throw new BadRequestError('invalidText', undefined, { where });
    }
    const schema = request.routeOptions.schema as { querystring?: JsonSchema; params?: JsonSchema } | undefined;
    coerceAll(request.query, schema?.querystring);
    coerceAll(request.params, schema?.params);
  });
}
