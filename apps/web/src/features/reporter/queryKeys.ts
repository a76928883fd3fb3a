export const reporterKeys = {
  all: ['reporter'] as const,
  list: (group: string) => [...reporterKeys.all, 'list', group] as const,
  detail: (id: number) => [...reporterKeys.all, 'detail', id] as const,
  groups: () => [...reporterKeys.all, 'groups'] as const,
  deviceToken: (id: number) => [...reporterKeys.all, 'deviceToken', id] as const,
};
