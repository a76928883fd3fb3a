import type { MetricsToken } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { configKeys } from './queryKeys.ts';

const metricsTokenKey = [...configKeys.all, 'metricsToken'] as const;

/** The token GET /metrics asks for, as administrators see it (the generated one in clear). */
export function useMetricsTokenQuery() {
  return useQuery({
    queryKey: metricsTokenKey,
    queryFn: () => api.get<MetricsToken>('/it4u/metricsToken'),
    retry: false,
  });
}

/** Generates a new metrics token (the one before stops working). */
export function useGenerateMetricsTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MetricsToken>('/it4u/metricsToken'),
    onSuccess: (answer) => queryClient.setQueryData(metricsTokenKey, answer),
  });
}
