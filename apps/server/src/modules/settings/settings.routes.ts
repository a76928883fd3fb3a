import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SECRET_MASK } from '@it4u/shared';
import {
  ControllerInfoSchema,
  MetricsTokenSchema,
  ParametersBody,
  ParametersSchema,
  SavedParametersSchema,
  SessionCheckSchema,
} from '@it4u/shared/api';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { ParametersService } from './parameters.service.ts';

export async function settingsRoutes(app: FastifyInstance, opts: { parameters: ParametersService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { parameters } = opts;
  const admin = { onRequest: app.auth('parameters') };
  const tags = ['parameters'];

  r.get(
    '/it4u/systemConfig',
    {
      ...admin,
      schema: {
        tags,
        summary: 'System parameters; stored secrets come back as ******** (ROLE_ADMIN only)',
        security: secured,
        response: { 200: ParametersSchema, ...authErrors },
      },
    },
    () => parameters.get(),
  );

  r.put(
    '/it4u/systemConfig',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Save the system parameters, then test the controller login. With no controller address (the demo controller) its user and password may be empty; with one, both are needed (400). The shared device token (tokenDev) is needed while it is accepted (tokenDevEnabled), else it may be empty or left out (400 otherwise). A secret sent back as ******** keeps its stored value, except the controller password when the address or user changes (400: type it again).',
        security: secured,
        body: ParametersBody,
        response: {
          200: SavedParametersSchema,
          ...authErrors,
        },
      },
    },
    (request) =>
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
  );

  r.get(
    '/it4u/metricsToken',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'The token GET /metrics asks for: the generated one in clear, METRICS_TOKEN (source env, not shown), or none (then /metrics answers only loopback) (ROLE_ADMIN only)',
        security: secured,
        response: { 200: MetricsTokenSchema, ...authErrors },
      },
    },
    () => parameters.metricsTokenInfo(),
  );

  r.post(
    '/it4u/metricsToken',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Generate a new metrics token (the one before stops working); 409 when METRICS_TOKEN is set (ROLE_ADMIN only)',
        security: secured,
        response: { 200: MetricsTokenSchema, ...authErrors, 409: ErrorRef },
      },
    },
    (request) => parameters.generateMetricsToken(contextOf(request)),
  );

  r.get(
    '/it4u/controller',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['unifi'],
        summary: 'Which controller the console uses: a configured one, or the demo controller',
        security: secured,
        response: { 200: ControllerInfoSchema, 401: ErrorRef },
      },
    },
    () => parameters.controllerInfo(),
  );

  r.get(
    '/it4u/checkCookiesUbnt',
    {
      onRequest: app.auth(),
      schema: {
        tags: ['unifi'],
        summary: 'Whether the controller session is alive (logs in again when it is not); the address for staff only',
        security: secured,
        response: {
          200: SessionCheckSchema,
          401: ErrorRef,
        },
      },
    },
    (request) => parameters.checkSession(request.principal),
  );
}
