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
// - a hotspot voucher is `{ id, createdAt, name, code, authorizedGuestLimit?, authorizedGuestCount, activatedAt?,
//   expiresAt?, expired, timeLimitMinutes, dataUsageLimitMBytes?, rxRateLimitKbps?, txRateLimitKbps? }`, listed 100
//   by default and 1000 at most, filtered by `filter`; made by `POST …/hotspot/vouchers` with `{ count 1–1000, name
//   (required, not empty), authorizedGuestLimit ≥ 1, timeLimitMinutes 1–1,000,000 (required), dataUsageLimitMBytes
//   1–1,048,576, rxRateLimitKbps and txRateLimitKbps 2–100,000 }`, answered 201 `{ vouchers }`; deleted one by one
//   (`{ vouchersDeleted }`);
// - a client is `{ type (WIRED, WIRELESS, …), id, name, connectedAt, ipAddress, macAddress, uplinkDeviceId, access:
//   { type: GUEST, authorized } or { type: DEFAULT } }`, filtered by `macAddress.eq('…')` (Art-of-WiFi's
//   unifi-network-application-api-client ClientFilter); its action `AUTHORIZE_GUEST_ACCESS` (optional
//   timeLimitMinutes, dataUsageLimitMBytes, rxRateLimitKbps, txRateLimitKbps, the voucher's bounds) is for a guest
//   client only, one the console lists: "you cannot pre-authorize guests using the API because they need to be
//   connected to the network first" (that client's README), answered `{ action, grantedAuthorization:
//   { authorizedAt, authorizationMethod: API, expiresAt, … }, revokedAuthorization? }`.
// The file does not say what a `limit` past its maximum does: this simulator refuses it (400), the strict reading.
// Nor does it give the `code` of a refused body or filter: `api.request.invalid-argument` here is the simulator's.
import { createHash } from 'node:crypto';
import { isUp, onlineAt } from './activity.ts';
import { ageVoucher } from './api.ts';
import { FilterError, parseFilter } from './filter.ts';
import type { Misbehaviour } from './misbehaviour.ts';
import { type JsonObject, newId, type Site, voucherObject, type World } from './world.ts';

const LIMITS = { default: 25, max: 200 };
const VOUCHER_LIMITS = { default: 100, max: 1000 };

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

/** A write with a key whose administrator may only read (`readOnly`): 403 in the API's error shape. */
export const integrationForbidden = (path: string) =>
  error(403, 'FORBIDDEN', 'api.authorization.forbidden', 'Forbidden', path.replace(/^\/proxy\/network/, ''));

/**
 * A page of `all` (those its `filter` keeps) as `offset` and `limit` ask, or the 400 of a page the API does not give
 * or of a filter it cannot read.
 */
function page<T extends Record<string, unknown>>(
  all: T[],
  query: URLSearchParams,
  path: string,
  limits = LIMITS,
): IntegrationAnswer {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? limits.default);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0 || limit > limits.max) {
    return error(400, 'BAD_REQUEST', 'api.request.argument-type-mismatch', 'Invalid paging parameters', path);
  }
  const text = query.get('filter');
  let kept = all;
  if (text !== null) {
    try {
      kept = all.filter(parseFilter(text));
    } catch (err) {
      if (!(err instanceof FilterError)) throw err;
      return invalid(path, err.message);
    }
  }
  const data = kept.slice(offset, offset + limit);
  return { status: 200, body: { offset, limit, count: data.length, totalCount: kept.length, data } };
}

