import { Type } from '@sinclair/typebox';
import { IdParams, PageNumber, PageSize } from '../api/common.ts';
import {
  MailConfigBody,
  MailConfigSchema,
  MailLogPageSchema,
  MailOutcomeSchema,
  MailRunSchema,
  TestMailBody,
} from '../api/mail.ts';
import { defineRoutes } from '../contract.ts';

const LogQuery = Type.Object({
  page: Type.Integer({ ...PageNumber, default: 1 }),
  pageSize: Type.Integer({ ...PageSize, default: 10 }),
});

/** The Mailer tab (ROLE_ADMIN only): settings, a test mail, the send log with resend, the schedule's runs. */
export const mailRoutes = defineRoutes('mail', {
  'GET /it4u/configMail': {
    access: 'mailer',
    summary: 'The mail settings; a stored password comes back as ********',
    response: MailConfigSchema,
  },
  'PUT /it4u/configMail': {
    access: 'mailer',
    audit: 'settings.mail',
    summary:
      'Save the mail settings. The schedule is a cron expression of five fields in Asia/Ho_Chi_Minh (400 with the reason; cronRequired when empty); ******** keeps the stored password, except when the server or username changes.',
    body: MailConfigBody,
    response: MailConfigSchema,
  },
  'POST /it4u/configMail/test': {
    access: 'mailer',
    audit: { none: "a test mail: the mail log keeps it with the server's answer" },
    summary: 'Send a test mail with the saved settings: what the mail server answered, in words (200 either way)',
    body: TestMailBody,
    response: MailOutcomeSchema,
    errors: [429],
  },
  'GET /it4u/mailLog': {
    access: 'mailer',
    summary: 'The send log: every mail sent or failed, newest first, with the server answer or the error',
    query: LogQuery,
    response: MailLogPageSchema,
  },
  'POST /it4u/mailLog/:id/resend': {
    access: 'mailer',
    audit: { none: "a mail sent again: the mail log keeps it with the server's answer" },
    summary:
      'Send a mail of the log again: a test mail to the same address, the report as of now (409 for a reset mail)',
    params: IdParams,
    response: MailOutcomeSchema,
    errors: [404, 409, 429],
  },
  'GET /it4u/mailRuns': {
    access: 'mailer',
    summary: "The scheduled report's latest times: sent, failed, or missed (no instance was running)",
    response: Type.Array(MailRunSchema),
  },
});
