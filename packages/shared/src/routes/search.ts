import { SearchQuery, SearchResultSchema } from '../api/search.ts';
import { defineRoutes } from '../contract.ts';

/** The search box: anything of the registers the caller may read, by its name, number, serial, MAC or address. */
export const searchRoutes = defineRoutes('search', {
  'GET /it4u/search': {
    access: 'signedIn',
    summary:
      'Customers, sites, equipment (serial, MAC in any notation), channels (name, PPPoE), device rows (addresses) and users whose text holds q, with or without Vietnamese marks, grouped by kind; only what the caller may read',
    query: SearchQuery,
    response: SearchResultSchema,
  },
});
