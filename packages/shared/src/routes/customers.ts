import {
  CustomerListQuery,
  CustomerListSchema,
  CustomerPageSchema,
  CustomerParams,
  TimelineQuery,
  TimelineSchema,
} from '../api/customers.ts';
import { defineRoutes } from '../contract.ts';

/** One customer, one page: a contract with everything the console knows of it, and one timeline. */
export const customersRoutes = defineRoutes('customers', {
  'GET /it4u/customers': {
    access: 'signedIn',
    summary:
      'Customers (contracts of the register) with their sites, paged and searchable: every one for staff, their own for a customer',
    query: CustomerListQuery,
    response: CustomerListSchema,
  },
  'GET /it4u/customers/:id': {
    access: 'signedIn',
    summary:
      "A customer's page: contract, sites' wifi now, WAN links, leased channels, equipment, device information and terminal sessions (technicians), vouchers",
    params: CustomerParams,
    response: CustomerPageSchema,
    errors: [404],
  },
  'GET /it4u/customers/:id/timeline': {
    access: 'signedIn',
    summary:
      'What happened to a customer, newest first, by kind: links, access points, channels, equipment, devices, terminal sessions, settings, vouchers',
    params: CustomerParams,
    query: TimelineQuery,
    response: TimelineSchema,
    errors: [404],
  },
});