const invalid = (path: string, message: string) =>
  error(400, 'BAD_REQUEST', 'api.request.invalid-argument', message, path);

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
  body: JsonObject = {},
  misbehaviour?: Pick<Misbehaviour, 'lateClientsMs' | 'authorizationsLost'>,
): IntegrationAnswer | undefined {
  const full = `/integration${path}`;
  const onSite = /^\/v1\/sites\/([0-9a-f-]{36})(\/.*)$/.exec(path);
  if (onSite) {
    const site = world.sites.find((s) => uuidOf(world.seed, 'site', s.name) === onSite[1]);
    if (!site) return error(404, 'NOT_FOUND', 'api.site.not-found', 'Site not found', full);
    const rest = onSite[2] ?? '';
    const late = misbehaviour?.lateClientsMs ?? 0;
    if (rest === '/hotspot/vouchers' || rest.startsWith('/hotspot/vouchers/')) {
      return vouchers(world, site, method, rest.slice('/hotspot/vouchers'.length), query, body, now, full);
    }
    if (rest === '/clients' && method === 'GET') return page(clients(world, site, now, late), query, full);
    const action = /^\/clients\/([0-9a-f-]{36})\/actions$/.exec(rest);
    if (action && method === 'POST') {
      return clientAction(
        world,
        site,
        action[1] ?? '',
        body,
        now,
        late,
        misbehaviour?.authorizationsLost === true,
        full,
      );
    }
  }
  if (method !== 'GET') return undefined;
  if (path === '/v1/sites') {
    return page(
      world.sites.map((s) => ({ id: uuidOf(world.seed, 'site', s.name), internalReference: s.name, name: s.desc })),
      query,
      full,
    );
  }
  if (onSite?.[2] === '/devices' && method === 'GET') {
    const site = world.sites.find((s) => uuidOf(world.seed, 'site', s.name) === onSite[1]);
    if (site) return page(deviceOverviews(world, site, now), query, full);
  }
  return undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** A voucher of the site (the classic paths' own record) as the official API shows it. */
function officialVoucher(world: World, v: JsonObject, now: number): JsonObject {
  ageVoucher(v, now);
  const out: JsonObject = {
    id: uuidOf(world.seed, 'voucher', String(v._id)),
    createdAt: iso(Number(v.create_time) * 1000),
    name: typeof v.note === 'string' ? v.note : '',
    code: String(v.code),
    authorizedGuestCount: Number(v.used ?? 0),
    expired: v.status === 'EXPIRED',
    timeLimitMinutes: Number(v.duration),
  };
  if (Number(v.quota) > 0) out.authorizedGuestLimit = Number(v.quota);
  if (typeof v.start_time === 'number') out.activatedAt = iso(v.start_time * 1000);
  if (typeof v.end_time === 'number') out.expiresAt = iso(v.end_time * 1000);
  if (v.qos_overwrite === true) {
    if (v.qos_usage_quota !== undefined) out.dataUsageLimitMBytes = v.qos_usage_quota;
    if (v.qos_rate_max_down !== undefined) out.rxRateLimitKbps = v.qos_rate_max_down;
    if (v.qos_rate_max_up !== undefined) out.txRateLimitKbps = v.qos_rate_max_up;
  }
  return out;
}

/**
 * The limits a voucher and a guest authorization share, within the file's bounds for both (minutes, megabytes,
 * download and upload kbps), each absent or an integer; the reason of the first one refused instead.
 */
function guestLimits(
  body: JsonObject,
): { minutes?: number; bytes?: number; down?: number; up?: number } | { refused: string } {
  const limits = {
    minutes: bounded(body, 'timeLimitMinutes', 1, 1_000_000),
    bytes: bounded(body, 'dataUsageLimitMBytes', 1, 1_048_576),
    down: bounded(body, 'rxRateLimitKbps', 2, 100_000),
    up: bounded(body, 'txRateLimitKbps', 2, 100_000),
  };
  const refused = Object.values(limits).find((v) => typeof v === 'string');
  if (typeof refused === 'string') return { refused };
  return limits as { minutes?: number; bytes?: number; down?: number; up?: number };
}

/** A limit of a request body: absent, or an integer within its bounds (else the reason it is refused). */
function bounded(body: JsonObject, field: string, min: number, max: number): number | undefined | string {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  const n = int(v);
  return n !== undefined && n >= min && n <= max ? n : `${field} must be an integer from ${min} to ${max}`;
}

/** The hotspot's vouchers of a site: listed (paged, filtered), one read, made, or deleted. */
function vouchers(
  world: World,
  site: Site,
  method: string,
  rest: string,
  query: URLSearchParams,
  body: JsonObject,
  now: number,
  full: string,
): IntegrationAnswer | undefined {
  if (rest === '' && method === 'GET') {
    const all = site.vouchers.map((v) => officialVoucher(world, v, now));
    return page(all, query, full, VOUCHER_LIMITS);
  }
  if (rest === '' && method === 'POST') {
    const count = bounded(body, 'count', 1, 1000);
    const guests = bounded(body, 'authorizedGuestLimit', 1, Number.MAX_SAFE_INTEGER);
    const limits = guestLimits(body);
    for (const refused of [count, guests]) if (typeof refused === 'string') return invalid(full, refused);
    if ('refused' in limits) return invalid(full, limits.refused);
    if (typeof body.name !== 'string' || body.name.length === 0) return invalid(full, 'name must not be empty');
    const { minutes, up, down, bytes } = limits;
    if (minutes === undefined) return invalid(full, 'timeLimitMinutes is required');
    const createTime = Math.floor(now / 1000);
    const codes = new Set(site.vouchers.map((v) => v.code));
    const made: JsonObject[] = [];
    for (let i = 0; i < ((count as number | undefined) ?? 1); i++) {
      let code = `${world.rng.int(1, 9)}${world.rng.digits(9)}`;
      while (codes.has(code)) code = `${world.rng.int(1, 9)}${world.rng.digits(9)}`;
      codes.add(code);
      const v = voucherObject(site, newId(world.rng, now), code, createTime, {
        note: body.name,
        quota: (guests as number | undefined) ?? 0,
        duration: minutes,
        up,
        down,
        bytes,
      });
      site.vouchers.push(v);
      made.push(v);
    }
    world.version++;
    return { status: 201, body: { vouchers: made.map((v) => officialVoucher(world, v, now)) } };
  }
  const one = /^\/([0-9a-f-]{36})$/.exec(rest);
  if (!one) return undefined;
  const index = site.vouchers.findIndex((v) => uuidOf(world.seed, 'voucher', String(v._id)) === one[1]);
  if (index < 0) return error(404, 'NOT_FOUND', 'api.hotspot.voucher.not-found', 'Voucher not found', full);
  if (method === 'GET') return { status: 200, body: officialVoucher(world, site.vouchers[index] as JsonObject, now) };
  if (method === 'DELETE') {
    site.vouchers.splice(index, 1);
    world.version++;
    return { status: 200, body: { vouchersDeleted: 1 } };
  }
  return undefined;
}

/**
 * The site's clients connected now, as the official API lists them: the world's wireless clients, and the guests let
 * in through the API once the console lists them (`lateClientsMs` after, as `stat/sta`).
 */
function clients(world: World, site: Site, now: number, lateMs: number): JsonObject[] {
  const listed = onlineAt(site, now).map(({ session, ident, ap }) => {
    const given = site.authorized.get(ident.mac);
    return {
      type: 'WIRELESS',
      id: uuidOf(world.seed, 'client', ident.mac),
      name: ident.hostname ?? ident.mac,
      connectedAt: iso(session.start),
      macAddress: ident.mac,
      uplinkDeviceId: uuidOf(world.seed, 'device', ap.mac),
      access: ident.isGuest ? { type: 'GUEST', authorized: given ? given.lost !== true : true } : { type: 'DEFAULT' },
    };
  });
  const seen = new Set(listed.map((c) => c.macAddress));
  for (const [mac, given] of site.authorized) {
    if (seen.has(mac) || given.end <= now || now - given.start < lateMs) continue;
    const ap = site.devices.find((d) => d.mac === given.apMac) ?? site.devices[0];
    listed.push({
      type: 'WIRELESS',
      id: uuidOf(world.seed, 'client', mac),
      name: mac,
      connectedAt: iso(given.start),
      macAddress: mac,
      uplinkDeviceId: uuidOf(world.seed, 'device', ap?.mac ?? ''),
      access: { type: 'GUEST', authorized: given.lost !== true },
    });
  }
  return listed;
}

/** A client's action: `AUTHORIZE_GUEST_ACCESS` (or its undoing) of a guest client the console lists. */
function clientAction(
  world: World,
  site: Site,
  id: string,
  body: JsonObject,
  now: number,
  lateMs: number,
  lost: boolean,
  full: string,
): IntegrationAnswer {
  const client = clients(world, site, now, lateMs).find((c) => c.id === id);
  if (!client) return error(404, 'NOT_FOUND', 'api.client.not-found', 'Client not found', full);
  if ((client.access as { type: string }).type !== 'GUEST') return invalid(full, 'Client must be a guest');
  const mac = String(client.macAddress);
  const before = site.authorized.get(mac);
  const revoked = before && before.end > now ? { authorizedAt: iso(before.start), expiresAt: iso(before.end) } : null;
  if (body.action === 'UNAUTHORIZE_GUEST_ACCESS') {
    site.authorized.delete(mac);
    return { status: 200, body: { action: body.action, ...(revoked ? { revokedAuthorization: revoked } : {}) } };
  }
  if (body.action !== 'AUTHORIZE_GUEST_ACCESS') return invalid(full, 'Unknown action');
  const limits = guestLimits(body);
  if ('refused' in limits) return invalid(full, limits.refused);
  const expire = Number(site.settings.find((x) => x.key === 'guest_access')?.expire ?? 480);
  const { down, up, bytes } = limits;
  const minutes = limits.minutes ?? expire;
  site.authorized.set(mac, {
    start: now,
    end: now + minutes * 60_000,
    minutes,
    ...(up !== undefined ? { up } : {}),
    ...(down !== undefined ? { down } : {}),
    ...(bytes !== undefined ? { bytes } : {}),
    ...(lost ? { lost: true } : {}),
  });
  const granted: JsonObject = {
    authorizedAt: iso(now),
    authorizationMethod: 'API',
    expiresAt: iso(now + minutes * 60_000),
  };
  if (bytes !== undefined) granted.dataUsageLimitMBytes = bytes;
  if (down !== undefined) granted.rxRateLimitKbps = down;
  if (up !== undefined) granted.txRateLimitKbps = up;
  return {
    status: 200,
    body: { action: body.action, grantedAuthorization: granted, ...(revoked ? { revokedAuthorization: revoked } : {}) },
  };
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
