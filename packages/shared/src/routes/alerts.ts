import { Type } from '@sinclair/typebox';
import {
  AlertAckBody,
  AlertCountsSchema,
  AlertDeliveriesPageSchema,
  AlertDeliverySchema,
  AlertIdParams,
  AlertKindParams,
  AlertMuteBody,
  AlertRuleBody,
  AlertRuleSchema,
  AlertSchema,
  AlertsPageSchema,
  AlertsQuery,
  SavedWebhookSchema,
  WebhookBody,
  WebhookSchema,
} from '../api/alerts.ts';
import { IdParams, PageQuery } from '../api/common.ts';
import { defineRoutes } from '../contract.ts';

/** Alerts: what the console watches, opened and resolved by itself; each caller told of their own sites'. */
export const alertsRoutes = defineRoutes('alerts', {
  'GET /it4u/alerts': {
    access: 'signedIn',
    summary:
      "The alerts the caller is told about, newest first: open ones (default) or resolved ones; a customer only their own sites', a technician holding sites only theirs",
    query: AlertsQuery,
    response: AlertsPageSchema,
  },
  'GET /it4u/alerts/count': {
    access: 'signedIn',
    summary:
      "The top bar's counts: the open alerts the caller is told about and those not acknowledged (muted ones left out)",
    response: AlertCountsSchema,
  },
  'POST /it4u/alerts/:id/ack': {
    access: 'customerReport',
    audit: 'alert.ack',
    summary: 'Acknowledges an open alert, with a note: who and when are kept with it',
    params: AlertIdParams,
    body: AlertAckBody,
    response: AlertSchema,
    errors: [404, 409],
  },
  'POST /it4u/alerts/:id/mute': {
    access: 'customerReport',
    audit: 'alert.mute',
    summary: 'Mutes an open alert for some minutes (0 ends the mute): counted nowhere, sent nowhere meanwhile',
    params: AlertIdParams,
    body: AlertMuteBody,
    response: AlertSchema,
    errors: [404, 409],
  },
  'POST /it4u/alerts/look': {
    access: 'parameters',
    audit: { none: 'a look records what the watched conditions are: the alerts it opens and resolves are its record' },
    summary:
      'Looks at what the alerts watch now (the controllers read afresh) and sends what is due, as every instance does each minute (ROLE_ADMIN only): how many opened and resolved; null counts when another instance was looking',
    response: Type.Object({
      opened: Type.Union([Type.Integer(), Type.Null()]),
      resolved: Type.Union([Type.Integer(), Type.Null()]),
    }),
  },
  'GET /it4u/alerts/rules': {
    access: 'customerReport',
    summary:
      'The rule of each kind of alert: on or off, minutes to hold before opening, minutes clear before resolving',
    response: Type.Array(AlertRuleSchema),
  },
  'PUT /it4u/alerts/rules/:kind': {
    access: 'parameters',
    audit: 'alert.rule',
    summary:
      'Sets the rule of a kind of alert (ROLE_ADMIN only); `percent` only for the kinds with a threshold of their own (a voucher batch: the share left)',
    params: AlertKindParams,
    body: AlertRuleBody,
    response: AlertRuleSchema,
  },
  'GET /it4u/alerts/delivery': {
    access: 'parameters',
    summary:
      'Where the alerts are sent as they open and resolve: the mail (at once or as a digest) and the webhooks (ROLE_ADMIN only)',
    response: Type.Object({ settings: AlertDeliverySchema, webhooks: Type.Array(WebhookSchema) }),
  },
  'PUT /it4u/alerts/delivery': {
    access: 'parameters',
    audit: 'alert.delivery',
    summary: "Sets the alerts' mail: on or off, its addresses, at once or a digest, and the texts' language",
    body: AlertDeliverySchema,
    response: AlertDeliverySchema,
  },
  'POST /it4u/alerts/webhooks': {
    access: 'parameters',
    audit: 'alert.webhook.create',
    summary:
      'Adds a webhook: an address that is not this machine, loopback or link-local; its signing secret is made and answered this once',
    body: WebhookBody,
    response: SavedWebhookSchema,
    status: 201,
  },
  'PUT /it4u/alerts/webhooks/:id': {
    access: 'parameters',
    audit: 'alert.webhook.update',
    summary: 'Changes a webhook; with newSecret, a new signing secret is made and answered this once',
    params: IdParams,
    body: WebhookBody,
    response: SavedWebhookSchema,
    errors: [404],
  },
  'DELETE /it4u/alerts/webhooks/:id': {
    access: 'parameters',
    audit: 'alert.webhook.delete',
    summary: 'Removes a webhook, with what was waiting to be sent to it',
    params: IdParams,
    status: 204,
    errors: [404],
  },
  'GET /it4u/alerts/deliveries': {
    access: 'parameters',
    summary:
      "Each alert's opening and resolving sent by mail and webhook, newest first: its state, attempts and the answer",
    query: Type.Pick(PageQuery, ['page', 'pageSize']),
    response: AlertDeliveriesPageSchema,
  },
});
