import { controllersRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { ControllersService } from './controllers.service.ts';

export async function controllersRoutes(app: FastifyInstance, opts: { controllers: ControllersService }) {
  const { controllers } = opts;
  serve(app, routes, {
    'GET /it4u/controllers': () => controllers.list(),
    'POST /it4u/controllers': (request) => controllers.create(request.body, contextOf(request)),
    'PUT /it4u/controllers/:id': (request) => controllers.update(request.params.id, request.body, contextOf(request)),
    'DELETE /it4u/controllers/:id': async (request) => {
      await controllers.remove(request.params.id, contextOf(request));
      return { message: 'Controller removed' };
    },
    'POST /it4u/controllers/cloud-consoles': (request) => controllers.cloudConsoles(request.body),
    'POST /it4u/controllers/:id/check': (request) => controllers.checkNow(request.params.id),
  });
}
