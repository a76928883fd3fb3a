import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

export function useDeleteSiteNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/sitename/:id', { params: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
