import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from './helpers.ts';
import { type JsonSchema, type Operation, operationsOf, typesOf } from './openapi.ts';
import { startTestSimulator, type TestSimulator } from './simulator.ts';

/**
 * The route fuzz: walks every route of the OpenAPI description with generated bad input (wrong types, NUL and lone
 * surrogates, huge strings and numbers, missing fields, odd ids, broken bodies) and fails on any 5xx or an answer that
 * never comes. Its two halves (every other route, in the order GET, POST, PUT, DELETE) are two test files, so that the
 * two cores walk them at once (`route-fuzz.1.test.ts`, `route-fuzz.2.test.ts`).
 */

const BAD_PATH = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999999',
  '0x10',
  '1e3',
  'Infinity',
  'NaN',
  '%00',
  '%ED%A0%80',
  '%FF',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  'x'.repeat(3000),
];
const BAD_QUERY = ['Infinity', '1e309', '-1', '0x10', 'abc', '%00', '%ED%A0%80', 'x'.repeat(5000), '', 'true', '[]'];
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2_147_483_648,
  1.5,
  'NaN',
  'Infinity',
  '',
  '\u0000',
  'a\ud800b',
  'x'.repeat(100_000),
  {},
  [],
  [null],
  { id: 'x' },
];
const BAD_BODIES: unknown[] = [null, [], 'text', 42, true, {}, [{}], deep(200)];

function deep(n: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

const PATTERN_SAMPLES = ['fuzz1', 'x', '00:11:22:33:44:55', '', 'http://127.0.0.1:9'];

/** A value the schema accepts, as far as a simple walk can tell. */
function sample(s: JsonSchema | undefined): unknown {
  if (!s) return undefined;
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return sample(branch);
  switch (typesOf(s)[0]) {
    case 'string':
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.pattern) return PATTERN_SAMPLES.find((p) => new RegExp(s.pattern as string).test(p)) ?? 'x';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => s.required?.includes(k))
          .map(([k, v]) => [k, sample(v)]),
      );
    default:
      return null;
  }
}

function pathFor(op: Operation, override?: [string, string]): string {
  let path = op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const value = override?.[0] === p.name ? override[1] : p.name === 'site' ? 'default' : String(sample(p.schema));
    path = path.replace(`{${p.name}}`, value);
  }
  return path;
}

type Case = { label: string; request: InjectOptions };

function casesOf(op: Operation): Case[] {
  const cases: Case[] = [];
  const base = (): InjectOptions => ({ method: op.method, url: pathFor(op) });
  const body = sample(op.body) as Record<string, unknown> | undefined;
  const withBody = (payload: unknown): Partial<InjectOptions> =>
    payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
  // odd path values
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    for (const bad of BAD_PATH) {
      cases.push({
        label: `path ${p.name}=${bad.slice(0, 20)}`,
        request: { method: op.method, url: pathFor(op, [p.name, bad]), ...withBody(body) },
      });
    }
  }
  // odd query values
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    for (const bad of BAD_QUERY) {
      cases.push({ label: `query ${p.name}=${bad.slice(0, 20)}`, request: { ...base(), query: { [p.name]: bad } } });
    }
    cases.push({
      label: `query ${p.name} twice`,
      request: { ...base(), url: `${pathFor(op)}?${p.name}=1&${p.name}=2` },
    });
  }
  if (op.method === 'POST' || op.method === 'PUT') {
    // whole bodies of the wrong kind, broken JSON, multipart without a boundary
    for (const bad of BAD_BODIES)
      cases.push({ label: `body ${JSON.stringify(bad).slice(0, 20)}`, request: { ...base(), ...withBody(bad) } });
    cases.push({
      label: 'broken JSON',
      request: { ...base(), payload: '{"a":', headers: { 'content-type': 'application/json' } },
    });
    cases.push({
      label: 'text/plain',
      request: { ...base(), payload: 'hello', headers: { 'content-type': 'text/plain' } },
    });
    cases.push({
      label: 'multipart without a boundary',
      request: { ...base(), payload: 'x', headers: { 'content-type': 'multipart/form-data' } },
    });
    // each field: missing, and every odd value
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const field of Object.keys(op.body?.properties ?? {})) {
        const { [field]: _dropped, ...without } = body;
        cases.push({ label: `body without ${field}`, request: { ...base(), ...withBody(without) } });
        for (const bad of BAD_VALUES) {
          cases.push({
            label: `body ${field}=${JSON.stringify(bad).slice(0, 20)}`,
            request: { ...base(), ...withBody({ ...body, [field]: bad }) },
          });
        }
      }
    }
  }
  return cases;
}

