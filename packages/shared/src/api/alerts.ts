import { type Static, Type } from '@sinclair/typebox';
import { Epoch, Id, PageNumber, PageSize } from './common.ts';
import { Email } from './users.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(s: T) => Type.Union([s, Type.Null()]);

/**
 * What the console watches. Each kind has a rule an administrator sets: on or off, how long its condition must hold
 * before an alert opens, how long it must be clear before the alert resolves, and for some a threshold.
 */
export const ALERT_KINDS = [
  /** an access point disconnected */
  'apDown',
  /** a site's wifi in error (the controller's health) */
  'siteError',
  /** a controller that cannot be read */
  'controllerDown',
  /** a WAN link of a customer site down */
  'wanDown',
  /** a customer site's router silent (no push) */
  'routerSilent',
  /** a leased channel whose status became offline or suspend */
  'channelDown',
  /** a scheduled mail or a backup that failed */
  'jobFailed',
  /** a catalogue item whose stock on hand fell below its minimum */
  'stockLow',
  /** a terminal host that offered a key other than the one pinned */
  'hostKeyChanged',
  /** a batch of a site's hotspot vouchers nearly used up (its rule's `percent` or less left) */
  'vouchersLow',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const AlertKindSchema = Type.Unsafe<AlertKind>({ type: 'string', enum: [...ALERT_KINDS] });

/** The longest hold or clear time of a rule: a day. */
export const ALERT_MAX_MINUTES = 1_440;
/** The longest mute: a week. */
export const ALERT_MAX_MUTE_MINUTES = 10_080;

export const AlertRuleSchema = Type.Object({
  kind: AlertKindSchema,
  enabled: Type.Boolean(),
  /** minutes the condition must hold before the alert opens (0: at once) */
  holdMinutes: Type.Integer({ minimum: 0, maximum: ALERT_MAX_MINUTES }),
  /** minutes the condition must stay clear before the alert resolves (0: at once) */
  clearMinutes: Type.Integer({ minimum: 0, maximum: ALERT_MAX_MINUTES }),
  /** the kinds with a threshold of their own (vouchersLow): the share of a batch left, in %, at or below which it opens */
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
});
export type AlertRule = Static<typeof AlertRuleSchema>;
/** The kinds whose rule has a `percent`. */
export const ALERT_KINDS_WITH_PERCENT: readonly AlertKind[] = ['vouchersLow'];
export const AlertRuleBody = Type.Object({
  enabled: Type.Boolean(),
  holdMinutes: AlertRuleSchema.properties.holdMinutes,
  clearMinutes: AlertRuleSchema.properties.clearMinutes,
  /** only for the kinds with a threshold (else refused); left out: kept as it was */
  percent: AlertRuleSchema.properties.percent,
});
export type AlertRuleInput = Static<typeof AlertRuleBody>;
export const AlertKindParams = Type.Object({ kind: AlertKindSchema });

/** What an alert names, for its text and its links: each kind its own (an access point's name, a link's number…). */
export const AlertParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

export const AlertSchema = Type.Object({
  id: Type.Integer(),
  kind: AlertKindSchema,
  /** what it is about, one per kind while open: `ap:<mac>`, `wan:<site id>:<link>`, `controller:<id>`… */
  subject: Type.String(),
  /** the site it is about (its short name on the controller), with its name; null: not a site's */
  site: nullable(Type.String()),
  siteName: nullable(Type.String()),
  /** the customer (contract) whose site or channel it is: their page */
  customerId: nullable(Type.Integer()),
  customer: nullable(Type.String()),
  params: AlertParamsSchema,
  /** since when its condition holds */
  since: Epoch,
  openedAt: Epoch,
  resolvedAt: nullable(Epoch),
  /** who acknowledged it, when, with what note */
  ack: nullable(Type.Object({ by: Type.String(), at: Epoch, note: Type.String() })),
  /** muted until then: counted nowhere, sent nowhere */
  mutedUntil: nullable(Epoch),
});
export type Alert = Static<typeof AlertSchema>;

export const AlertStateSchema = Type.Union([Type.Literal('open'), Type.Literal('resolved')]);
export const AlertsQuery = Type.Object({
  state: Type.Optional(AlertStateSchema),
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 20 }),
});
export const AlertsPageSchema = Type.Object({ items: Type.Array(AlertSchema), total: Type.Integer() });

