import { mailRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { serve } from '../../lib/serve.ts';
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

/** The Mailer tab (ROLE_ADMIN only): settings, a test mail, the send log with resend, the schedule's runs. */
export async function mailRoutes(app: FastifyInstance, opts: { mail: MailService }) {
  const { mail } = opts;
  const limited = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
  serve(app, routes, {
    'GET /it4u/configMail': () => mail.get(),
    'PUT /it4u/configMail': {
      options: { preValidation: scheduleRequired },
      handler: (request) => mail.put(request.body, contextOf(request)),
    },
    'POST /it4u/configMail/test': {
      options: limited,
      handler: (request) => mail.sendTest(request.body.to, request.principal),
    },
    'GET /it4u/mailLog': ({ query }) => mail.log(query.page, query.pageSize),
    'POST /it4u/mailLog/:id/resend': {
      options: limited,
      handler: (request) => mail.resend(request.params.id, request.principal),
    },
    'GET /it4u/mailRuns': () => mail.runs(10),
  });
}
