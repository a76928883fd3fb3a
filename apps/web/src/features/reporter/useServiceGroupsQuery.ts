import type { ServiceGroup } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { reporterKeys } from './queryKeys.ts';

export function useServiceGroupsQuery() {
  return useQuery({
    queryKey: reporterKeys.groups(),
    queryFn: () => api.get<ServiceGroup[]>('/it4u/group'),
    select: (groups) => groups.map((g) => g.groupName),
  });
}
