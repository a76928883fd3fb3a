import { type Static, Type } from '@sinclair/typebox';
import { Epoch } from './common.ts';
import { Email } from './users.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(s: T) => Type.Union([s, Type.Null()]);

/** The longest period one report measures: a year and a month. */
export const SLA_MAX_DAYS = 400;

/** The hours a contract counts: all day, or business hours (Monday to Friday, 08:00 to 17:00 in Vietnam). */
export const CountedHoursSchema = Type.Union([Type.Literal('all'), Type.Literal('business')]);
export type CountedHours = Static<typeof CountedHoursSchema>;

/**
 * The period measured, [from, to) in epoch ms (a month of Vietnam: from its 1st at 00:00 to the next 1st); neither:
 * this month of Vietnam, by the console's clock.
 */
export const SlaQuery = Type.Object({
  from: Type.Optional(Epoch),
  to: Type.Optional(Epoch),
  hours: Type.Optional(CountedHoursSchema),
});

/** What a period measured, within the hours counted; unknown time (a router silent) is neither up nor down. */
export const SlaFiguresSchema = Type.Object({
  upMs: Type.Number(),
  downMs: Type.Number(),
  unknownMs: Type.Number(),
  outages: Type.Integer(),
  longestOutageMs: Type.Number(),
  /** up ÷ (up + down), in %; null when nothing is known */
  availability: nullable(Type.Number()),
  /** mean time to recovery: downtime ÷ outages; null without an outage */
  mttrMs: nullable(Type.Number()),
});
export type SlaFigures = Static<typeof SlaFiguresSchema>;

/**
 * What a link's customer contracted for it (a channel of theirs through the same provider, its service pack's
 * figure): the availability measured in the hours that figure counts, and whether it fell short.
 */
export const SlaTermsSchema = Type.Object({
  /** the service pack whose figure it is */
  pack: Type.String(),
  target: Type.Number(),
  hours: CountedHoursSchema,
  availability: nullable(Type.Number()),
  breach: Type.Boolean(),
});

/** One WAN link of a customer site through one provider over the period. */
export const SlaLinkSchema = Type.Object({
  siteId: Type.Integer(),
  sitename: Type.String(),
  customerId: nullable(Type.Integer()),
  customer: nullable(Type.String()),
  wan: Type.Integer(),
  provider: Type.String(),
  figures: SlaFiguresSchema,
  /** null: no contracted figure for this customer and provider */
  contract: nullable(SlaTermsSchema),
});

export const SlaReportSchema = Type.Object({
  from: Type.Number(),
  /** the end measured: the period's, or now when the period has not ended */
  to: Type.Number(),
  hours: CountedHoursSchema,
  /** each provider's links added up, by provider */
  providers: Type.Array(
    Type.Object({
      provider: Type.String(),
      links: Type.Integer(),
      figures: SlaFiguresSchema,
      /** its links below what their customers contracted */
      breaches: Type.Integer(),
    }),
  ),
  /** the links of each service pack with a contracted figure added up, by provider and pack */
  servicePacks: Type.Array(
    Type.Object({
      provider: Type.String(),
      pack: Type.String(),
      target: Type.Number(),
      hours: CountedHoursSchema,
      links: Type.Integer(),
      figures: SlaFiguresSchema,
      breaches: Type.Integer(),
    }),
  ),
  /** each customer's links added up (null: sites of no customer of the register), by name */
  customers: Type.Array(
    Type.Object({
      customerId: nullable(Type.Integer()),
      customer: nullable(Type.String()),
      links: Type.Integer(),
      figures: SlaFiguresSchema,
      breaches: Type.Integer(),
    }),
  ),
  links: Type.Array(SlaLinkSchema),
});
export type SlaReport = Static<typeof SlaReportSchema>;
export type SlaLink = Static<typeof SlaLinkSchema>;

/** The report as an A4 PDF: the operator's (every provider and customer), or one customer's own links. */
export const SlaPdfQuery = Type.Object({
  ...SlaQuery.properties,
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('vi')])),
  customerId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

const Addresses = Type.Array(Email, { maxItems: 50, uniqueItems: true });

/**
 * The monthly mail of the availability report, on the 1st at 08:00 (Vietnam) for the month before: the operator's
 * report (every provider) to `to`, and each customer listed their own report to the addresses given for them.
 */
export const SlaMailSchema = Type.Object({
  enabled: Type.Boolean(),
  to: Addresses,
  customers: Type.Array(
    Type.Object({
      customerId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      to: Addresses,
      /** the customer's name, as the console answers it (not kept from a body) */
      name: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    { maxItems: 1000 },
  ),
  language: Type.Union([Type.Literal('English'), Type.Literal('Vietnamese')]),
});
export type SlaMail = Static<typeof SlaMailSchema>;

/** A month's reports sent now to the addresses set (a month of Vietnam, YYYY-MM). */
export const SlaMailSendBody = Type.Object({
  month: Type.String({ maxLength: 7, pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
});
