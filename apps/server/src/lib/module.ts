import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Realtime, RealtimeSocket } from '../plugins/realtime.ts';
import type { Audit } from './audit.ts';
import type { Leases } from './leases.ts';
import type { OpsMetrics } from './opsMetrics.ts';
import type { SheetLimits } from './upload.ts';

/** The purposes of the keys derived from the master key. */
export type KeyPurpose = 'jwt' | 'refresh' | 'secrets' | 'identifiers';

/** What every area is built on: the database, the audit trail and the keys derived from the master key. */
export type Core = {
  db: Db;
  audit: Audit;
  /**
   * the key of one purpose (JWT signing, refresh-token HMAC, AES-256-GCM of stored secrets, the HMAC that stands for
   * an unknown sign-in name in the audit trail)
   */
  key(purpose: KeyPurpose): Buffer;
  /** how long and how much memory reading an uploaded spreadsheet may take */
  sheetLimits: SheetLimits;
  /** events to users' open sockets, on every instance */
  realtime: Realtime;
  /** what an operator watches in /metrics: controller calls, caches, jobs, refused sign-ins */
  ops: OpsMetrics;
  /** the duties' leases: one instance at a time does each duty, and another takes it over when it dies */
  leases: Leases;
};

/** Work an area does on its own while the server runs: started once the server is ready, stopped when it closes. */
export type Job = { start(): Promise<void>; stop(): void | Promise<void> };

/**
 * An area of the console, wired in its `<area>.module.ts`: its repository and service made by hand, and what it
 * registers on the server. `app.ts` lists the areas with their prefixes.
 */
export type Area = {
  /** the area's HTTP routes, registered under its prefix */
  routes: FastifyPluginAsync;
  /** the area's jobs */
  jobs?: Job[];
  /** the area's handlers on each new realtime socket (already authenticated) */
  sockets?: (socket: RealtimeSocket) => void;
};
