import { Type } from '@sinclair/typebox';
import { MailOutcomeSchema } from '../api/mail.ts';
import { SlaMailSchema, SlaMailSendBody, SlaPdfQuery, SlaQuery, SlaReportSchema } from '../api/sla.ts';
import { defineRoutes } from '../contract.ts';

/** Providers and customers against their contracts: availability measured from the WAN links' history. */
export const slaRoutes = defineRoutes('sla', {
  'GET /it4u/sla': {
    access: 'customerReport',
    summary:
      'Availability measured over a period (a month), per provider, per customer and per WAN link: up, down, unknown (router silent) apart, outages, the longest, mean time to recovery; all day or in business hours',
    query: SlaQuery,
    response: SlaReportSchema,
  },
  'GET /it4u/sla/pdf': {
    access: 'customerReport',
    summary:
      "The report as an A4 PDF (application/pdf), in English or Vietnamese: the operator's, or one customer's links (customerId)",
    query: SlaPdfQuery,
    errors: [404],
  },
  'GET /it4u/sla/mail': {
    access: 'mailer',
    summary: 'The monthly mail of the report: whether it is sent, to whom, each customer listed their own',
    response: SlaMailSchema,
  },
  'PUT /it4u/sla/mail': {
    access: 'mailer',
    audit: 'sla.mail',
    summary: 'Sets the monthly mail of the report (sent on the 1st at 08:00, Vietnam, for the month before)',
    body: SlaMailSchema,
    response: SlaMailSchema,
    errors: [404],
  },
  'POST /it4u/sla/mail/send': {
    access: 'mailer',
    audit: { none: "the mails sent: the mail log keeps each with the server's answer and who sent it" },
    summary: "Sends a month's reports now to the addresses set, each mail logged; what became of them",
    body: SlaMailSendBody,
    response: Type.Object({ sent: Type.Integer(), failed: Type.Integer(), outcomes: Type.Array(MailOutcomeSchema) }),
  },
});
