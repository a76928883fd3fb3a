import type { DetailInput } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { StatusChange } from './detailRow.ts';
import { channelKeys } from './queryKeys.ts';

type SaveDetail = {
  body: DetailInput;
  /** The channel's new status, when it changed: it belongs to the channel attribute, saved after the detail. */
  status: StatusChange | null;
};

/** POST /it4u/channel/detail (an update when the body has an id), then PUT the channel's status if it changed. */
export function useSaveDetailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, status }: SaveDetail) => {
      const detail = await call('POST /it4u/channel/detail', { body });
      if (status) {
        await call('PUT /it4u/channel/attribute.:id', {
          params: { id: status.attributeId },
          body: { status: status.status },
        });
      }
      return detail;
    },
    // Also after a failed status change: the detail itself may have been saved. Not awaited: the row leaves
    // edit mode first, so that the saved copy never shows beside the row still being edited.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}
