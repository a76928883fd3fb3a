import type { UpdateUserInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';
import { usersKeys } from './queryKeys.ts';

export function useSaveUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) =>
      call('PUT /users/:id', { params: { id }, body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      // The edited user may be the signed-in one.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}
