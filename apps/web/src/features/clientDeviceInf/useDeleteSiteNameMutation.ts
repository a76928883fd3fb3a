import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { siteNamesKeys } from './queryKeys.ts';

export function useDeleteSiteNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/it4u/sitename/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: siteNamesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() });
    },
  });
}
