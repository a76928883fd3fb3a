import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { wanLinksKeys } from './queryKeys.ts';

export function useServiceGroupsQuery() {
  return useQuery({
    queryKey: wanLinksKeys.groups(),
    queryFn: () => call('GET /it4u/group'),
    select: (groups) => groups.map((g) => g.groupName),
  });
}
