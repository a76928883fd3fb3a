import { SearchQuery, SearchResultSchema } from '../api/search.ts';
import { defineRoutes } from '../contract.ts';

/** The search box: anything of the registers the caller may read, by its name, number, serial, MAC or address. */
export const searchRoutes = defineRoutes('search', {
  'GET /it4u/search': {
    access: 'signedIn',
    summary:
      'Customers, sites, network devices (access points and switches by name or model), customer sites (WAN address, provider), equipment (serial, MAC in any notation), channels (name, PPPoE), device rows (addresses) and users whose text holds every word of q in any order, with or without Vietnamese marks, grouped by kind, best first; only what the caller may read. With kind: that kind only, a page from offset',
    query: SearchQuery,
    response: SearchResultSchema,
  },
});
