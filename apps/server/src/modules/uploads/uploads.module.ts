import type { Area, Core } from '../../lib/module.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { splashImageRoutes, uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

/** The guest login page's splash images: the uploads under the API, the images themselves public at /images. */
export function uploadsModule(core: Core, deps: { sites: SitesService }) {
  const repository = createUploadsRepository(core.db);
  const service = createUploadsService({ images: repository, sites: deps.sites });
  const routes: Area['routes'] = async (api) => uploadsRoutes(api, { uploads: service });
  const publicRoutes: Area['routes'] = async (root) => splashImageRoutes(root, { uploads: service });
  return { service, routes, publicRoutes };
}
