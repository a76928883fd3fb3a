import { type ClientEvents, type ServerEvents, SOCKET_PATH } from '@it4u/shared';
import { io as connect, type Socket } from 'socket.io-client';

type Client = Socket<ServerEvents, ClientEvents>;

/** Sockets opened by a test, closed after it. */
const opened: Client[] = [];

/** A socket of the console at `url`, with an access token; answers once connected, or rejects with the refusal. */
export function socketOf(url: string, token: string | undefined): Promise<Client> {
  const socket: Client = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) =>
      reject(Object.assign(err, { code: (err as { data?: { code?: string } }).data?.code })),
    );
  });
}

/** The next event of a kind on a socket that `matches` (rejects after `ms`). */
export function next<E extends keyof ServerEvents>(
  socket: Client,
  event: E,
  ms = 5_000,
  matches: (...args: Parameters<ServerEvents[E]>) => boolean = () => true,
) {
  return new Promise<Parameters<ServerEvents[E]>>((resolve, reject) => {
    const listener = ((...args: Parameters<ServerEvents[E]>) => {
      if (!matches(...args)) return;
      clearTimeout(timer);
      socket.off(event as 'presence', listener);
      resolve(args);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event as 'presence', listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event as 'presence', listener);
  });
}

/** Whether an event comes within `ms` (for what must not come). */
export function arrives(socket: Client, event: keyof ServerEvents, ms = 400) {
  return next(socket, event, ms).then(
    () => true,
    () => false,
  );
}

/** Closes the sockets the test opened (after each test). */
export function closeSockets(): void {
  for (const s of opened.splice(0)) s.disconnect();
}
