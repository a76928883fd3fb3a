import { alertsRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { AlertDeliveryService } from './alerts.delivery.ts';
import type { AlertsService } from './alerts.service.ts';

export async function alertsRoutes(
  app: FastifyInstance,
  opts: { alerts: AlertsService; delivery: AlertDeliveryService },
) {
  const { alerts, delivery } = opts;
  serve(app, routes, {
    'GET /it4u/alerts': ({ query, principal }) =>
      alerts.page(principal, query.state ?? 'open', query.page, query.pageSize),
    'GET /it4u/alerts/count': ({ principal }) => alerts.counts(principal),
    'POST /it4u/alerts/:id/ack': (request) => alerts.ack(request.params.id, request.body.note, contextOf(request)),
    'POST /it4u/alerts/:id/mute': (request) => alerts.mute(request.params.id, request.body.minutes, contextOf(request)),
    'POST /it4u/alerts/look': async () => {
      const result = await alerts.look({ fresh: true });
      await delivery.deliverDue();
      return { opened: result?.opened.length ?? null, resolved: result?.resolved.length ?? null };
    },
    'GET /it4u/alerts/rules': () => alerts.rules(),
    'PUT /it4u/alerts/rules/:kind': (request) => alerts.setRule(request.params.kind, request.body, contextOf(request)),
    'GET /it4u/alerts/delivery': async () => ({
      settings: await delivery.settings(),
      webhooks: await delivery.webhooks(),
    }),
    'PUT /it4u/alerts/delivery': (request) => delivery.setSettings(request.body, contextOf(request)),
    'POST /it4u/alerts/webhooks': (request) => delivery.addWebhook(request.body, contextOf(request)),
    'PUT /it4u/alerts/webhooks/:id': (request) =>
      delivery.updateWebhook(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/alerts/webhooks/:id': (request) => delivery.removeWebhook(request.params.id, contextOf(request)),
    'GET /it4u/alerts/deliveries': ({ query }) => delivery.deliveries(query.page, query.pageSize),
  });
}
