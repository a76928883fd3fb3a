import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type PageShell, type PortalLanguage, type PortalView, portalAction, portalPage } from './portal.page.ts';
import type { PortalService } from './portal.service.ts';

const Params = Type.Object({ site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }) });
/** What the controller's external portal sends the guest's phone with, and the form's fields: all bounded. */
const Fields = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 40 })),
    ap: Type.Optional(Type.String({ maxLength: 40 })),
    ssid: Type.Optional(Type.String({ maxLength: 64 })),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    t: Type.Optional(Type.String({ maxLength: 20 })),
    lang: Type.Optional(Type.String({ maxLength: 5 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
    password: Type.Optional(Type.String({ maxLength: 64 })),
    accept: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: false },
);
type FieldValues = {
  id?: string;
  ap?: string;
  ssid?: string;
  url?: string;
  t?: string;
  lang?: string;
  code?: string;
  password?: string;
  accept?: string;
};

/** The page's own policy: no script at all, images and the form from here, the form's redirect to the web. */
const CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self' https: http:; base-uri 'none'; frame-ancestors 'none'";

const languageOf = (value: string | undefined): PortalLanguage => (value === 'en' ? 'en' : 'vi');
const carried = (f: FieldValues) =>
  Object.fromEntries(
    (['id', 'ap', 'ssid', 'url', 't'] as const).flatMap((k) => (f[k] === undefined ? [] : [[k, f[k] as string]])),
  );

/**
 * The guest login page `/guest/s/{site}/`, public and server-rendered: it works in captive-portal browsers that run
 * no script (the form posts as a plain form). Vietnamese unless the guest picks English.
 */
export async function portalRoutes(app: FastifyInstance, opts: { portal: PortalService }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const send = (reply: FastifyReply, status: number, view: PortalView, shell?: PageShell) =>
    reply
      .status(status)
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(portalPage(view, shell));

  const show = async (
    site: string,
    f: FieldValues,
    reply: FastifyReply,
    outcome?: Pick<PortalView, 'message'> & { status: number },
  ) => {
    const lang = languageOf(f.lang);
    const action = portalAction(site);
    const found = await opts.portal.view(site);
    if (!found) {
      return send(reply, 404, {
        lang,
        venue: site,
        auth: null,
        images: {},
        carry: {},
        action,
        message: { key: 'unknown', kind: 'error' },
      });
    }
    const noDevice = !f.id;
    const message = outcome?.message ?? (noDevice ? { key: 'noDevice' as const, kind: 'error' as const } : undefined);
    return send(
      reply,
      outcome?.status ?? (noDevice ? 400 : 200),
      {
        lang,
        venue: found.venue,
        images: found.images,
        auth: noDevice ? null : found.auth,
        carry: carried(f),
        action,
        message,
      },
      // the page without a message is the site's kept shell
      message ? undefined : found.shells[lang],
    );
  };

  app.get<{ Params: { site: string }; Querystring: FieldValues }>(
    '/guest/s/:site/',
    {
      schema: {
        tags: ['portal'],
        summary: "A site's guest login page (public HTML, no script)",
        params: Params,
        querystring: Fields,
      },
    },
    (request, reply) => show(request.params.site, request.query, reply),
  );

  app.post<{ Params: { site: string }; Body: FieldValues }>(
    '/guest/s/:site/',
    {
      schema: {
        tags: ['portal'],
        summary: "A guest's try (form post): the phone is let in and sent on (303), or the page says why not",
        params: Params,
        body: Fields,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (request, reply) => {
      const { site } = request.params;
      const f = request.body ?? {};
      if (!(await opts.portal.view(site))) return show(site, f, reply);
      const outcome = await opts.portal.login(site, request.ip, f, f);
      if ('redirect' in outcome)
        return reply.status(303).header('location', outcome.redirect).header('cache-control', 'no-store').send();
      return show(site, f, reply, outcome);
    },
  );
}
