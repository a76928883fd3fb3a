import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // the label reader (zxing-cpp compiled to WebAssembly, served from here) is compiled by the browser: allowed for
  // WebAssembly only, never JavaScript's eval
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // antd writes its component styles at run time (CSS-in-JS), so inline styles are allowed; scripts are not.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers, worked out once at start-up and set on every answer. (@fastify/helmet builds helmet's
 * middleware anew for each request, which cost a tenth of the throughput of a small route: docs/decisions.md.)
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } })({} as IncomingMessage, res, () => {});
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
