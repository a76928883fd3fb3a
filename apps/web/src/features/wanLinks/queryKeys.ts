export const wanLinksKeys = {
  all: ['wanLinks'] as const,
  list: (group: string) => [...wanLinksKeys.all, 'list', group] as const,
  detail: (id: number) => [...wanLinksKeys.all, 'detail', id] as const,
  groups: () => [...wanLinksKeys.all, 'groups'] as const,
  deviceToken: (id: number) => [...wanLinksKeys.all, 'deviceToken', id] as const,
};
