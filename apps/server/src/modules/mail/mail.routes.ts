import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  IdParams,
  MailConfigBody,
  MailConfigSchema,
  MailLogPageSchema,
  MailOutcomeSchema,
  MailRunSchema,
  PageNumber,
  PageSize,
  TestMailBody,
} from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { MailService } from './mail.service.ts';

/**
 * An empty or missing schedule, said as the mailer tab says it ('Please_input_your_cronjob': cronRequired) rather than as
 * the body's generic problem: looked at before the body is checked.
 */
async function scheduleRequired(request: FastifyRequest) {
  const body = request.body as { cronjobMail?: unknown } | null | undefined;
  if (typeof body !== 'object' || body === null) return;
  const cron = body.cronjobMail;
  if (cron === undefined || cron === null || (typeof cron === 'string' && cron.trim() === '')) {
    throw new BadRequestError('cronRequired', 'cronjobMail');
  }
}

const LogQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
});

/** The Mailer tab (ROLE_ADMIN only): settings, a test mail, the send log with resend, the schedule's runs. */
export async function mailRoutes(app: FastifyInstance, opts: { mail: MailService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { mail } = opts;
  const admin = { onRequest: app.auth('mailer') };
  const tags = ['mail'];
  const security = secured;

  r.get(
    '/it4u/configMail',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The mail settings; a stored password comes back as ********',
        security,
        response: { 200: MailConfigSchema, ...authErrors },
      },
    },
    () => mail.get(),
  );

  r.put(
    '/it4u/configMail',
    {
      ...admin,
      preValidation: scheduleRequired,
      schema: {
        tags,
        summary:
          'Save the mail settings. The schedule is a cron expression of five fields in Asia/Ho_Chi_Minh (400 with the reason; cronRequired when empty); ******** keeps the stored password, except when the server or username changes.',
        security,
        body: MailConfigBody,
        response: { 200: MailConfigSchema, ...authErrors },
      },
    },
    (request) => mail.put(request.body, contextOf(request)),
  );

  r.post(
    '/it4u/configMail/test',
    {
      ...admin,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a test mail with the saved settings: what the mail server answered, in words (200 either way)',
        security,
        body: TestMailBody,
        response: { 200: MailOutcomeSchema, ...authErrors, 429: ErrorRef },
      },
    },
    (request) => mail.sendTest(request.body.to, request.principal),
  );

  r.get(
    '/it4u/mailLog',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The send log: every mail sent or failed, newest first, with the server answer or the error',
        security,
        querystring: LogQuery,
        response: { 200: MailLogPageSchema, ...authErrors },
      },
    },
    (request) => mail.log(request.query.page, request.query.pageSize),
  );

  r.post(
    '/it4u/mailLog/:id/resend',
    {
      ...admin,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Send a mail of the log again: a test mail to the same address, the report as of now (409 for a reset mail)',
        security,
        params: IdParams,
        response: { 200: MailOutcomeSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef, 429: ErrorRef },
      },
    },
    (request) => mail.resend(request.params.id, request.principal),
  );

  r.get(
    '/it4u/mailRuns',
    {
      ...admin,
      schema: {
        tags,
        summary: "The scheduled report's latest times: sent, failed, or missed (no instance was running)",
        security,
        response: { 200: Type.Array(MailRunSchema), ...authErrors },
      },
    },
    () => mail.runs(10),
  );
}
