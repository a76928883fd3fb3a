import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

/** Fills the site-names table from the controller's sites (GET, run on demand like an action). */
export function useSyncSiteNamesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('GET /it4u/createSitesName'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
