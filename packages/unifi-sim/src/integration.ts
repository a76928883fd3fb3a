// UniFi Network's official API (Network 9 and later, UniFi OS, API key only): /proxy/network/integration/v1.
//
// Its shapes as Ubiquiti's OpenAPI file for the Network integration API gives them (`integration.json`, version
// 10.4.57, as vendored by wittypluck/ha-unifi-network `openapi_client_generator/integration.json`; the versions
// 9.0.99 to 10.5.66 extracted from controllers in beezly/unifi-apis `unifi-network/<version>.json`):
// - lists are paged by `offset` (default 0) and `limit` (default 25, at most 200 for sites, devices and clients),
//   answered as `{ offset, limit, count, totalCount, data }` (all required since 9.1.120);
// - a site is `{ id (uuid), internalReference (the short name older APIs use: `default`), name }`
//   (internalReference since 9.1.120);
// - an adopted device is `{ id (uuid), macAddress, ipAddress, name, model, state, supported, firmwareVersion,
//   firmwareUpdatable, features, interfaces }`, `state` one of ONLINE, OFFLINE, PENDING_ADOPTION, UPDATING, … ;
// - an error is `{ statusCode, statusName, code, message, timestamp, requestPath, requestId }` (since 9.3.45; `code`
//   since 10.0.162). The file documents no 4xx answer: a missing or wrong key's 401 with
//   `api.authentication.missing-credentials` is what the public clients' tests take (Kane610/aiounifi PR #1088).
// The file does not say what a `limit` past its maximum does: this simulator refuses it (400), the strict reading.
import { createHash } from 'node:crypto';
import { isUp } from './activity.ts';
import type { Site, World } from './world.ts';

const LIMITS = { default: 25, max: 200 };

/** A site's or a device's UUID, the same for the same world: the official API names them by UUID, not by name. */
export function uuidOf(...parts: (string | number)[]): string {
  const h = createHash('sha1').update(parts.join('/')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An answer of the official API: its status and JSON body. */
export type IntegrationAnswer = { status: number; body: unknown };

function error(status: number, statusName: string, code: string, message: string, path: string): IntegrationAnswer {
  return {
    status,
    body: {
      statusCode: status,
      statusName,
      code,
      message,
      timestamp: new Date(0).toISOString(),
      requestPath: path,
      requestId: uuidOf('request', path, status),
    },
  };
}

/** A request without the console's API key (or with another): 401, as the public clients' tests take it. */
export const integrationRefusal = (path: string) =>
  error(
    401,
    'UNAUTHORIZED',
    'api.authentication.missing-credentials',
    'Missing credentials',
    path.replace(/^\/proxy\/network/, ''),
  );

/** A page of `all` as `offset` and `limit` ask, or the 400 of a page the API does not give. */
function page<T>(all: T[], query: URLSearchParams, path: string): IntegrationAnswer {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? LIMITS.default);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0 || limit > LIMITS.max) {
    return error(400, 'BAD_REQUEST', 'api.request.argument-type-mismatch', 'Invalid paging parameters', path);
  }
  const data = all.slice(offset, offset + limit);
  return { status: 200, body: { offset, limit, count: data.length, totalCount: all.length, data } };
}

/**
 * The official API's answer to a request under `/integration` (its path after `/proxy/network/integration`), the key
 * already checked; undefined when the path is none of its.
 */
export function integration(
  world: World,
  method: string,
  path: string,
  query: URLSearchParams,
  now: number,
): IntegrationAnswer | undefined {
  const full = `/integration${path}`;
  if (method !== 'GET') return undefined;
  if (path === '/v1/sites') {
    return page(
      world.sites.map((s) => ({ id: uuidOf(world.seed, 'site', s.name), internalReference: s.name, name: s.desc })),
      query,
      full,
    );
  }
  const devices = /^\/v1\/sites\/([0-9a-f-]{36})\/devices$/.exec(path);
  if (devices) {
    const site = world.sites.find((s) => uuidOf(world.seed, 'site', s.name) === devices[1]);
    if (!site) return error(404, 'NOT_FOUND', 'api.site.not-found', 'Site not found', full);
    return page(deviceOverviews(world, site, now), query, full);
  }
  return undefined;
}

/** A site's adopted devices as the official API lists them. */
function deviceOverviews(world: World, site: Site, now: number) {
  return site.devices.map((d) => ({
    id: uuidOf(world.seed, 'device', d.mac),
    macAddress: d.mac,
    ipAddress: d.ip,
    name: d.name,
    model: d.model,
    state: isUp(d, now) ? 'ONLINE' : 'OFFLINE',
    supported: true,
    firmwareVersion: d.version,
    firmwareUpdatable: false,
    features: ['accessPoint'],
    interfaces: ['radios'],
  }));
}
