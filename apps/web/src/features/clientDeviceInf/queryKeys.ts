export type SiteNamesParams = { page: number; pageSize: number; q: string };

export const siteNamesKeys = {
  all: ['siteNames'] as const,
  list: (params: SiteNamesParams) => [...siteNamesKeys.all, 'list', params] as const,
};