const ORDER = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;

export function fuzzRoutes(half: 0 | 1) {
  describe.each(drivers)(`every other route (half ${half + 1} of 2) fed bad input on %s`, (driver) => {
    let sim: TestSimulator;
    let t: TestApp;
    let admin: Record<string, string>;
    beforeAll(async () => {
      sim = await startTestSimulator('noon');
      t = await createTestApp(driver, { demoController: sim.config, sheetLimits: { timeMs: 2_000, memoryMb: 256 } });
      admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    });
    afterAll(async () => {
      await t.close();
      await sim.close();
    });

    async function send(request: InjectOptions, headers: Record<string, string>): Promise<LightMyRequestResponse> {
      const url = String(request.url).startsWith('/api')
        ? request.url
        : `/api/v1${String(request.url).replace(/^\/api\/v1/, '')}`;
      const answer = t.app.inject({ ...request, url, headers: { ...headers, ...(request.headers as object) } });
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer in 15 s')), 15_000),
      );
      return Promise.race([answer, timeout]);
    }

    // a hang is caught per request (15 s); the walk itself, some 14,000 requests, takes 25 s alone and more on a loaded
    // two-core machine
    it('never answers 5xx nor hangs, signed in or not, and the registers still export afterwards', {
      timeout: 180_000,
    }, async () => {
      const all = (await operationsOf(t.app)).sort(
        (a, b) => ORDER[a.method] - ORDER[b.method] || a.path.localeCompare(b.path),
      );
      expect(all.length).toBeGreaterThan(160);
      const operations = all.filter((_, i) => i % 2 === half);
      const failures: string[] = [];
      let sent = 0;
      for (const op of operations) {
        const cases = casesOf(op);
        // a few as a stranger too: the auth check comes first
        for (const [i, c] of cases.entries()) {
          for (const headers of i % 10 === 0 ? [admin, {}] : [admin]) {
            let res: LightMyRequestResponse;
            try {
              res = await send(c.request, headers);
            } catch (err) {
              failures.push(`${op.method} ${op.path} [${c.label}]: ${(err as Error).message}`);
              continue;
            }
            sent++;
            // the session ended (a password change, a logout): a new one; a device or metrics token refused is no session's
            const sessionGone = res.statusCode === 401 && /^(session|account)/.test(String(res.json().code));
            if (sessionGone && headers === admin) admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
            if (res.statusCode >= 500)
              failures.push(`${op.method} ${op.path} [${c.label}]: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      console.info(`route fuzz: ${sent} requests to ${operations.length} operations`);
      expect(sent).toBeGreaterThan(2_500);
      // nothing stored by the fuzz breaks a register
      for (const url of [
        '/it4u/export/listSupplies',
        '/it4u/export/importWarehouse',
        '/it4u/export/exportWarehouse',
        '/it4u/export/channel',
        '/user',
        '/it4u/contracts',
        '/it4u/sitename',
        '/it4u/channel/attribute.all',
      ]) {
        const res = await send({ method: 'GET', url }, admin);
        expect(res.statusCode, url).toBe(200);
      }
      const report = await send(
        { method: 'POST', url: '/it4u/reportSupplies', payload: { fromDate: 0, toDate: Date.UTC(2030, 0, 1) } },
        admin,
      );
      expect(report.statusCode).toBe(200);
    });
  });
}