/** The kinds that say a site has a fault now (the top bar's sites badge). */
export const SITE_FAULT_KINDS: readonly AlertKind[] = ['apDown', 'siteError', 'wanDown', 'routerSilent'];
/** The top bar's counts: the open alerts the caller is told about, those not acknowledged, the sites with a fault. */
export const AlertCountsSchema = Type.Object({
  /** open alerts the caller is told about, muted ones left out */
  open: Type.Integer(),
  /** of those, not acknowledged */
  unacked: Type.Integer(),
  /** sites with a fault now (an access point, the wifi, a WAN link, a router): acknowledged and muted ones too */
  sites: Type.Integer(),
});
export type AlertCounts = Static<typeof AlertCountsSchema>;

export const AlertAckBody = Type.Object({ note: Type.String({ maxLength: 500 }) });
/** Minutes from now; 0 ends a mute. */
export const AlertMuteBody = Type.Object({ minutes: Type.Integer({ minimum: 0, maximum: ALERT_MAX_MUTE_MINUTES }) });
export const AlertIdParams = Type.Object({ id: Id });

/** The forms a webhook's body takes: the console's JSON, or the incoming webhook of a chat service. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord', 'googleChat', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
const WebhookFormatSchema = Type.Unsafe<WebhookFormat>({ type: 'string', enum: [...WEBHOOK_FORMATS] });

/** How often the mail of alerts goes: at each look that opened or resolved one (0), or as a digest every so often. */
export const ALERT_DIGEST_MINUTES = [0, 15, 60, 240, 1440] as const;

export const AlertDeliverySchema = Type.Object({
  mail: Type.Object({
    enabled: Type.Boolean(),
    to: Type.Array(Email, { maxItems: 50, uniqueItems: true }),
    digestMinutes: Type.Unsafe<(typeof ALERT_DIGEST_MINUTES)[number]>({
      type: 'integer',
      enum: [...ALERT_DIGEST_MINUTES],
    }),
  }),
  /** the language of the mails and webhooks' texts */
  language: Type.Union([Type.Literal('English'), Type.Literal('Vietnamese')]),
});
export type AlertDelivery = Static<typeof AlertDeliverySchema>;

export const WebhookSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  format: WebhookFormatSchema,
  enabled: Type.Boolean(),
  createdAt: Epoch,
});
export type Webhook = Static<typeof WebhookSchema>;
export const WebhookBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  /** http or https; its host may not be this machine, loopback or link-local */
  url: Type.String({ minLength: 10, maxLength: 2000, pattern: '^https?://' }),
  format: WebhookFormatSchema,
  enabled: Type.Boolean(),
  /** a new signing secret is made (and answered once) */
  newSecret: Type.Optional(Type.Boolean()),
});
export type WebhookInput = Static<typeof WebhookBody>;
/** A webhook saved, with its signing secret when one was just made (shown this once). */
export const SavedWebhookSchema = Type.Object({ webhook: WebhookSchema, secret: Type.Optional(Type.String()) });

export const AlertDeliveryLineSchema = Type.Object({
  id: Type.Integer(),
  at: Epoch,
  alertId: Type.Integer(),
  kind: AlertKindSchema,
  event: Type.Union([Type.Literal('opened'), Type.Literal('resolved')]),
  channel: Type.Union([Type.Literal('mail'), Type.Literal('webhook')]),
  /** the webhook's name (null: the mail) */
  webhook: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  sentAt: Type.Union([Epoch, Type.Null()]),
  answer: Type.Union([Type.String(), Type.Null()]),
});
export type AlertDeliveryLine = Static<typeof AlertDeliveryLineSchema>;
export const AlertDeliveriesPageSchema = Type.Object({
  items: Type.Array(AlertDeliveryLineSchema),
  total: Type.Integer(),
});
