import {
  type ErrorParams,
  type MailLogEntry,
  type MailOutcome,
  type SlaMail,
  VIETNAM_OFFSET_MS,
  vietnamMonthOf,
  vietnamMonthSpan,
} from '@it4u/shared';
import type { CountedHours } from '@it4u/shared/api';
import type { Audit } from '../../lib/audit.ts';
import type { Actor, RequestContext } from '../../lib/context.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import { slaPdf } from './sla.pdf.ts';
import type { SlaService } from './sla.service.ts';
import { fill, type SlaLanguage, slaTexts } from './sla.texts.ts';

const HOUR_MS = 3_600_000;
/** The monthly mail goes on the 1st at 08:00 (Vietnam) for the month before. */
const SEND_AT_MS = 8 * HOUR_MS;
/** A 1st reached this late (every instance was down at 08:00) is still sent; later, it is logged missed. */
export const SLA_GRACE_MS = 24 * HOUR_MS;

/** What the mail area does for the monthly report: its transport and log, and its times taken once. */
export type MailForSla = Pick<MailService, 'deliver' | 'once' | 'lineOf' | 'outcome'>;

type Stored = SlaMail & {
  /** when the mail was turned on: the 1sts before are neither sent nor missed */
  since: number;
};

const DEFAULTS: Stored = { enabled: false, to: [], customers: [], language: 'Vietnamese', since: 0 };

/** A month of Vietnam ('YYYY-MM') written as its people read it: 10/2026. */
const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;
const languageOf = (l: SlaMail['language']): SlaLanguage => (l === 'English' ? 'en' : 'vi');

/** The time the report of a month is due: the next month's 1st at 08:00 in Vietnam. */
export function dueOf(month: string): number {
  const [, end] = vietnamMonthSpan(month);
  return end + SEND_AT_MS;
}

/**
 * The availability report as documents: the PDF of a period (the operator's, or one customer's), and the monthly mail
 * to the addresses an administrator set (the operator's report; each listed customer their own), sent once across
 * instances on the 1st, each mail logged and sendable again from the mail log.
 */
