import { EventEmitter } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { type ClientEvents, type ServerEvents, SOCKET_PATH, type SocketRefusal } from '@it4u/shared';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { Actor } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the server's WebSocket upgrades but those of Socket.IO (for @fastify/websocket's `server` option) */
    upgrades: EventEmitter;
  }
}

export type SocketData = { actor: Actor };
export type RealtimeSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type Io = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type Args<E extends keyof ServerEvents> = Parameters<ServerEvents[E]>;

/** A signed-in caller from an access token, and when that token expires (epoch ms); throws an AppError otherwise. */
export type Authenticate = (token: string) => Promise<{ actor: Actor; expiresAt: number }>;

/**
 * What the areas use of the realtime server: events to a user's sockets (on every instance), to everyone, and the
 * end of a session's or a user's sockets.
 */
export type Realtime = {
  toUser<E extends keyof ServerEvents>(userId: number | number[], event: E, ...args: Args<E>): void;
  /** to a user's sockets but those of one session (a sign-in tells the user's other sessions) */
  toUserBut<E extends keyof ServerEvents>(userId: number, sessionId: string, event: E, ...args: Args<E>): void;
  /** to the sockets in a room (that they joined themselves: `RealtimeSocket.join`) */
  toRoom<E extends keyof ServerEvents>(room: string, event: E, ...args: Args<E>): void;
  /** closes a session's sockets, on every instance (a logout, a revoked session) */
  endSession(sessionId: string): void;
  /** closes a user's sockets but those of one session, on every instance (a block, a password change) */
  endUser(userId: number, exceptSessionId?: string): void;
};

const userRoom = (id: number) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

/**
 * The pool as the PostgreSQL adapter sees it (it uses `connect` for its LISTEN connection and `query` for the rest).
 * The adapter takes a new connection when its LISTEN connection ends (a database restart or failover), but it does
 * not listen for that connection's errors (node-postgres emits one when the server ends it, and an 'error' event
 * nobody listens to ends the process), nor give the ended one back (the pool would count it for ever, one more at
 * each restart). Here the connection has both, `release` may be called more than once, and at most one is held: a
 * new one replaces an older one still open (the adapter's first attempt can fail after it took one).
 */
export function listenPool(pool: pg.Pool, log: () => FastifyBaseLogger): pg.Pool {
  let held: pg.PoolClient | undefined;
  let lost = false;
  const connect = async () => {
    const client = await pool.connect();
    if (held) {
      const old = held;
      old.removeAllListeners('end');
      old.removeAllListeners('notification');
      old.release(new Error('replaced'));
    }
    held = client;
    const giveBack = client.release;
    let given = false;
    client.release = (err?: Error | boolean) => {
      if (given) return;
      given = true;
      if (held === client) held = undefined;
      giveBack(err);
    };
    client.on('error', (err) => log().warn({ err }, 'realtime: the LISTEN connection failed'));
    client.once('end', () => {
      lost = true;
      log().warn('realtime: the LISTEN connection ended; the adapter connects again');
      client.release(new Error('ended'));
    });
    if (lost) {
      lost = false;
      log().info('realtime: the LISTEN connection is back');
    }
    return client;
  };
  return { connect, query: (...args: unknown[]) => (pool.query as (...a: unknown[]) => unknown)(...args) } as never;
}

/**
 * Socket.IO at /socket.io/ on the console's own HTTP server, websocket transport only (no long-polling, so a load
 * balancer needs no sticky sessions). A socket authenticates with its access token (`auth.token`) and is closed when
 * that token expires: the client connects again with a fresh one, so a blocked user or an ended session is cut
 * within the token's life at the latest, and at once when it happens on any instance. With a PostgreSQL pool, events
 * cross instances through `@socket.io/postgres-adapter` (LISTEN/NOTIFY).
 *
 * Upgrades of other paths (the terminal's /webssh) go to `upgrades`, which @fastify/websocket listens to instead of
 * the server: both would otherwise answer every upgrade.
 */
export function createRealtime(server: HttpServer, opts: { pool?: pg.Pool; log: () => FastifyBaseLogger }) {
  const io: Io = new Server(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 16 * 1024,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  if (opts.pool) {
    io.adapter(
      createAdapter(listenPool(opts.pool, opts.log), {
        errorHandler: (err) => opts.log().warn({ err }, 'realtime: the PostgreSQL adapter failed'),
      }),
    );
  }
  const upgrades = new EventEmitter();
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(SOCKET_PATH)) upgrades.emit('upgrade', req, socket, head);
  });

  const handlers: ((socket: RealtimeSocket) => void)[] = [];
  let authenticate: Authenticate = async () => {
    throw new Error('realtime: not ready');
  };

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const refuse = (code: SocketRefusal['code']) => {
      const err = new Error(code) as Error & { data: SocketRefusal };
      err.data = { code };
      next(err);
    };
    if (typeof token !== 'string' || token.length > 4096) return refuse('sessionExpired');
    authenticate(token).then(
      ({ actor, expiresAt }) => {
        if (actor.changePw) return refuse('changePasswordFirst');
        socket.data.actor = actor;
        // closed when the token expires: the client comes back with a fresh one
        const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
        timer.unref();
        socket.once('disconnect', () => clearTimeout(timer));
        next();
      },
      (err: unknown) => {
        const code = err instanceof AppError ? err.code : 'sessionExpired';
        refuse(code === 'sessionEnded' || code === 'accountInactive' ? code : 'sessionExpired');
      },
    );
  });
  io.on('connection', (socket) => {
    const { actor } = socket.data;
    void socket.join([userRoom(actor.id), sessionRoom(actor.sessionId)]);
    for (const handler of handlers) handler(socket);
  });

  const realtime: Realtime = {
    // several users at once: one packet for the instances, whatever their number
    toUser: (userId, event, ...args) =>
      void io.to(Array.isArray(userId) ? userId.map(userRoom) : userRoom(userId)).emit(event, ...args),
    toUserBut: (userId, sessionId, event, ...args) =>
      void io
        .to(userRoom(userId))
        .except(sessionRoom(sessionId))
        .emit(event, ...args),
    toRoom: (room, event, ...args) => void io.to(room).emit(event, ...args),
    endSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
    endUser: (userId, exceptSessionId) => {
      const room = io.in(userRoom(userId));
      (exceptSessionId ? room.except(sessionRoom(exceptSessionId)) : room).disconnectSockets(true);
    },
  };

  return {
    realtime,
    upgrades,
    /** The sign-in check, once the auth area is made. */
    authenticateWith(fn: Authenticate) {
      authenticate = fn;
    },
    /** How many sockets are open on this instance. */
    openSockets: () => io.of('/').sockets.size,
    /** An area's handlers for each new socket (after its authentication). */
    onConnection(handler: (socket: RealtimeSocket) => void) {
      handlers.push(handler);
    },
    /** This instance's sockets, closed when the server closes. */
    async close() {
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
    },
  };
}
