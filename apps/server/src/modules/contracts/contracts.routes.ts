import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ContractBody, ContractSchema, IdParams, MessageSchema, PageQuery, pageOf } from '@it4u/shared/api';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authErrors, ErrorRef, secured } from '../../lib/schemas.ts';
import type { ContractsService } from './contracts.service.ts';

export async function contractsRoutes(app: FastifyInstance, opts: { contracts: ContractsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { contracts } = opts;
  const tags = ['contracts'];
  const manage = { onRequest: app.auth('manage') };

  r.get(
    '/it4u/clientName',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Customer names of the contracts register, for pickers',
        security: secured,
        response: { 200: Type.Array(Type.String()), ...authErrors },
      },
    },
    () => contracts.clientNames(),
  );

  r.get(
    '/it4u/contract.:x',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Contracts whose customer name or contract number contains x (at most 50)',
        security: secured,
        params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Array(ContractSchema), ...authErrors },
      },
    },
    (request) => contracts.search(request.params.x),
  );

  r.post(
    '/it4u/getContractBySitename',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The contract of a site (by its id or description)',
        security: secured,
        body: Type.Object({ sitename: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: Type.Object({ companyName: Type.String(), phone: Type.String(), servicePlan: Type.String() }),
          ...authErrors,
          404: ErrorRef,
        },
      },
    },
    (request) => contracts.bySite(request.body.sitename),
  );

  r.get(
    '/it4u/contracts',
    {
      ...manage,
      schema: {
        tags,
        summary: 'The contracts register, paged and searchable',
        security: secured,
        querystring: PageQuery,
        response: { 200: pageOf(ContractSchema), ...authErrors },
      },
    },
    (request) => contracts.page(request.query.q, request.query.page, request.query.pageSize),
  );

  r.get(
    '/it4u/contracts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'One contract',
        security: secured,
        params: IdParams,
        response: { 200: ContractSchema, ...authErrors, 404: ErrorRef },
      },
    },
    (request) => contracts.get(request.params.id),
  );

  r.post(
    '/it4u/contracts',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a contract (contract numbers are unique)',
        security: secured,
        body: ContractBody,
        response: { 201: ContractSchema, ...authErrors, 409: ErrorRef },
      },
    },
    async (request, reply) => reply.status(201).send(await contracts.create(request.body)),
  );

  r.put(
    '/it4u/contracts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change a contract',
        security: secured,
        params: IdParams,
        body: ContractBody,
        response: { 200: ContractSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    (request) => contracts.update(request.params.id, request.body),
  );

  r.delete(
    '/it4u/contracts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a contract (refused while stock-out records use it)',
        security: secured,
        params: IdParams,
        response: { 200: MessageSchema, ...authErrors, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request) => {
      await contracts.remove(request.params.id);
      return { message: "You're successfully deleted." };
    },
  );
}
