import { SlaQuery, SlaReportSchema } from '../api/sla.ts';
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
});
