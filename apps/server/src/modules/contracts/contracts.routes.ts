import { contractRoutes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { ContractsService } from './contracts.service.ts';

export async function contractsRoutes(app: FastifyInstance, opts: { contracts: ContractsService }) {
  const { contracts } = opts;
  serve(app, contractRoutes, {
    'GET /it4u/clientName': () => contracts.clientNames(),
    'GET /it4u/contract.:x': (request) => contracts.search(request.params.x),
    'POST /it4u/getContractBySitename': (request) => contracts.bySite(request.body.sitename),
    'GET /it4u/contracts': (request) => contracts.page(request.query.q, request.query.page, request.query.pageSize),
    'GET /it4u/contracts/:id': (request) => contracts.get(request.params.id),
    'POST /it4u/contracts': (request) => contracts.create(request.body, contextOf(request)),
    'PUT /it4u/contracts/:id': (request) => contracts.update(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/contracts/:id': async (request) => {
      await contracts.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
  });
}
