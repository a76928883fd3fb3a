import { SECRET_MASK } from '@it4u/shared';
import { settingsRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { ParametersService } from './parameters.service.ts';

export async function settingsRoutes(app: FastifyInstance, opts: { parameters: ParametersService }) {
  const { parameters } = opts;
  serve(app, routes, {
    'GET /it4u/systemConfig': () => parameters.get(),
    'PUT /it4u/systemConfig': (request) =>
      parameters.put(
        {
          ...request.body,
          usernameUbnt: request.body.usernameUbnt ?? '',
          pwUbnt: request.body.pwUbnt ?? '',
          tokenDev: request.body.tokenDev ?? '',
          urlUbnt: request.body.urlUbnt ?? '',
          verifyTls: request.body.verifyTls ?? true,
          sshHost: request.body.sshHost ?? '',
          sshPort: request.body.sshPort ?? 22,
          sshUser: request.body.sshUser ?? '',
          sshPassword: request.body.sshPassword ?? SECRET_MASK,
          sshKey: request.body.sshKey ?? SECRET_MASK,
          terminalPassword: request.body.terminalPassword ?? SECRET_MASK,
          unifiDataDir: request.body.unifiDataDir ?? '',
          sshHostKey: '',
        },
        contextOf(request),
      ),
    'GET /it4u/metricsToken': () => parameters.metricsTokenInfo(),
    'POST /it4u/metricsToken': (request) => parameters.generateMetricsToken(contextOf(request)),
    'GET /it4u/controller': () => parameters.controllerInfo(),
    'GET /it4u/checkCookiesUbnt': (request) => parameters.checkSession(request.principal),
  });
}
