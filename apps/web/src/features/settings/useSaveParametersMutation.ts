import type { ParametersInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { sessionKeys } from '../../session/sessionKeys.ts';

/** Saves the parameters; the server then tries the controller and says how that went. */
export function useSaveParametersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParametersInput) => call('PUT /it4u/systemConfig', { body }),
    onSuccess: async () => {
      // Another controller changes what every site screen shows (vouchers, devices) and the demo badge.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.controller() }),
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] }),
      ]);
    },
  });
}
