import { slaRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { SlaMailer } from './sla.mail.ts';
import type { SlaService } from './sla.service.ts';

export async function slaRoutes(app: FastifyInstance, opts: { sla: SlaService; mail: SlaMailer }) {
  serve(app, routes, {
    'GET /it4u/sla': ({ query }) => opts.sla.report(query),
    'GET /it4u/sla/pdf': async ({ query }, reply) => {
      const { lang, ...asked } = query;
      const made = await opts.mail.pdf({ ...asked, language: lang ?? 'en' });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${made.file}.pdf"`)
        .send(made.pdf);
    },
    'GET /it4u/sla/mail': () => opts.mail.settings(),
    'PUT /it4u/sla/mail': (request) => opts.mail.setSettings(request.body, contextOf(request)),
    'POST /it4u/sla/mail/send': ({ body, principal }) => opts.mail.send(body.month, principal),
  });
}
