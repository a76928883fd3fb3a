import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type BlockList, isIP, type LookupFunction } from 'node:net';
import type { AlertDelivery, Webhook, WebhookFormat, WebhookInput } from '@it4u/shared/api';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { checkHost, failureKind, rangesOf } from '../../lib/hosts.ts';
import type { Leases } from '../../lib/leases.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import type { AlertsRepository, Claimed, Targets } from './alerts.repository.ts';
import { alertTexts, alertTitle, vietnamTime } from './alerts.texts.ts';

const MINUTE = 60_000;
/** The deliveries' lease (lib/leases.ts): one instance sends at a time; one that died is taken over within 30 s. */
const DUTY = 'alerts.delivery';
/** The waits after each failed try; after the last, the delivery has failed for good. */
const BACK_OFF_MINUTES = [1, 5, 15, 60];
const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this many deliveries of a channel a look. */
const BATCH = 50;

const DEFAULTS: AlertDelivery = { mail: { enabled: false, to: [], digestMinutes: 0 }, language: 'Vietnamese' };

export type MailForAlerts = Pick<MailService, 'deliver'>;

type Row = Awaited<ReturnType<AlertsRepository['webhooks']>>[number];
const toWebhook = (r: Row): Webhook => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format as WebhookFormat,
  enabled: r.enabled,
  createdAt: r.createdAt.getTime(),
});

/** One line of what happened to an alert, in a language: what, where, since when (or when it resolved). */
function lineOf(c: Claimed, language: AlertDelivery['language'], publicUrl: string | undefined): string {
  const t = alertTexts(language);
  const a = c.alert;
  const where = [a.siteName ?? a.site, a.customer].filter((x, i, all) => x && all.indexOf(x) === i).join(' · ');
  const when =
    c.event === 'opened'
      ? `${t.since} ${vietnamTime(a.since)}`
      : `${vietnamTime(a.since)} – ${vietnamTime(a.resolvedAt ?? a.since)}`;
  const link = publicUrl ? ` ${publicUrl}/alerts` : '';
  return `[${c.event === 'opened' ? t.opened : t.resolved}] ${alertTitle(a, language)}${where ? ` — ${where}` : ''} (${when})${link}`;
}

/** A webhook's body in its format: the console's JSON, or the text a chat service's incoming webhook takes. */
export function webhookBody(
  c: Claimed,
  format: WebhookFormat,
  language: AlertDelivery['language'],
  publicUrl?: string,
) {
  const text = lineOf(c, language, publicUrl);
  switch (format) {
    case 'json':
      return { event: `alert.${c.event}`, alert: c.alert, text };
    case 'discord':
      return { content: text };
    default:
      return { text };
  }
}

/** The signature header of a body: HMAC-SHA256 of `<timestamp>.<body>` under the webhook's secret, in hex. */
export const signature = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** Where a webhook may go: never this machine, loopback, link-local, nor a private range an administrator did not allow. */
type Reach = { allowLoopback: boolean; refusePrivate: true; allowed: BlockList };

/**
 * POSTs a body to an address checked first (not this machine, loopback, link-local, nor a private range not allowed),
 * connecting to the address checked, so that a name that answers otherwise a moment later changes nothing. Answers
 * what the receiver said.
 */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  reach: Reach,
): Promise<{ ok: boolean; answer: string }> {
  const target = new URL(url);
  const checked = await checkHost(target.hostname, reach);
  if (!checked.ok)
    return {
      ok: false,
      answer: checked.refused === 'forbidden' ? `refused: ${checked.kind} address` : `unresolved: ${checked.reason}`,
    };
  const family = isIP(checked.address);
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: checked.address, family },
      ]);
    else callback(null, checked.address, family);
  };
  return new Promise((resolve) => {
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, answer: `HTTP ${status}` });
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    request.on('error', (err) => resolve({ ok: false, answer: failureKind(err) }));
    request.end(body);
  });
}

/**
 * Where the alerts go as they open and resolve: the mail (at once, or a digest) to the addresses an administrator
 * set, and the webhooks an administrator added, each body signed with the webhook's secret. Each opening and
 * resolving is queued once (in the look that saw it) and sent by whichever instance takes it, retried with
 * back-off, kept with its answer. Only an administrator sets an address: no other caller chooses where a body goes.
 */
