import type { Area } from '../../lib/module.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService, type SearchSources } from './search.service.ts';

/** The search box: nothing stored; each register searched through its own repository's trigram search. */
export function searchModule(sources: SearchSources) {
  const service = createSearchService(sources);
  const routes: Area['routes'] = async (api) => searchRoutes(api, { search: service });
  return { service, routes };
}
