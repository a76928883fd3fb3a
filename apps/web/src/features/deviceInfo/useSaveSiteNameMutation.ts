import type { SiteInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

/** Creates a site name (no id) or updates one (with id). */
export function useSaveSiteNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SiteInput }) =>
      id === undefined
        ? call('POST /it4u/sitename/', { body: input })
        : call('PUT /it4u/sitename/:id', { params: { id }, body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
