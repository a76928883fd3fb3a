export type SiteNamesParams = { page: number; pageSize: number; q: string };

export const siteNamesKeys = {
  all: ['siteNames'] as const,
  list: (params: SiteNamesParams) => [...siteNamesKeys.all, 'list', params] as const,
};

export const deviceInfoKeys = {
  all: ['deviceInfo'] as const,
  list: (params: SiteNamesParams) => [...deviceInfoKeys.all, 'list', params] as const,
};
