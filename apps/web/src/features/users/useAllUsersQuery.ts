import { MAX_PAGE_SIZE } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { usersKeys } from './queryKeys.ts';

/** Every user, paging through the list API by the largest page size. */
export function useAllUsersQuery(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.everyone(),
    enabled,
    queryFn: async () => {
      const fetchPage = (page: number) => call('GET /user', { query: { page, pageSize: MAX_PAGE_SIZE } });
      const first = await fetchPage(1);
      const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchPage(i + 2)));
      return [first, ...rest].flatMap((page) => page.items);
    },
  });
}
