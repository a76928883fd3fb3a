import type { ControllerInput, ControllerList } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { sessionKeys } from '../../../session/sessionKeys.ts';
import { settingsKeys } from '../queryKeys.ts';

/** The controllers the console reads, the primary first, each with what its last check found. */
export function useControllersQuery() {
  return useQuery({
    queryKey: settingsKeys.controllers(),
    queryFn: () => call('GET /it4u/controllers'),
  });
}

/**
 * After a controller is added, changed or removed every screen may read its sites elsewhere: the demo badge, the
 * site screens, the list itself and the parameters form (it shows the first controller) are all asked again, as
 * after a save of the parameters.
 */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.controller() }),
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] }),
    ]);
}

/** Adds a controller (id null) or changes one; the server then signs in to it and says how that went. */
export function useSaveControllerMutation() {
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ControllerInput }) =>
      id === null
        ? call('POST /it4u/controllers', { body })
        : call('PUT /it4u/controllers/:id', { params: { id }, body }),
    onSuccess: refreshAll,
  });
}

/** Removes a controller: its sites stay, read from the primary controller until a sync finds them elsewhere. */
export function useRemoveControllerMutation() {
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/controllers/:id', { params: { id } }),
    onSuccess: refreshAll,
  });
}

/**
 * Checks a controller now. Its row takes the answer at once: asking for the list again would only bring the same
 * state back, at the price of another call.
 */
export function useCheckControllerNowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /it4u/controllers/:id/check', { params: { id } }),
    onSuccess: (state, id) =>
      queryClient.setQueryData<ControllerList>(settingsKeys.controllers(), (list) =>
        list ? { ...list, items: list.items.map((c) => (c.id === id ? { ...c, state } : c)) } : list,
      ),
  });
}
