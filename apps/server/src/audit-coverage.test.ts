import { readFileSync } from 'node:fs';
import { auditAreaOf } from '@it4u/shared';
import { NAMED_SCHEMAS } from '@it4u/shared/api';
import * as shared from '@it4u/shared/routes';
import { defineRoutes, READ, type RouteSpec } from '@it4u/shared/routes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from './lib/audit.ts';
import { serve } from './lib/serve.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { operationsOf } from './test/openapi.ts';

/**
 * The writes that leave no audit line, each for its reason (said in its contract). Adding one is a decision: it goes
 * here too. Reads sent as POST (`READ`) are not listed: they change nothing.
 */
const NOT_AUDITED = [
  'POST /auth/refresh', // the session keeps when it was renewed; a refresh token used twice is audited
  'PUT /private-chat/channel', // opens the conversation of two people
  'POST /private-chat/channel/:channelUuid/messages', // a private message stays in its conversation
  'POST /private-chat/channel/:channelUuid/read', // a read mark of one's own conversation
  'POST /it4u/controllers/:id/check', // a check's result is the controller's state, not a setting
  'POST /it4u/configMail/test', // the mail log keeps it, with the mail server's answer
  'POST /it4u/mailLog/:id/resend', // the mail log keeps it, with the mail server's answer
  'POST /it4u/sla/mail/send', // the mail log keeps each mail, with the server's answer and who sent it
  'POST /it4u/customer_info', // a router's report: the links' own history keeps it
  'POST /it4u/alerts/look', // a look: the alerts it opens and resolves are its record
  'POST /it4u/reconciliation/scan', // a read of the controllers: the sightings it writes are what they said
  'POST /guest/s/:site/', // a guest signing in: the controller keeps the guest and the voucher used
];

const contracts = new Map<string, RouteSpec>();
for (const value of Object.values(shared)) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
  for (const [key, spec] of Object.entries(value)) {
    if (/^(GET|POST|PUT|DELETE) \//.test(key)) contracts.set(key, spec as RouteSpec);
  }
}

/** Every write in every area leaves its audit line (issue 27 §3): what the contracts say, and what serve() checks. */
describe('the audit trail of every write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('every write of the OpenAPI description names its audit line, or is a read, or is one of the listed few', async () => {
    const writes = (await operationsOf(t.app))
      .filter((op) => op.method !== 'GET')
      .map((op) => `${op.method} ${op.path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1')}`);
    expect(writes.length).toBeGreaterThan(90);
    const unknown = writes.filter((key) => !contracts.has(key));
    expect(unknown, 'writes registered outside the route contracts').toEqual([]);
    const silent = writes.filter((key) => contracts.get(key)?.audit === undefined);
    expect(silent).toEqual([]);
    const exempt = writes.filter((key) => {
      const audit = contracts.get(key)?.audit;
      return typeof audit === 'object' && audit !== READ;
    });
    expect(exempt.sort()).toEqual([...NOT_AUDITED].sort());
    const audited = writes.filter((key) => typeof contracts.get(key)?.audit === 'string');
    expect(audited.length).toBeGreaterThan(60);
  });

  it("names every write's event in both languages on the Audit screen", () => {
    for (const language of ['en', 'vi']) {
      const texts = JSON.parse(readFileSync(new URL(`../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'));
      const named = Object.keys(texts.audit.events as Record<string, string>).map((k) => k.replaceAll('_', '.'));
      const missing = [...contracts.values()]
        .map((spec) => spec.audit)
        .filter((audit): audit is string => typeof audit === 'string')
        .filter((event) => !named.some((n) => (event.endsWith('.') ? n.startsWith(event) : n === event)));
      expect(missing, language).toEqual([]);
    }
  });

  it("files every write's event under an area of the Audit screen's filter", () => {
    const events = [...contracts.values()]
      .map((spec) => spec.audit)
      .filter((audit): audit is string => typeof audit === 'string');
    expect(events.filter((event) => auditAreaOf(event) === undefined)).toEqual([]);
  });
});

describe("serve()'s check of a write's audit line", () => {
  const app = Fastify();
  const audit = createAudit({
    insert: () => ({ values: () => ({ returning: async () => [{ id: 1 }] }) }),
  } as unknown as Parameters<typeof createAudit>[0]);
  beforeAll(async () => {
    app.decorate('auditMisses', new Set<string>());
    for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
    const routes = defineRoutes('test', {
      'POST /recorded': { access: 'public', summary: 'records its line', audit: 'thing.' },
      'POST /forgotten': { access: 'public', summary: 'forgets its line', audit: 'thing.' },
      'POST /refused': { access: 'public', summary: 'refused before its line', audit: 'thing.' },
      'POST /lookup': { access: 'public', summary: 'a read', audit: READ },
    });
    serve(app, routes, {
      'POST /recorded': async (_request, reply) => {
        await audit.record('thing.create', {});
        return reply.status(201).send({});
      },
      'POST /forgotten': async () => ({}),
      'POST /refused': async (_request, reply) => reply.status(409).send({}),
      'POST /lookup': async () => ({}),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names a write that answered success without its line, and nothing else', async () => {
    for (const url of ['/recorded', '/forgotten', '/refused', '/lookup']) await app.inject({ method: 'POST', url });
    expect([...app.auditMisses]).toEqual(['POST /forgotten']);
  });

  it('refuses a write whose contract says nothing of its audit line', () => {
    const bare = Fastify();
    bare.decorate('auditMisses', new Set<string>());
    const routes = defineRoutes('test', { 'DELETE /thing': { access: 'public', summary: 'silent' } });
    expect(() => serve(bare, routes, { 'DELETE /thing': async () => ({}) })).toThrow('does not say what it audits');
  });
});
