import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3 description generated from the route schemas, at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'IT4U console API',
        description: 'Back-office console of an internet and wifi service operator. Times are epoch milliseconds.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          deviceToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A router's own device token (made in the customer report's site view), or the shared tokenDev of Settings → Parameter for a site without one, while it is on",
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'METRICS_TOKEN, or the token an administrator generated in Settings → Parameter; without either, only loopback is answered',
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
