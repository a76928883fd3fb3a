import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { type ReconciliationParams, suppliesKeys } from './queryKeys.ts';

/** The query string of the reconciliation's filters (what the page and the export send). */
export const reconciliationQuery = (p: Pick<ReconciliationParams, 'case' | 'days' | 'q'>) => ({
  days: p.days,
  ...(p.case && { case: p.case }),
  ...(p.q && { q: p.q }),
});

/** A page of one case of the reconciliation, with every case's count and the last scan. */
export const useReconciliationQuery = (p: ReconciliationParams) =>
  useQuery({
    queryKey: suppliesKeys.reconciliationPage(p),
    queryFn: () =>
      call('GET /it4u/reconciliation', { query: { ...reconciliationQuery(p), page: p.page, pageSize: p.pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Reads the controllers now; the cases are asked again after. */
export function useScanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /it4u/reconciliation/scan'),
    // refused (another scan runs, or one began a moment ago) or done: the page reads the last picture again
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}

/** Where a serial was seen online. */
export const useSeenQuery = (serialNum: string) =>
  useQuery({
    queryKey: suppliesKeys.seen(serialNum),
    queryFn: () => call('GET /it4u/exportWarehouseBySerialNum/:serialNum/seen', { params: { serialNum } }),
  });

/**
 * The ways a mismatch is settled: the device recalled, issued again to the customer whose site has it, marked as the
 * operator's own (and that undone). Each asks every case again once done.
 */
export function useSettleMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all });
  return {
    recall: useMutation({
      mutationFn: (id: number) => call('POST /it4u/reconciliation/recall/:id', { params: { id } }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: (v: { id: number; site: string }) =>
        call('POST /it4u/reconciliation/move/:id', { params: { id: v.id }, body: { site: v.site } }),
      onSuccess,
    }),
    own: useMutation({
      mutationFn: (v: { mac: string; note: string }) =>
        call('PUT /it4u/reconciliation/own/:mac', { params: { mac: v.mac }, body: { note: v.note } }),
      onSuccess,
    }),
    unown: useMutation({
      mutationFn: (mac: string) => call('DELETE /it4u/reconciliation/own/:mac', { params: { mac } }),
      onSuccess,
    }),
  };
}

/** The devices marked as the operator's own. */
export const useOwnDevicesQuery = () =>
  useQuery({
    queryKey: suppliesKeys.ownDevices(),
    queryFn: () => call('GET /it4u/reconciliation/own'),
  });
