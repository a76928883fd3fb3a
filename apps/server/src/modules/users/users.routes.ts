import { ONLINE_WINDOW_MS, ROLE_NAMES } from '@it4u/shared';
import { usersRoutes as routes } from '@it4u/shared/routes';
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const { users } = opts;
  /** the routes a user whose password must be changed may still call */
  const evenBeforePasswordChange = { config: { allowPendingPasswordChange: true } };

  serve(app, routes, {
    'GET /user/me': { options: evenBeforePasswordChange, handler: (request) => request.principal },
    'PUT /user/update': (request) => users.updateProfile(request.body, contextOf(request)),
    'PUT /user/changePassword': {
      options: evenBeforePasswordChange,
      handler: async (request) => {
        await users.changeOwnPassword(request.body, contextOf(request));
        return { message: 'Password changed.' };
      },
    },
    'GET /user/updateNumLogin': {
      options: evenBeforePasswordChange,
      handler: (request) => users.recordLogin(request.principal),
    },
    'GET /user': ({ query }) => users.list(query.q, query.page, query.pageSize),
    'POST /searchUser': ({ body }) => users.list(body.content, body.page ?? 1, body.pageSize ?? 10),
    'GET /user/online': async (request) => ({
      online: await users.online(new Date(Date.now() - ONLINE_WINDOW_MS), request.principal),
    }),
    'GET /role': () => ROLE_NAMES.map((name, i) => ({ id: i + 1, name })),
    'GET /users/:id': ({ params }) => users.get(params.id),
    'PUT /users/:id': (request) => users.update(request.params.id, request.body, contextOf(request)),
    'DELETE /users/:id': async (request) => {
      await users.remove(request.params.id, contextOf(request));
      return { message: "You're successfully deleted." };
    },
    'PUT /changePassword/:id': async (request) => {
      await users.resetPassword(request.params.id, request.body, contextOf(request));
      return { message: 'Password changed.' };
    },
  });
}