export function createSlaMail(deps: {
  sla: SlaService;
  mail: MailForSla;
  store: SettingsStore;
  /** a customer's name by their contract, undefined when there is no such contract */
  customerName: (id: number) => Promise<string | undefined>;
  audit: Audit;
  now: () => number;
}) {
  const load = async (): Promise<Stored> => ({ ...DEFAULTS, ...((await deps.store.read<Stored>()) ?? {}) });

  /** A period's report as a PDF, with the name of its file (without its extension) and the report it was made of. */
  async function pdf(asked: {
    from?: number;
    to?: number;
    hours?: CountedHours;
    customerId?: number;
    language: SlaLanguage;
  }): Promise<{ pdf: Buffer; file: string; report: Awaited<ReturnType<SlaService['report']>> }> {
    const customer = asked.customerId === undefined ? undefined : await deps.customerName(asked.customerId);
    if (asked.customerId !== undefined && customer === undefined) throw new NotFoundError('contractNotFound');
    const report = await deps.sla.report(asked);
    const month = vietnamMonthOf(report.from);
    const [start, end] = vietnamMonthSpan(month);
    // a whole month is named by it; another period by its first and last days
    const name =
      report.from === start && (asked.to ?? end) === end
        ? monthText(month)
        : `${new Date(report.from + VIETNAM_OFFSET_MS).toISOString().slice(0, 10)} – ${new Date(report.to + VIETNAM_OFFSET_MS - 1).toISOString().slice(0, 10)}`;
    const t = slaTexts(asked.language);
    return {
      pdf: await slaPdf(report, { language: asked.language, month: name, now: deps.now(), customer }),
      file: `${fill(t.file, { month })}${asked.customerId === undefined ? '' : `-${asked.customerId}`}`,
      report,
    };
  }

  type Meta = { runAt?: number; actor?: string };
  type Recipient = { customerId: number | null; to: string[] };

  /** A month's report to one recipient (the operator, or a customer): made, mailed, logged. */
  async function sendOne(month: string, language: SlaLanguage, recipient: Recipient, given: Meta) {
    const t = slaTexts(language);
    // every line names the 1st the month's report is due on, so that Resend knows the month
    const meta = { ...given, runAt: dueOf(month) };
    const [from, to] = vietnamMonthSpan(month);
    const customerId = recipient.customerId ?? undefined;
    const subject = fill(customerId === undefined ? t.subject : t.customerSubject, { month: monthText(month) });
    try {
      // the month is read once: the mail's words count what the PDF holds
      const made = await pdf({ from, to, customerId, language });
      const { report } = made;
      const text =
        customerId === undefined
          ? fill(t.mailText, {
              month: monthText(month),
              providers: report.providers.length,
              links: report.links.length,
              breaches: report.links.filter((l) => l.contract?.breach).length,
            })
          : fill(t.customerMailText, { month: monthText(month) });
      return await deps.mail.deliver(
        'sla',
        {
          to: recipient.to,
          subject,
          text,
          attachments: [{ filename: `${made.file}.pdf`, content: made.pdf, contentType: 'application/pdf' }],
        },
        { ...meta, customerId: recipient.customerId },
      );
    } catch (err) {
      // the report could not be made (the customer's contract is gone, the database): logged as failed
      const reason = err instanceof Error ? err.message : String(err);
      const code = err instanceof NotFoundError ? err.code : 'mailFailed';
      const params: ErrorParams = code === 'mailFailed' ? { reason } : {};
      const delivery = { ok: false, code, params, response: reason.slice(0, 500) };
      return deps.mail.deliver(
        'sla',
        { to: recipient.to, subject, text: '' },
        { ...meta, customerId: recipient.customerId },
        delivery,
      );
    }
  }

  /** A month's reports to everyone set: the operator's, then each customer's. */
  async function sendMonth(s: Stored, month: string, meta: Meta) {
    const recipients: Recipient[] = [
      ...(s.to.length > 0 ? [{ customerId: null, to: s.to }] : []),
      ...s.customers.filter((c) => c.to.length > 0),
    ];
    if (recipients.length === 0) {
      // on, or sent by hand, with nobody to send to: said in the log rather than nothing at all
      const subject = fill(slaTexts(languageOf(s.language)).subject, { month: monthText(month) });
      const none = { ok: false, code: 'mailNoRecipients' as const, params: {}, response: '' };
      const { delivery, logId } = await deps.mail.deliver(
        'sla',
        { to: [], subject, text: '' },
        { ...meta, runAt: dueOf(month) },
        none,
      );
      return { outcomes: [deps.mail.outcome(delivery)], logId, ok: false };
    }
    const outcomes: MailOutcome[] = [];
    let firstLog: number | null = null;
    for (const r of recipients) {
      const { delivery, logId } = await sendOne(month, languageOf(s.language), r, meta);
      firstLog ??= logId;
      outcomes.push(deps.mail.outcome(delivery));
    }
    return { outcomes, logId: firstLog, ok: outcomes.length > 0 && outcomes.every((o) => o.ok) };
  }

  return {
    pdf,

    async settings(): Promise<SlaMail> {
      const { since: _s, ...s } = await load();
      const customers = await Promise.all(
        s.customers.map(async (c) => ({ ...c, name: (await deps.customerName(c.customerId)) ?? `#${c.customerId}` })),
      );
      return { ...s, customers };
    },

    async setSettings(body: SlaMail, ctx: RequestContext): Promise<SlaMail> {
      const before = await load();
      const ids = body.customers.map((c) => c.customerId);
      if (new Set(ids).size !== ids.length)
        throw new BadRequestError('invalidFields', 'customers', { fields: 'customers' });
      for (const id of ids)
        if ((await deps.customerName(id)) === undefined) throw new NotFoundError('contractNotFound');
      const next: Stored = {
        ...body,
        customers: body.customers.map(({ customerId, to }) => ({ customerId, to })),
        since: body.enabled && before.enabled && before.since ? before.since : body.enabled ? deps.now() : 0,
      };
      await deps.store.write(next, async (tx) => {
        const details = {
          enabled: next.enabled,
          to: next.to,
          customers: next.customers.length,
          language: next.language,
        };
        await deps.audit.record('sla.mail', ctx, { details }, tx);
      });
      return this.settings();
    },

    /** A month's reports now, to the addresses set; each mail logged with who sent it. */
    async send(month: string, actor: Actor) {
      if (month > vietnamMonthOf(deps.now())) throw new BadRequestError('rangeReversed', 'month');
      const { outcomes } = await sendMonth(await load(), month, { actor: actor.username });
      return { sent: outcomes.filter((o) => o.ok).length, failed: outcomes.filter((o) => !o.ok).length, outcomes };
    },

    /** A mail of the log sent again: the same month's report, to the same addresses. */
    async resend(line: MailLogEntry, actor: Actor): Promise<MailOutcome> {
      const s = await load();
      // the month it was about: the month before the 1st it is due on
      const month = vietnamMonthOf(line.runAt ?? line.at, 1);
      const { delivery } = await sendOne(
        month,
        languageOf(s.language),
        { customerId: line.customerId ?? null, to: line.to },
        { actor: actor.username },
      );
      return deps.mail.outcome(delivery);
    },

    /**
     * Sends the month before's reports on the 1st, once whatever the number of instances; answers when the next is due
     * (on the console's clock), or null while the mail is off.
     */
    async runDue(): Promise<number | null> {
      const s = await load();
      const now = deps.now();
      const month = vietnamMonthOf(now, 1);
      const due = dueOf(month);
      const next = dueOf(vietnamMonthOf(now));
      if (!s.enabled) return null;
      if (now < due || due < s.since) return now < due ? due : next;
      const subject = fill(slaTexts(languageOf(s.language)).subject, { month: monthText(month) });
      const interrupted = (delivery: Parameters<MailForSla['lineOf']>[3], meta: Meta) =>
        deps.mail.lineOf('sla', s.to, subject, delivery, meta);
      await deps.mail.once(
        'sla',
        due,
        async () => {
          if (now - due > SLA_GRACE_MS) {
            const missed = { ok: false, code: 'mailMissed' as const, params: {}, response: '' };
            const { logId } = await deps.mail.deliver('sla', { to: s.to, subject, text: '' }, { runAt: due }, missed);
            return { ok: false, logId };
          }
          return sendMonth(s, month, { runAt: due });
        },
        interrupted,
      );
      return next;
    },
  };
}

export type SlaMailer = ReturnType<typeof createSlaMail>;
