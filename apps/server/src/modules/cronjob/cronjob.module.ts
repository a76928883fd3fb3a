import type { Area, Core } from '../../lib/module.ts';
import type { ParametersService } from '../settings/parameters.service.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createCronjobRepository } from './cronjob.repository.ts';
import { cronjobRoutes } from './cronjob.routes.ts';
import { createCronjobService } from './cronjob.service.ts';

/** The cronjob file of each site (the controller's config.properties): versions, and delivery over SFTP. */
export function cronjobModule(core: Core, deps: { sites: SitesService; parameters: ParametersService }) {
  const service = createCronjobService({
    files: createCronjobRepository(core.db),
    sites: deps.sites,
    audit: core.audit,
    target: () => deps.parameters.sshTarget(),
    pin: (host, fingerprint) => deps.parameters.pinHostKey(host, fingerprint),
  });
  const routes: Area['routes'] = async (api) => cronjobRoutes(api, { cronjob: service });
  return { service, routes };
}
