import type { Alert, AlertKind, AlertRuleInput } from '@it4u/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

export const alertKeys = {
  all: ['alerts'] as const,
  counts: () => [...alertKeys.all, 'counts'] as const,
  list: (state: 'open' | 'resolved', page: number) => [...alertKeys.all, 'list', state, page] as const,
  rules: () => [...alertKeys.all, 'rules'] as const,
};

/** The counts are asked again this often besides the socket's word (a socket lost and back says nothing). */
const COUNTS_REFRESH_MS = 60_000;

/** The open alerts the signed-in user is told about, and those not acknowledged (muted ones left out). */
export function useAlertCountsQuery() {
  return useQuery({
    queryKey: alertKeys.counts(),
    queryFn: () => call('GET /it4u/alerts/count'),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

export function useAlertsQuery(state: 'open' | 'resolved', page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: [...alertKeys.list(state, page), pageSize],
    queryFn: () => call('GET /it4u/alerts', { query: { state, page, pageSize } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Acknowledging and muting an alert: every list and count is read again after. */
export function useAlertActions() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: alertKeys.all });
  const ack = useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      call('POST /it4u/alerts/:id/ack', { params: { id }, body: { note } }),
    onSuccess: refresh,
  });
  const mute = useMutation({
    mutationFn: ({ id, minutes }: { id: number; minutes: number }) =>
      call('POST /it4u/alerts/:id/mute', { params: { id }, body: { minutes } }),
    onSuccess: refresh,
  });
  return { ack, mute };
}

export function useAlertRulesQuery() {
  return useQuery({ queryKey: alertKeys.rules(), queryFn: () => call('GET /it4u/alerts/rules') });
}

export function useSaveAlertRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AlertKind; body: AlertRuleInput }) =>
      call('PUT /it4u/alerts/rules/:kind', { params: { kind }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: alertKeys.rules() }),
  });
}

/** Where an alert leads: its customer's page, its site's dashboard, the channel register. */
export function alertLink(alert: Alert): string | null {
  if (alert.kind === 'channelDown') return '/channel';
  if (alert.kind === 'stockLow') return '/supplies';
  if (alert.kind === 'hostKeyChanged') return '/clientDeviceInf';
  if (alert.kind === 'vouchersLow' && alert.site) return `/voucher?site=${encodeURIComponent(alert.site)}`;
  if (alert.site) return `/home?site=${encodeURIComponent(alert.site)}`;
  if (alert.customerId !== null) return `/customers/${alert.customerId}`;
  if (alert.kind === 'controllerDown') return '/config';
  return null;
}