export function createAlertDelivery(deps: {
  alerts: AlertsRepository;
  leases: Leases;
  store: SettingsStore;
  mail: MailForAlerts;
  audit: Audit;
  secretKey: Buffer;
  now: () => number;
  /** the tests' receivers on loopback */
  allowLoopback?: boolean;
  /** private ranges webhooks may reach all the same (CIDR, comma-separated) */
  allowRanges?: string;
  publicUrl?: string;
}) {
  const { alerts } = deps;
  const reach: Reach = {
    allowLoopback: deps.allowLoopback ?? false,
    refusePrivate: true,
    allowed: rangesOf(deps.allowRanges),
  };
  const settings = async (): Promise<AlertDelivery> => ({
    ...DEFAULTS,
    ...((await deps.store.read<AlertDelivery>()) ?? {}),
  });

  async function checkAddress(url: string) {
    const host = new URL(url).hostname;
    const checked = await checkHost(host, reach);
    if (!checked.ok && checked.refused === 'forbidden' && checked.kind === 'private') {
      throw new BadRequestError('webhookPrivate', 'url', { host, address: checked.address });
    }
    if (!checked.ok)
      throw new BadRequestError('webhookRefused', 'url', {
        host,
        kind: checked.refused === 'forbidden' ? checked.kind : 'unresolved',
      });
  }

  const retry = (attempts: number, now: number) =>
    attempts > BACK_OFF_MINUTES.length
      ? { status: 'failed' as const }
      : { status: 'pending' as const, nextAt: now + (BACK_OFF_MINUTES[attempts - 1] as number) * MINUTE };

  async function sendMail(s: AlertDelivery) {
    const now = deps.now();
    if (s.mail.digestMinutes > 0) {
      const oldest = await alerts.oldestWaiting('mail');
      if (oldest === null || now - oldest < s.mail.digestMinutes * MINUTE) return;
    }
    const claimed = await alerts.claim('mail', now, 500);
    if (!claimed.length) return;
    const ids = claimed.map((c) => c.id);
    if (!s.mail.enabled || !s.mail.to.length)
      return alerts.finish(ids, { status: 'failed', answer: 'the alerts mail is off or has no address', at: now });
    const t = alertTexts(s.language);
    const text = [t.intro, '', ...claimed.map((c) => lineOf(c, s.language, deps.publicUrl))].join('\n');
    const { delivery } = await deps.mail.deliver('alert', { to: s.mail.to, subject: t.subject(claimed.length), text });
    const attempts = Math.max(...claimed.map((c) => c.attempts));
    await alerts.finish(ids, {
      ...(delivery.ok ? { status: 'sent' as const } : retry(attempts, now)),
      answer: delivery.response || delivery.code,
      at: deps.now(),
    });
  }

  async function sendWebhooks(s: AlertDelivery) {
    const now = deps.now();
    const claimed = await alerts.claim('webhook', now, BATCH);
    if (!claimed.length) return;
    const hooks = new Map((await alerts.webhooks()).map((w) => [w.id, w]));
    await Promise.all(
      claimed.map(async (c) => {
        const hook = c.webhookId === null ? undefined : hooks.get(c.webhookId);
        if (!hook?.enabled) return alerts.finish([c.id], { status: 'failed', answer: 'the webhook is off', at: now });
        const body = JSON.stringify(webhookBody(c, hook.format as WebhookFormat, s.language, deps.publicUrl));
        const timestamp = Math.floor(deps.now() / 1000);
        let outcome: { ok: boolean; answer: string };
        try {
          outcome = await post(
            hook.url,
            body,
            {
              'content-type': 'application/json',
              'user-agent': 'IT4U-console',
              'x-it4u-event': `alert.${c.event}`,
              'x-it4u-delivery': String(c.id),
              'x-it4u-timestamp': String(timestamp),
              'x-it4u-signature': signature(decryptSecret(deps.secretKey, hook.secret), timestamp, body),
            },
            reach,
          );
        } catch (err) {
          outcome = { ok: false, answer: err instanceof Error ? err.message.slice(0, 200) : 'failed' };
        }
        await alerts.finish([c.id], {
          ...(outcome.ok ? { status: 'sent' as const } : retry(c.attempts, now)),
          answer: outcome.answer,
          at: deps.now(),
        });
      }),
    );
  }

  return {
    settings,

    /** Where a look's alerts go now: the mail when on, each webhook on. */
    async targets(): Promise<Targets> {
      const [s, hooks] = await Promise.all([settings(), alerts.webhooks()]);
      return {
        mail: s.mail.enabled && s.mail.to.length > 0,
        webhooks: hooks.filter((h) => h.enabled).map((h) => h.id),
      };
    },

    async setSettings(body: AlertDelivery, ctx: RequestContext): Promise<AlertDelivery> {
      await deps.store.write(body, async (tx) => {
        const details = {
          enabled: body.mail.enabled,
          to: body.mail.to,
          digestMinutes: body.mail.digestMinutes,
          language: body.language,
        };
        await deps.audit.record('alert.delivery', ctx, { details }, tx);
      });
      return settings();
    },

    webhooks: async () => (await alerts.webhooks()).map(toWebhook),

    async addWebhook(body: WebhookInput, ctx: RequestContext) {
      await checkAddress(body.url);
      const secret = randomBytes(24).toString('hex');
      const row = await alerts.transaction(async (tx) => {
        const made = await alerts.insertWebhook(
          {
            name: body.name.trim(),
            url: body.url,
            format: body.format,
            enabled: body.enabled,
            secret: encryptSecret(deps.secretKey, secret),
            createdAt: new Date(deps.now()),
          },
          tx,
        );
        // the address only as its origin: a chat service's path is its own secret
        const details = {
          name: made.name,
          origin: new URL(made.url).origin,
          format: made.format,
          enabled: made.enabled,
        };
        await deps.audit.record('alert.webhook.create', ctx, { target: `webhook:${made.id}`, details }, tx);
        return made;
      });
      return { webhook: toWebhook(row), secret };
    },

    async updateWebhook(id: number, body: WebhookInput, ctx: RequestContext) {
      const before = await alerts.webhook(id);
      if (!before) throw new NotFoundError();
      await checkAddress(body.url);
      const secret = body.newSecret ? randomBytes(24).toString('hex') : undefined;
      await alerts.transaction(async (tx) => {
        await alerts.updateWebhook(
          id,
          {
            name: body.name.trim(),
            url: body.url,
            format: body.format,
            enabled: body.enabled,
            ...(secret ? { secret: encryptSecret(deps.secretKey, secret) } : {}),
          },
          tx,
        );
        const details = {
          name: body.name.trim(),
          origin: new URL(body.url).origin,
          urlChanged: body.url !== before.url,
          format: body.format,
          enabled: body.enabled,
          newSecret: Boolean(secret),
        };
        await deps.audit.record('alert.webhook.update', ctx, { target: `webhook:${id}`, details }, tx);
      });
      const after = (await alerts.webhook(id)) as Row;
      return { webhook: toWebhook(after), ...(secret ? { secret } : {}) };
    },

    async removeWebhook(id: number, ctx: RequestContext) {
      const before = await alerts.webhook(id);
      if (!before) throw new NotFoundError();
      await alerts.transaction(async (tx) => {
        await alerts.deleteWebhook(id, tx);
        const details = { name: before.name, origin: new URL(before.url).origin };
        await deps.audit.record('alert.webhook.delete', ctx, { target: `webhook:${id}`, details }, tx);
      });
    },

    /**
     * Sends what is due: the mail (now, or when its digest is due), and the webhooks' bodies; nothing while another
     * instance holds the deliveries' lease (it is sending them).
     */
    async deliverDue() {
      await deps.leases.run(DUTY, async () => {
        const s = await settings();
        await Promise.all([sendMail(s), sendWebhooks(s)]);
      });
    },

    deliveries: (page: number, pageSize: number) => alerts.deliveries((page - 1) * pageSize, pageSize),
  };
}

export type AlertDeliveryService = ReturnType<typeof createAlertDelivery>;
