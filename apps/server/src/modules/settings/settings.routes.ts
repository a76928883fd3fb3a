import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authErrors, secured } from '../../lib/schemas.ts';
import type { ParametersService } from './parameters.service.ts';

const required = () => Type.String({ minLength: 1, maxLength: 500 });

const ParametersSchema = Type.Object({
  usernameUbnt: Type.String(),
  pwUbnt: Type.String(),
  tokenUcrm: Type.String(),
  tokenDev: Type.String(),
  urlUbnt: Type.String(),
  verifyTls: Type.Boolean(),
});

const ParametersBody = Type.Object({
  usernameUbnt: required(),
  pwUbnt: required(),
  tokenUcrm: required(),
  tokenDev: required(),
  urlUbnt: Type.Optional(Type.String({ maxLength: 300, pattern: '^(|https?://[^\\s]+)$' })),
  verifyTls: Type.Optional(Type.Boolean()),
});

export async function settingsRoutes(app: FastifyInstance, opts: { parameters: ParametersService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { parameters } = opts;
  const admin = { preHandler: app.auth('parameters') };
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
          'Save the system parameters (a secret sent back as ******** keeps its stored value), then test the controller login',
        security: secured,
        body: ParametersBody,
        response: {
          200: Type.Object({
            saved: Type.Boolean(),
            controller: Type.Object({ ok: Type.Boolean(), message: Type.String() }),
          }),
          ...authErrors,
        },
      },
    },
    (request) =>
      parameters.put(
        { ...request.body, urlUbnt: request.body.urlUbnt ?? '', verifyTls: request.body.verifyTls ?? true },
        request.principal,
        request.ip,
      ),
  );
}
