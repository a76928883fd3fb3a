import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

export type SyncAnswer = { added: number; updated: number; total: number };

/** Fills the site-names table from the controller's sites (GET, run on demand like an action). */
export function useSyncSiteNamesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<SyncAnswer>('/it4u/createSitesName'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
