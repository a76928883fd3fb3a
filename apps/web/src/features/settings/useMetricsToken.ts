import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { settingsKeys } from './queryKeys.ts';

const metricsTokenKey = [...settingsKeys.all, 'metricsToken'] as const;

/** The token GET /metrics asks for, as administrators see it (the generated one in clear). */
export function useMetricsTokenQuery() {
  return useQuery({
    queryKey: metricsTokenKey,
    queryFn: () => call('GET /it4u/metricsToken'),
    retry: false,
  });
}

/** Generates a new metrics token (the one before stops working). */
export function useGenerateMetricsTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /it4u/metricsToken'),
    onSuccess: (answer) => queryClient.setQueryData(metricsTokenKey, answer),
  });
}
