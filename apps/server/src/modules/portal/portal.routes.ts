import {
  type PortalFieldValues as FieldValues,
  PORTAL_FIELD_LIMITS as LIMITS,
  portalRoutes as routes,
  PORTAL_SITE_PATTERN as SITE,
} from '@it4u/shared/routes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serve } from '../../lib/serve.ts';
import { isBadText } from '../../lib/text.ts';
import {
  type PageShell,
  type PortalLanguage,
  type PortalMessage,
  type PortalView,
  portalAction,
  portalPage,
} from './portal.page.ts';
import type { PortalService } from './portal.service.ts';

/**
 * The page's own policy: no script at all, images and the form from here, the form's redirect to the web; framed by
 * nobody, except the preview, which only the console itself may frame.
 */
const cspOf = (preview: boolean) =>
  `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self' https: http:; base-uri 'none'; frame-ancestors ${preview ? "'self'" : "'none'"}`;

const languageOf = (value: unknown): PortalLanguage => (value === 'en' ? 'en' : 'vi');
const CARRIED = ['id', 'ap', 'ssid', 'url', 't'] as const;
/** What the phone came with, carried through the form: only what the page's limits let through. */
const carried = (f: Record<string, unknown>) =>
  Object.fromEntries(
    CARRIED.flatMap((k) => {
      const v = f[k];
      return typeof v === 'string' && v.length <= LIMITS[k] && !isBadText(v) ? [[k, v]] : [];
    }),
  );
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** An address's origin (`https://host:port`), or undefined when it is not an http(s) address. */
function originOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a form post comes from the console's own pages: no `Origin` (older phones' browsers send none), or an
 * Origin naming the host the request came to (as the proxies the console trusts say it; by host and port, since a
 * proxy in front may end the TLS), or the console's public address (PUBLIC_URL). `null` (a sandboxed frame, a
 * page opened from a file) and any other site are refused.
 */
export function fromHere(request: Pick<FastifyRequest, 'headers' | 'host'>, publicUrl?: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const seen = originOf(origin);
  if (!seen) return false;
  if (publicUrl && originOf(publicUrl) === seen) return true;
  const host = originOf(`http://${request.host}`);
  return host !== undefined && new URL(seen).host === new URL(host).host;
}

/** The message for a form that could not be read: its code or password said wrong, anything else in general words. */
function formProblem(error: FastifyError): PortalMessage {
  const field = (error.validation?.[0]?.instancePath ?? '').replace(/^\//, '');
  return field === 'code' ? 'wrongCode' : field === 'password' ? 'wrongPassword' : 'badForm';
}

/**
 * The guest login page `/guest/s/{site}/`, public and server-rendered: it works in captive-portal browsers that run
 * no script (the form posts as a plain form). Vietnamese unless the guest picks English. Whatever goes wrong is said
 * on the page in the guest's language (never the console's JSON errors).
 */
export async function portalRoutes(app: FastifyInstance, opts: { portal: PortalService; publicUrl?: string }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const send = (reply: FastifyReply, status: number, view: PortalView, shell?: PageShell, preview = false) =>
    reply
      .status(status)
      .header('content-security-policy', cspOf(preview))
      .header('x-frame-options', preview ? 'SAMEORIGIN' : 'DENY')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(portalPage(view, shell));

  const show = async (
    site: string,
    f: FieldValues,
    reply: FastifyReply,
    outcome?: Pick<PortalView, 'message' | 'wanted'> & { status: number },
  ) => {
    const lang = languageOf(f.lang);
    const action = portalAction(site);
    const preview = f.preview === '1';
    const carry = carried(f);
    const found = await opts.portal.view(site);
    if (!found) {
      const message = { key: 'unknown', kind: 'error' } as const;
      return send(
        reply,
        404,
        { lang, venue: site, auth: null, images: {}, carry, action, message },
        undefined,
        preview,
      );
    }
    const page = { lang, venue: found.venue, images: found.images, carry, action };
    // the site's hotspot is off, or its guests are not sent here: its page says so (the kept shell), with no form
    if (!found.open) {
      const message = { key: 'closed', kind: 'error' } as const;
      return send(reply, 403, { ...page, auth: null, message }, found.shells[lang], preview);
    }
    // the preview shows the form as a guest's phone gets it
    const noDevice = !f.id && !preview;
    const message = outcome?.message ?? (noDevice ? { key: 'noDevice' as const, kind: 'error' as const } : undefined);
    return send(
      reply,
      outcome?.status ?? (noDevice ? 400 : 200),
      { ...page, auth: noDevice ? null : found.auth, message, wanted: outcome?.wanted },
      // the page without a message is the site's kept shell
      message ? undefined : found.shells[lang],
      preview,
    );
  };

  /**
   * A request that could not be answered: a form the page's limits refuse (its fields, its size, its text) is shown
   * again with a message, a controller or database that does not answer says the login is not available now.
   */
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const query = isObject(request.query) ? request.query : {};
    const body = isObject(request.body) ? request.body : {};
    const f = { ...query, ...body };
    const lang = languageOf(f.lang);
    const preview = query.preview === '1';
    const params = isObject(request.params) ? request.params : {};
    const site = typeof params.site === 'string' && new RegExp(SITE).test(params.site) ? params.site : undefined;
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 503;
    const bare = (code: number, message: PortalMessage, known?: { venue: string; images: PortalView['images'] }) =>
      send(
        reply,
        code,
        {
          lang,
          venue: known?.venue ?? '',
          images: known?.images ?? {},
          auth: null,
          carry: carried(f),
          action: portalAction(site ?? ''),
          message: { key: message, kind: 'error' },
        },
        undefined,
        preview,
      );
    if (!site || error.validationContext === 'params') return bare(404, 'unknown');
    if (status >= 500) {
      request.log.warn({ err: error }, 'the guest page could not be answered');
      return bare(status, 'unavailable', await opts.portal.venueOf(site));
    }
    try {
      // the site's page again, its form with what the phone came with, and the message
      const outcome = { status, message: { key: formProblem(error), kind: 'error' as const } };
      return await show(site, { ...carried(f), lang, ...(preview ? { preview: '1' } : {}) }, reply, outcome);
    } catch (err) {
      request.log.warn({ err }, 'the guest page could not be answered');
      return bare(503, 'unavailable', await opts.portal.venueOf(site));
    }
  });

  serve(app, routes, {
    'GET /guest/s/:site/': (request, reply) => show(request.params.site, request.query, reply),
    'POST /guest/s/:site/': async (request, reply) => {
      const { site } = request.params;
      const f = request.body ?? {};
      // a form posted from another web page (a click-through site's guests let in by anybody's page): refused with
      // the page itself, where the guest can log in; devices that send no Origin are let through
      if (!fromHere(request, opts.publicUrl)) {
        return show(site, f, reply, { status: 403, message: { key: 'foreign', kind: 'error' } });
      }
      const found = await opts.portal.view(site);
      if (!found?.open) return show(site, f, reply);
      const outcome = await opts.portal.login(site, request.ip, f, f);
      if ('redirect' in outcome)
        return reply.status(303).header('location', outcome.redirect).header('cache-control', 'no-store').send();
      return show(site, f, reply, outcome);
    },
  });
}
