import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** Asks the server to (re)use its controller session: a GET, but run on demand like an action. */
export function useCheckControllerMutation() {
  return useMutation({ mutationFn: () => call('GET /it4u/checkCookiesUbnt') });
}
