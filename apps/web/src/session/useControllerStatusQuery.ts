import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { sessionKeys } from './sessionKeys.ts';

/** demo: the server talks to its simulated UniFi controller; configured: an address is set in Parameter. */
export function useControllerStatusQuery() {
  return useQuery({
    queryKey: sessionKeys.controller(),
    queryFn: () => call('GET /it4u/controller'),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
