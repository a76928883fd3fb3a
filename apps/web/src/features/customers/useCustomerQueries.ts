import type { TimelineKind } from '@it4u/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

export const customerKeys = {
  all: ['customers'] as const,
  list: (q: string, page: number, pageSize: number) => [...customerKeys.all, 'list', q, page, pageSize] as const,
  page: (id: number) => [...customerKeys.all, id] as const,
  timeline: (id: number, kinds: readonly TimelineKind[]) => [...customerKeys.all, id, 'timeline', kinds] as const,
};

/** The customers the caller may open, a page of them. */
export const useCustomersQuery = (q: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: customerKeys.list(q, page, pageSize),
    queryFn: () => call('GET /it4u/customers', { query: { page, pageSize, ...(q && { q }) } }),
    placeholderData: keepPreviousData,
  });

/** A customer's page (its parts refreshed with the dashboards, every 30 s). */
export const useCustomerQuery = (id: number) =>
  useQuery({
    queryKey: customerKeys.page(id),
    queryFn: () => call('GET /it4u/customers/:id', { params: { id } }),
    refetchInterval: 30_000,
  });

const TIMELINE_PAGE = 30;

/** A customer's timeline of some kinds (none: every kind), newest first, one page after another. */
export const useTimelineQuery = (id: number, kinds: readonly TimelineKind[]) =>
  useInfiniteQuery({
    queryKey: customerKeys.timeline(id, kinds),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call('GET /it4u/customers/:id/timeline', {
        params: { id },
        query: {
          limit: TIMELINE_PAGE,
          ...(kinds.length > 0 && { kinds: kinds.join(',') }),
          ...(pageParam !== undefined && { before: pageParam }),
        },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
