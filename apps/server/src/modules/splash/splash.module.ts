import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createSplashRepository } from './splash.repository.ts';
import { splashImageRoutes, splashRoutes } from './splash.routes.ts';
import { createSplashService } from './splash.service.ts';

/** The guest login page's splash images: the uploads under the API, the images themselves public at /images. */
export function splashModule(core: Core, deps: { sites: SitesService }) {
  const repository = createSplashRepository(core.db);
  const service = createSplashService({ images: repository, sites: deps.sites, audit: core.audit });
  const routes: Area['routes'] = async (api) => splashRoutes(api, { splash: service });
  const publicRoutes: Area['routes'] = async (root) => splashImageRoutes(root, { splash: service });
  return { service, routes, publicRoutes };
}
