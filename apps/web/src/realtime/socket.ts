import { type ClientEvents, type ServerEvents, SOCKET_PATH, type SocketRefusal } from '@it4u/shared';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '../api/client.ts';
import { getAccessToken } from '../api/tokens.ts';

export type RealtimeSocket = Socket<ServerEvents, ClientEvents>;

/** Waits before trying again after a refusal: 1 s, 2 s, 4 s … at most 30 s. */
const backoff = (tries: number) => Math.min(30_000, 1_000 * 2 ** tries);

/**
 * The console's realtime socket (websocket only), signed in with the current access token. The server closes it when
 * that token expires or the session ends: it then renews the token and connects again; a session that cannot be
 * renewed stays closed (the next API call signs the user out).
 */
export function openSocket(): { socket: RealtimeSocket; close(): void } {
  const socket: RealtimeSocket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: getAccessToken() ?? '' }),
  });
  let tries = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const again = async () => {
    if (closed) return;
    const renewed = await refreshSession();
    if (closed || !renewed) return;
    timer = setTimeout(() => socket.connect(), tries === 0 ? 0 : backoff(tries));
    tries += 1;
  };
  socket.on('connect', () => {
    tries = 0;
  });
  socket.on('connect_error', (err) => {
    const code = (err as Error & { data?: SocketRefusal }).data?.code;
    // a refusal (not a network failure, which the client retries on its own)
    if (code === 'sessionExpired') void again();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') void again();
  });
  return {
    socket,
    close() {
      closed = true;
      clearTimeout(timer);
      socket.disconnect();
    },
  };
}
