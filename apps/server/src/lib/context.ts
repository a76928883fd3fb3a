import { type Capability, type CurrentUser, can } from '@it4u/shared';
import type { FastifyRequest } from 'fastify';

/** The signed-in caller of a request: the user as /user/me shows them, and the session they use. */
export type Actor = CurrentUser & { sessionId: string };

/** Where a request comes from, as the audit trail records it beside who made it. */
export type Origin = { ip: string; userAgent: string | null };

/**
 * Who asks and from where: what a service takes, last, to decide what the caller may do and to record it. Built
 * once per request by `contextOf`; every audited action receives it the same way.
 */
export type RequestContext = Origin & { actor: Actor };

export const originOf = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

/** The context of a request that passed the auth check. */
export const contextOf = (request: FastifyRequest): RequestContext => ({
  ...originOf(request),
  actor: request.principal,
});

const roleNames = (actor: Pick<CurrentUser, 'roles'>) => actor.roles.map((r) => r.name);

/** Staff see every site; a customer (ROLE_KH) only their own (the roles table of docs/architecture.md). */
export const seesAllSites = (actor: Pick<CurrentUser, 'roles'>): boolean => can(roleNames(actor), 'allSites');

/** Whether the caller's roles grant a capability (`can` in packages/shared/src/roles.ts). */
export const mayDo = (actor: Pick<CurrentUser, 'roles'>, capability: Capability): boolean =>
  can(roleNames(actor), capability);
export const isAdministrator = (actor: Pick<CurrentUser, 'roles'>): boolean => roleNames(actor).includes('ROLE_ADMIN');
