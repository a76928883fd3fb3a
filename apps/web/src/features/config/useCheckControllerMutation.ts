import type { SessionCheck } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Asks the server to (re)use its controller session: a GET, but run on demand like an action. */
export function useCheckControllerMutation() {
  return useMutation({ mutationFn: () => api.get<SessionCheck>('/it4u/checkCookiesUbnt') });
}
