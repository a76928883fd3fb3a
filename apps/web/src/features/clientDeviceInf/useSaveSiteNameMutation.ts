import type { Site, SiteInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

/** Creates a site name (no id) or updates one (with id). */
export function useSaveSiteNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SiteInput }) =>
      id === undefined ? api.post<Site>('/it4u/sitename/', input) : api.put<Site>(`/it4u/sitename/${id}`, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
