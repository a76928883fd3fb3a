import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './errors.ts';

/** The built React app; client routes fall back to index.html, unknown API paths answer 404 JSON. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (!hasWeb || request.method !== 'GET' || url.startsWith('/api') || url.startsWith('/socket.io')) {
      return routeNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
