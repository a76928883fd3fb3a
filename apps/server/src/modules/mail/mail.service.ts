// Over 300 lines: one service holds the mail settings, the sending with its log, and the scheduled run, because all three share the transport made from the settings and the log's rows.
import {
  type ApiErrorCode,
  apiErrorText,
  type CustomerInfo,
  cronProblem,
  type ErrorParams,
  type MailConfig,
  type MailConfigBodyInput,
  type MailConfigInput,
  type MailKind,
  type MailLogEntry,
  type MailOutcome,
  nextRuns,
  runsBetween,
  SECRET_MASK,
} from '@it4u/shared';
import {
  createMailer,
  type Delivery,
  knownService,
  type Mailer,
  type Message,
  type SmtpSettings,
} from '../../integrations/mail/mailer.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Actor, RequestContext } from '../../lib/context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../../lib/errors.ts';
import type { Lease, Leases } from '../../lib/leases.ts';
import type { SettingsStore } from '../settings/settings.module.ts';
import { buildReport } from './mail.report.ts';
import type { MailLine, MailRepository, MailRow, RunJob } from './mail.repository.ts';
import { mailTexts } from './mail.texts.ts';

/** A time of the schedule reached this late is still sent; later, it was missed. */
export const RUN_GRACE_MS = 5 * 60_000;
/** How many missed times a start-up records at most (a console down for months does not fill the log). */
const MAX_MISSED = 50;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An address of the recipients, as the body's `email` format checks it (ajv-formats' fast form). */
const RECIPIENT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * A body read into the console's form: the spec's body leaves out the sender and the report's language (the stored
 * ones are kept) and sends its recipients as one text separated by commas or semicolons (each an address of at most
 * 254 characters, at most 50, none twice).
 */
export function fromMailBody(
  body: MailConfigBodyInput,
  stored: Pick<MailConfig, 'fromMail' | 'languageMail'>,
): MailConfigInput {
  let ccMail = body.ccMail;
  if (typeof ccMail === 'string') {
    const list = ccMail
      .split(/[,;]/)
      .map((a) => a.trim())
      .filter(Boolean);
    const wrong = list.find((a) => a.length > 254 || !RECIPIENT.test(a));
    if (wrong !== undefined || list.length > 50 || new Set(list).size !== list.length) {
      throw new BadRequestError('invalidFields', 'ccMail', { fields: 'ccMail' });
    }
    ccMail = list;
  }
  return {
    ...body,
    fromMail: body.fromMail ?? stored.fromMail,
    ccMail,
    languageMail: body.languageMail ?? stored.languageMail,
  };
}

type Stored = Omit<MailConfig, 'configured'> & {
  /** the schedule counts from here (when it was set): times before are neither sent nor missed */
  scheduleSince: number;
};

const DEFAULTS: Stored = {
  cronjobMail: '0 8 * * *',
  serviceMail: '',
  usernameMail: '',
  passwordMail: '',
  hostMail: '',
  portMail: 587,
  fromMail: '',
  ccMail: [],
  subjectMail: 'Customer report',
  textMail: '',
  languageMail: 'Vietnamese',
  maxMessages: 100,
  rateDelta: 1000,
  rateLimit: 0,
  allowInsecure: false,
  scheduleSince: 0,
};

const configured = (s: Stored) => s.hostMail !== '' || s.serviceMail !== '';
/** Why something threw, for the send log (bounded like the server's answers). */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'unknown error';
/** A mail that could not be made or handed over because something threw: said like any other failure. */
const thrown = (err: unknown): Delivery => {
  const reason = reasonOf(err);
  return { ok: false, code: 'mailFailed', params: { reason }, response: reason };
};
const outcomeOf = (d: Pick<Delivery, 'ok' | 'code' | 'params'>): MailOutcome => ({
  ok: d.ok,
  code: d.code,
  params: d.params,
  message: apiErrorText(d.code, d.params),
});

const entryOf = (r: MailRow): MailLogEntry => ({
  id: r.id,
  at: r.at.getTime(),
  kind: r.kind as MailKind,
  to: r.to,
  cc: r.cc,
  subject: r.subject,
  ok: r.ok,
  code: r.code,
  ...(r.params ? { params: r.params as ErrorParams } : {}),
  response: r.response,
  runAt: r.runAt ? r.runAt.getTime() : null,
  actor: r.actor,
  customerId: r.customerId,
});

/**
 * Mail: the settings of the Mailer tab (the password encrypted at rest), one pooled transport every mail goes
 * through, the send log (every mail sent or failed, with the server's answer), the test mail, resends, and the
 * scheduled customer report, sent once a time of the schedule whatever the number of instances.
 */
