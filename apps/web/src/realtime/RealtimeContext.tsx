import type { ServerEvents } from '@it4u/shared';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeSocket } from './socket.ts';

/** The signed-in user's realtime socket (null outside the shell, or in tests that do without one). */
export const RealtimeContext = createContext<RealtimeSocket | null>(null);

export const useRealtimeSocket = () => useContext(RealtimeContext);

/** Calls `handler` for each `event` the server sends while the component is mounted (the latest handler). */
export function useRealtimeEvent<E extends keyof ServerEvents>(event: E, handler: ServerEvents[E]) {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerEvents[E]>) =>
      (latest.current as (...a: Parameters<ServerEvents[E]>) => void)(...args)) as never;
    socket.on(event as 'presence', listener);
    return () => {
      socket.off(event as 'presence', listener);
    };
  }, [socket, event]);
}

/**
 * Calls `handler` each time the socket connects while the caller is on screen: the first connection when it came after
 * the caller read its data (what was said meanwhile reached no socket), and each one after a lost connection. To catch
 * up.
 */
export function useConnected(handler: () => void) {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = () => latest.current();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, [socket]);
}
