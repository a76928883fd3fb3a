import { type Static, Type } from '@sinclair/typebox';
import { defineRoutes } from '../contract.ts';

/** A site's name as the guest page's address has it. */
export const PORTAL_SITE_PATTERN = '^[A-Za-z0-9._-]+$';
/** What the controller's external portal sends the guest's phone with, and the form's fields: all bounded. */
export const PORTAL_FIELD_LIMITS = {
  id: 40,
  ap: 40,
  ssid: 64,
  url: 2000,
  t: 20,
  lang: 5,
  code: 20,
  password: 64,
  accept: 5,
} as const;

const bounded = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const L = PORTAL_FIELD_LIMITS;
const FIELD_PROPS = {
  id: bounded(L.id),
  ap: bounded(L.ap),
  ssid: bounded(L.ssid),
  url: bounded(L.url),
  t: bounded(L.t),
  lang: bounded(L.lang),
  code: bounded(L.code),
  password: bounded(L.password),
  accept: bounded(L.accept),
};
const PortalParams = Type.Object({ site: Type.String({ minLength: 1, maxLength: 100, pattern: PORTAL_SITE_PATTERN }) });
/** The guest's form as it is posted. */
export const PortalFields = Type.Object(FIELD_PROPS, { additionalProperties: false });
/** The page's address may also say `preview=1`: the Upload tab shows the page in a frame of the console. */
export const PortalQuery = Type.Object(
  { ...FIELD_PROPS, preview: Type.Optional(Type.String({ maxLength: 1 })) },
  { additionalProperties: false },
);
/** What the page reads from its address or its form. */
export type PortalFieldValues = Static<typeof PortalQuery>;

/**
 * The guest login page, registered at the root (not under /api/v1): public, server-rendered HTML, so not part of
 * the web app's `ApiRoutes`. Its answers are pages (or a 303 on to the web), never JSON.
 */
export const portalRoutes = defineRoutes('portal', {
  'GET /guest/s/:site/': {
    access: 'public',
    summary: "A site's guest login page (public HTML, no script; `preview=1`: as the Upload tab frames it)",
    params: PortalParams,
    query: PortalQuery,
  },
  'POST /guest/s/:site/': {
    access: 'public',
    audit: { none: 'a guest signing in: the controller keeps the guest and the voucher used' },
    summary: "A guest's try (form post): the phone is let in and sent on (303), or the page says why not",
    params: PortalParams,
    body: PortalFields,
    consumes: ['application/x-www-form-urlencoded'],
  },
});
