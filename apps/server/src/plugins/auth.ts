import { type Capability, type CurrentUser, can } from '@it4u/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/context.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';

/** An access token's claims: the user, the session, and when it expires (epoch seconds). */
export type TokenClaims = { sub: string; sid: string; exp?: number };

/** A session as the auth check needs it: its user, and whether it is still alive. */
export type LiveSession = {
  user: CurrentUser;
  revokedAt: Date | null;
  expiresAt: Date;
  lastUsedAt: Date;
};

export type SessionStore = {
  load(sessionId: string): Promise<LiveSession | undefined>;
  touch(sessionId: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A spreadsheet import (lib/upload.ts sheetUpload): /metrics counts it, its outcome and its rows. */
    transfer?: 'import';
    /** The route stays open to a user who must still change a generated or reset password. */
    allowPendingPasswordChange?: boolean;
    /**
     * A POST that touches no session, user or role (the dashboard's report reads, router pushes, chat messages): it
     * leaves the session cache as it is.
     */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    principal: Actor;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of a live session, and the capability when named. It runs before the
     * body is read, so an anonymous caller never makes the server parse a body.
     */
    auth(capability?: Capability): (request: FastifyRequest) => Promise<void>;
  }
}

const TOUCH_EVERY_MS = 60_000;
/**
 * Sessions with their users are cached per instance for a moment: every authenticated request needs them, and
 * most requests are reads. Any write (POST, PUT, DELETE; not a POST marked `readOnly`) through this instance, even a
 * refused one, empties the cache, so a logout, a block or a role change here counts at once; another instance sees
 * it within CACHE_TTL_MS (docs/decisions.md).
 */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX = 10_000;

type Cached = { session: LiveSession; principal: Actor; at: number };

/** A browser's WebSocket cannot send headers: it offers its token as a subprotocol, `bearer.<token>`. */
export const WS_TOKEN_PREFIX = 'bearer.';

/** The access token of a request: its Authorization header, or on a WebSocket upgrade its subprotocol. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered !== 'string' || request.headers.upgrade?.toLowerCase() !== 'websocket') return undefined;
  return offered
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(WS_TOKEN_PREFIX))
    ?.slice(WS_TOKEN_PREFIX.length);
}

/**
 * The auth check: `verify` checks an access token's signature and expiry (it throws otherwise). Answers the same
 * check for a realtime socket's token: its caller, and when the token expires.
 */
export function registerAuth(
  app: FastifyInstance,
  verify: (token: string) => TokenClaims,
  sessions: SessionStore,
): (token: string) => Promise<{ actor: Actor; expiresAt: number }> {
  app.decorateRequest('principal', null as unknown as Actor);
  const cache = new Map<string, Cached>();
  app.addHook('onResponse', async (request) => {
    const read = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config?.readOnly;
    if (!read) cache.clear();
  });

  async function load(sid: string): Promise<Cached | undefined> {
    const hit = cache.get(sid);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit;
    const session = await sessions.load(sid);
    if (cache.size >= CACHE_MAX) cache.clear();
    if (!session) {
      cache.delete(sid);
      return undefined;
    }
    const entry = { session, principal: { ...session.user, sessionId: sid }, at: Date.now() };
    cache.set(sid, entry);
    return entry;
  }

  /** The live session of an access token, or an UnauthorizedError. */
  async function sessionOf(token: string | undefined): Promise<{ claims: TokenClaims; entry: Cached }> {
    let claims: TokenClaims;
    try {
      if (!token) throw new Error('no bearer token');
      claims = verify(token);
      if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw new Error('bad claims');
    } catch {
      throw new UnauthorizedError('sessionExpired');
    }
    const entry = await load(claims.sid);
    const session = entry?.session;
    if (
      !entry ||
      !session ||
      session.revokedAt ||
      session.expiresAt.getTime() < Date.now() ||
      String(session.user.id) !== claims.sub
    ) {
      throw new UnauthorizedError('sessionEnded');
    }
    if (session.user.status !== 'Active') throw new UnauthorizedError('accountInactive', { reason: 'inactive' });
    return { claims, entry };
  }

  app.decorate('auth', (capability?: Capability) => async (request: FastifyRequest) => {
    const { claims, entry } = await sessionOf(bearerToken(request));
    const { session } = entry;
    const { user } = session;
    request.principal = entry.principal;
    if (user.changePw && !request.routeOptions.config.allowPendingPasswordChange) {
      throw new ForbiddenError('changePasswordFirst', { reason: 'changePassword' });
    }
    const roles = user.roles.map((r) => r.name);
    if (capability && !can(roles, capability)) throw new ForbiddenError('notAllowed');
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      session.lastUsedAt = new Date();
      await sessions.touch(claims.sid);
    }
  });

  return async (token) => {
    const { claims, entry } = await sessionOf(token);
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 60_000;
    return { actor: entry.principal, expiresAt };
  };
}
