import { type Static, Type } from '@sinclair/typebox';
import { LANGUAGES } from '../roles.ts';
import { Email, Password } from './users.ts';

const Port = Type.Integer({ minimum: 1, maximum: 65_535 });
const Recipients = Type.Array(Email, { maxItems: 50, uniqueItems: true });
/** The spec's recipients: one text of addresses separated by commas or semicolons (each checked by the server). */
const RecipientText = Type.String({ maxLength: 50 * 256, pattern: '^[^\\u0000-\\u001f]*$' });
const MailLanguage = Type.Unsafe<(typeof LANGUAGES)[number]>({ type: 'string', enum: [...LANGUAGES] });

/**
 * The mail settings (PUT /it4u/configMail): nodemailer's SMTP pool options, and the scheduled report's schedule (a
 * cron expression in the operator's time zone), recipients, subject and text. The password comes back masked.
 */
export const MailConfigSchema = Type.Object({
  cronjobMail: Type.String(),
  /** a service nodemailer knows (gmail, outlook365, …) in place of host and port; empty for none */
  serviceMail: Type.String(),
  usernameMail: Type.String(),
  passwordMail: Type.String(),
  hostMail: Type.String(),
  portMail: Port,
  /** the sender's address; empty: the username */
  fromMail: Type.String(),
  /** who receives the scheduled report */
  ccMail: Type.Array(Type.String()),
  subjectMail: Type.String(),
  textMail: Type.String(),
  /** the report's language */
  languageMail: MailLanguage,
  /** messages a pooled connection sends before it is replaced (nodemailer's maxMessages) */
  maxMessages: Type.Integer(),
  /** the window of the rate limit, in ms (nodemailer's rateDelta) */
  rateDelta: Type.Integer(),
  /** messages at most per window; 0 for no limit (nodemailer's rateLimit) */
  rateLimit: Type.Integer(),
  /** whether the password may go to a server that offers no encryption (otherwise TLS or STARTTLS, or no login) */
  allowInsecure: Type.Boolean(),
  /** whether mail can go out (a server or service is set) */
  configured: Type.Boolean(),
});

/**
 * The mail settings as saved. The spec's body is taken too: without `fromMail` and `languageMail` (the stored ones
 * are kept: the username as the sender and Vietnamese at first) and with `ccMail` as one text of addresses
 * separated by commas or semicolons.
 */
export const MailConfigBody = Type.Object(
  {
    cronjobMail: Type.String({ minLength: 1, maxLength: 100 }),
    serviceMail: Type.String({ maxLength: 50 }),
    usernameMail: Type.String({ maxLength: 254 }),
    passwordMail: Type.String({ maxLength: 500 }),
    hostMail: Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9.:\\-\\[\\]]*$' }),
    portMail: Port,
    fromMail: Type.Optional(Type.Union([Type.Literal(''), Email])),
    ccMail: Type.Union([Recipients, RecipientText]),
    subjectMail: Type.String({ maxLength: 200 }),
    textMail: Type.String({ maxLength: 5_000 }),
    languageMail: Type.Optional(MailLanguage),
    maxMessages: Type.Integer({ minimum: 1, maximum: 10_000 }),
    rateDelta: Type.Integer({ minimum: 100, maximum: 3_600_000 }),
    rateLimit: Type.Integer({ minimum: 0, maximum: 10_000 }),
    /** absent (clients of the older body): kept while the server and account stay the same, otherwise false */
    allowInsecure: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a send found: a code of API_ERRORS with its parameters, and the English text. */
export const MailOutcomeSchema = Type.Object({
  ok: Type.Boolean(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  message: Type.String(),
});

export const SavedMailConfigSchema = Type.Object({ saved: Type.Boolean(), config: MailConfigSchema });

export const TestMailBody = Type.Object({ to: Email }, { additionalProperties: false });

export const MAIL_KINDS = ['test', 'report', 'reset', 'notice', 'sla', 'alert'] as const;
const MailKindSchema = Type.Unsafe<(typeof MAIL_KINDS)[number]>({ type: 'string', enum: [...MAIL_KINDS] });

/** A line of the send log. */
export const MailLogEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.Number(),
  kind: MailKindSchema,
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  subject: Type.String(),
  ok: Type.Boolean(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  /** the SMTP server's answer, or the error */
  response: Type.String(),
  /** a scheduled report: the time of the schedule */
  runAt: Type.Union([Type.Number(), Type.Null()]),
  actor: Type.Union([Type.String(), Type.Null()]),
  /** an availability report: the customer whose own report it was (null: the operator's, or another kind) */
  customerId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

export const MailLogPageSchema = Type.Object({ items: Type.Array(MailLogEntrySchema), total: Type.Integer() });

/** The schedule's latest times and what became of each (sent, failed, missed while every instance was down). */
export const MailRunSchema = Type.Object({
  at: Type.Number(),
  status: Type.Unsafe<'running' | 'sent' | 'failed' | 'missed'>({
    type: 'string',
    enum: ['running', 'sent', 'failed', 'missed'],
  }),
});

export const PasswordResetRequestBody = Type.Object({ email: Email }, { additionalProperties: false });
export const PasswordResetBody = Type.Object(
  {
    token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$' }),
    newPassword: Password,
    confirmPassword: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
/** Whether reset mails can go out (the mail settings are there): the form says to ask an administrator if not. */
export const ResetAvailabilitySchema = Type.Object({ available: Type.Boolean() });

export type MailConfig = Static<typeof MailConfigSchema>;
/** The mail settings as sent: the console's body or the spec's. */
export type MailConfigBodyInput = Static<typeof MailConfigBody>;
/** The mail settings as the service saves them (the body read into the console's form). */
export type MailConfigInput = Omit<MailConfigBodyInput, 'fromMail' | 'ccMail' | 'languageMail'> & {
  fromMail: string;
  ccMail: string[];
  languageMail: (typeof LANGUAGES)[number];
};
export type MailOutcome = Static<typeof MailOutcomeSchema>;
export type SavedMailConfig = Static<typeof SavedMailConfigSchema>;
export type MailLogEntry = Static<typeof MailLogEntrySchema>;
export type MailLogPage = Static<typeof MailLogPageSchema>;
export type MailRun = Static<typeof MailRunSchema>;
export type MailKind = (typeof MAIL_KINDS)[number];