export function createMailService(deps: {
  mail: MailRepository;
  /** each scheduled mail is a duty: one instance at a time sends a job's times (`mail.report`, `mail.sla`) */
  leases: Leases;
  /** the settings area's store of the Mailer tab's settings */
  settings: SettingsStore;
  audit: Audit;
  secretKey: Buffer;
  now: () => number;
  /** the customer report's rows */
  report: () => Promise<CustomerInfo[]>;
  /** how the areas that send their own scheduled mails send one of the log again (the availability report) */
  resenders?: () => Partial<Record<MailKind, (line: MailLogEntry, actor: Actor) => Promise<MailOutcome>>>;
}) {
  const load = async (): Promise<Stored> => ({ ...DEFAULTS, ...((await deps.settings.read<Stored>()) ?? {}) });
  let current: { key: string; mailer: Mailer } | undefined;

  /** The transport of these settings: the one made before while they stay the same (other instances may change them). */
  function mailerOf(s: Stored): Mailer {
    const smtp: SmtpSettings = {
      service: s.serviceMail,
      host: s.hostMail,
      port: s.portMail,
      username: s.usernameMail,
      password: s.passwordMail ? decryptSecret(deps.secretKey, s.passwordMail) : '',
      maxMessages: s.maxMessages,
      rateDelta: s.rateDelta,
      rateLimit: s.rateLimit,
      allowInsecure: s.allowInsecure,
    };
    const key = JSON.stringify(smtp);
    if (current?.key !== key) {
      current?.mailer.close();
      current = { key, mailer: createMailer(smtp) };
    }
    return current.mailer;
  }

  const sender = (s: Stored) => s.fromMail || s.usernameMail;

  type Meta = { runAt?: number; actor?: string; customerId?: number | null };
  const lineOf = (
    kind: MailKind,
    to: string[],
    subject: string,
    delivery: Delivery,
    meta: Meta,
    cc: string[] = [],
  ): MailLine => ({
    at: new Date(deps.now()),
    kind,
    to,
    cc,
    subject,
    ok: delivery.ok,
    code: delivery.code,
    params: Object.keys(delivery.params).length ? delivery.params : null,
    response: delivery.response,
    runAt: meta.runAt === undefined ? null : new Date(meta.runAt),
    actor: meta.actor ?? null,
    customerId: meta.customerId ?? null,
  });

  /** Sends one mail and writes its line in the log, whatever became of it (a transport that throws too). */
  async function send(
    s: Stored,
    kind: MailKind,
    message: Omit<Message, 'from'>,
    meta: Meta = {},
  ): Promise<{ delivery: Delivery; logId: number }> {
    let delivery: Delivery;
    try {
      delivery = configured(s)
        ? await mailerOf(s).send({ ...message, from: sender(s) })
        : { ok: false, code: 'mailNotConfigured' as ApiErrorCode, params: {}, response: '' };
    } catch (err) {
      // the stored password cannot be read (another SECRET_KEY), nodemailer refusing its options, …
      delivery = thrown(err);
    }
    const logId = await deps.mail.log(lineOf(kind, message.to, message.subject, delivery, meta, message.cc));
    return { delivery, logId };
  }

  const reportSubject = (s: Stored) => s.subjectMail || mailTexts(s.languageMail).reportTitle;

  /** A report that did not go out before reaching the transport: its line in the log. */
  async function reportNotSent(s: Stored, delivery: Delivery, meta: Meta) {
    return { delivery, logId: await deps.mail.log(lineOf('report', s.ccMail, reportSubject(s), delivery, meta)) };
  }

  /** The report as of now to the recipients; a report that cannot be made (its query, the workbook) is logged failed. */
  async function sendReport(s: Stored, meta: Meta) {
    if (s.ccMail.length === 0) {
      return reportNotSent(s, { ok: false, code: 'mailNoRecipients', params: {}, response: '' }, meta);
    }
    let report: Awaited<ReturnType<typeof buildReport>>;
    try {
      report = await buildReport(await deps.report(), s.languageMail, deps.now(), s.textMail);
    } catch (err) {
      return reportNotSent(s, thrown(err), meta);
    }
    return send(
      s,
      'report',
      {
        to: s.ccMail,
        subject: reportSubject(s),
        text: report.text,
        html: report.html,
        attachments: [report.attachment],
      },
      meta,
    );
  }

  /** Records the times of the schedule no instance sent (every one was down) as missed, each with its log line. */
  async function recordMissed(s: Stored, times: number[], lease: Lease) {
    for (const at of times) {
      if (!(await deps.mail.claim('report', at, 'missed', deps.now()))) continue;
      const { logId } = await reportNotSent(
        s,
        { ok: false, code: 'mailMissed', params: {}, response: '' },
        { runAt: at },
      );
      await deps.mail.finish('report', at, 'missed', logId, lease.fence);
    }
  }

  /**
   * Times a holder of the job's lease took and never finished (it died while sending, or stalled past its lease)
   * become failed, each with its line: never sent again, so a mail is sent at most once, and none goes unsaid. A
   * holder alive and renewing keeps its lease, and its time is never said failed meanwhile.
   */
  async function failStale(s: Stored, lease: Lease) {
    const interrupted: Delivery = { ok: false, code: 'mailInterrupted', params: {}, response: '' };
    await deps.mail.failStale(
      'report',
      (at) => lineOf('report', s.ccMail, reportSubject(s), interrupted, { runAt: at.getTime() }),
      lease.fence,
    );
  }

  /** Sends the report of a time this instance took, and says what became of it, whatever throws. */
  async function runTaken(s: Stored, at: number, lease: Lease) {
    let outcome: { delivery: Delivery; logId: number };
    try {
      outcome = await sendReport(s, { runAt: at });
    } catch (err) {
      // its line could not be written (the database?): one more try to say so; failing that the time stays
      // "running", and a look at the schedule past the grace period fails it with its line
      outcome = await reportNotSent(s, thrown(err), { runAt: at });
    }
    await deps.mail.finish('report', at, outcome.delivery.ok ? 'sent' : 'failed', outcome.logId, lease.fence);
  }

  return {
    /** The settings, the password masked. */
    async get(): Promise<MailConfig> {
      const { scheduleSince: _s, ...s } = await load();
      return {
        ...s,
        passwordMail: s.passwordMail ? SECRET_MASK : '',
        configured: configured({ ...s, scheduleSince: 0 }),
      };
    },

    /** Whether mail can go out (password-reset mails too). */
    available: async () => configured(await load()),

    async put(body: MailConfigBodyInput, ctx: RequestContext): Promise<MailConfig> {
      const before = await load();
      const input = fromMailBody(body, before);
      if (!input.cronjobMail.trim()) throw new BadRequestError('cronRequired', 'cronjobMail');
      const problem = cronProblem(input.cronjobMail);
      if (problem) throw new BadRequestError(problem.code, 'cronjobMail', problem.params);
      const service = input.serviceMail.trim();
      if (service && !knownService(service))
        throw new BadRequestError('mailServiceUnknown', 'serviceMail', { service });
      const host = input.hostMail.trim();
      if (!service && !host) throw new BadRequestError('mailServerRequired', 'hostMail');
      const username = input.usernameMail.trim();
      if (!input.fromMail && !EMAIL.test(username)) throw new BadRequestError('mailFromRequired', 'fromMail');
      // a stored password is not sent to another server or account: the administrator types it again
      const moved = service !== before.serviceMail || host !== before.hostMail || username !== before.usernameMail;
      const keep = input.passwordMail === SECRET_MASK;
      if (keep && moved && before.passwordMail) throw new BadRequestError('mailPasswordAgain', 'passwordMail');
      const cron = input.cronjobMail.trim().replace(/\s+/g, ' ');
      const next: Stored = {
        ...input,
        cronjobMail: cron,
        serviceMail: service,
        hostMail: host,
        usernameMail: username,
        subjectMail: input.subjectMail.trim(),
        passwordMail: keep
          ? before.passwordMail
          : input.passwordMail
            ? encryptSecret(deps.secretKey, input.passwordMail)
            : '',
        // sending the password without encryption is allowed only by a tick; a body without the field (an older
        // client) keeps the tick for the same server and account, and drops it for another
        allowInsecure:
          input.allowInsecure ?? (moved || input.portMail !== before.portMail ? false : before.allowInsecure),
        scheduleSince: cron === before.cronjobMail && before.scheduleSince ? before.scheduleSince : deps.now(),
      };
      // the settings and their audit line are one transaction: both or neither
      await deps.settings.write(next, async (tx) => {
        const details = {
          hostMail: host,
          serviceMail: service,
          usernameMail: username,
          cronjobMail: cron,
          passwordChanged: !keep,
          allowInsecure: next.allowInsecure,
        };
        await deps.audit.record('settings.mail', ctx, { details }, tx);
      });
      return this.get();
    },

    /** A test mail to one address: what the server answered, in words. */
    async sendTest(to: string, actor: Actor): Promise<MailOutcome> {
      const s = await load();
      const t = mailTexts(actor.language);
      const { delivery } = await send(
        s,
        'test',
        { to: [to], subject: t.testSubject, text: t.testText.replace('{{user}}', actor.username) },
        { actor: actor.username },
      );
      return outcomeOf(delivery);
    },

    /** Sends a mail of the log again: a test mail to the same address, the report as of now to the recipients. */
    async resend(id: number, actor: Actor): Promise<MailOutcome> {
      const line = await deps.mail.get(id);
      if (!line) throw new NotFoundError('mailLogNotFound');
      if (line.kind === 'reset' || line.kind === 'notice') throw new ConflictError('mailResendReset');
      if (line.kind === 'test') return this.sendTest(line.to[0] ?? actor.email, actor);
      if (line.kind !== 'report') {
        const resender = deps.resenders?.()[line.kind as MailKind];
        if (!resender) throw new ConflictError('mailResendReset');
        return resender(entryOf(line), actor);
      }
      const { delivery } = await sendReport(await load(), { actor: actor.username });
      return outcomeOf(delivery);
    },

    /**
     * A mail the console writes for one person (a reset link, a notice of changed sign-in details): sent and logged
     * under its kind, never with its body.
     */
    async sendTo(to: string, subject: string, text: string, kind: 'reset' | 'notice' = 'reset'): Promise<Delivery> {
      const s = await load();
      if (!configured(s)) throw new UnavailableError(503, 'mailNotConfigured');
      return (await send(s, kind, { to: [to], subject, text })).delivery;
    },

    async log(page: number, pageSize: number): Promise<{ items: MailLogEntry[]; total: number }> {
      const { items, total } = await deps.mail.page((page - 1) * pageSize, pageSize);
      return { total, items: items.map(entryOf) };
    },

    /**
     * A mail another area makes (the monthly availability report): sent through the transport of the settings and
     * logged under its kind, whatever becomes of it. Without settings it is logged failed, not thrown; one that
     * could not be made (`failed`) is only logged.
     */
    async deliver(kind: MailKind, message: Omit<Message, 'from'>, meta: Meta = {}, failed?: Delivery) {
      if (failed)
        return {
          delivery: failed,
          logId: await deps.mail.log(lineOf(kind, message.to, message.subject, failed, meta)),
        };
      return send(await load(), kind, message, meta);
    },

    /** What became of a mail, in words. */
    outcome: outcomeOf,

    /**
     * Sends another area's scheduled mail of a time once, whatever the number of instances: the holder of the job's
     * lease takes the time and runs `run` (true: every mail of it went out); a time a holder took and never finished
     * (it died, or stalled past its lease) becomes failed with the line `interrupted` makes. False when the time
     * was taken already, or another instance holds the job's lease (it is sending).
     */
    async once(
      job: RunJob,
      at: number,
      run: () => Promise<{ ok: boolean; logId: number | null }>,
      interrupted: (delivery: Delivery, meta: Meta) => MailLine,
    ): Promise<boolean> {
      const held = await deps.leases.run(`mail.${job}`, async (lease) => {
        const stale: Delivery = { ok: false, code: 'mailInterrupted', params: {}, response: '' };
        await deps.mail.failStale(job, (t) => interrupted(stale, { runAt: t.getTime() }), lease.fence);
        if (!(await deps.mail.claim(job, at, 'running', deps.now()))) return false;
        let outcome: { ok: boolean; logId: number | null } = { ok: false, logId: null };
        try {
          outcome = await run();
        } finally {
          await deps.mail.finish(job, at, outcome.ok ? 'sent' : 'failed', outcome.logId, lease.fence);
        }
        return true;
      });
      return held?.value ?? false;
    },

    /** The log line of a mail another area could not make (its report threw). */
    lineOf,

    /** The schedule's latest times and what became of them. */
    async runs(limit: number) {
      return (await deps.mail.runs('report', limit)).map((r) => ({ at: r.at.getTime(), status: r.status as 'sent' }));
    },

    /**
     * Sends the report for the time of the schedule just reached, unless an instance did; the times before it that
     * no instance reached are recorded as missed. Answers when to look again (ms), or null without a schedule.
     */
    async runDue(): Promise<number | null> {
      const s = await load();
      const scheduled = configured(s) && !cronProblem(s.cronjobMail);
      // another instance holding the job's lease is at it: its times are its own, and this one looks again later
      await deps.leases.run('mail.report', async (lease) => {
        await failStale(s, lease);
        if (!scheduled) return;
        const now = deps.now();
        const since = Math.max(s.scheduleSince, (await deps.mail.lastRun('report')) ?? 0);
        const due = runsBetween(s.cronjobMail, since, now, MAX_MISSED + 1);
        const latest = due.at(-1);
        const onTime = latest !== undefined && now - latest <= RUN_GRACE_MS;
        await recordMissed(s, onTime ? due.slice(0, -1) : due, lease);
        if (onTime && (await deps.mail.claim('report', latest, 'running', now))) await runTaken(s, latest, lease);
      });
      if (!scheduled) return null;
      return nextRuns(s.cronjobMail, deps.now(), 1)[0] ?? null;
    },

    close() {
      current?.mailer.close();
      current = undefined;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
