import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { reporterKeys } from './queryKeys.ts';

export function useServiceGroupsQuery() {
  return useQuery({
    queryKey: reporterKeys.groups(),
    queryFn: () => call('GET /it4u/group'),
    select: (groups) => groups.map((g) => g.groupName),
  });
}
