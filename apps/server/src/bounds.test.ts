import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { type Operation, operationsOf, typesOf, walk } from './test/openapi.ts';

/** Ids are positive integers that PostgreSQL's integer holds. */
const MAX_ID = 2_147_483_647;

describe('request schemas', () => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    operations = await operationsOf(t.app);
  });
  afterAll(() => t.close());

  it('bound every number, string and list a caller sends', () => {
    const problems: string[] = [];
    for (const op of operations) {
      const inputs = [
        ...op.parameters.map((p) => [`${p.in} ${p.name}`, p.schema] as const),
        ['body', op.body] as const,
      ];
      for (const [where, schema] of inputs) {
        for (const [at, s] of walk(schema, where)) {
          const types = typesOf(s);
          const name = `${op.method} ${op.path} ${at}`;
          if (s.enum || s.const !== undefined) continue;
          if (
            (types.includes('number') || types.includes('integer')) &&
            (s.minimum === undefined || s.maximum === undefined)
          ) {
            problems.push(`${name}: a number without minimum and maximum`);
          }
          if (types.includes('integer') && s.maximum !== undefined && s.maximum > MAX_ID && /id$/i.test(at)) {
            problems.push(`${name}: an id above 2^31 - 1`);
          }
          if (types.includes('string') && s.maxLength === undefined)
            problems.push(`${name}: a string without maxLength`);
          if (types.includes('array') && s.maxItems === undefined) problems.push(`${name}: a list without maxItems`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
