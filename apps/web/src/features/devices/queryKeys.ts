export const deviceKeys = {
  all: ['device'] as const,
  site: (site: string) => [...deviceKeys.all, site] as const,
  connected: (site: string) => [...deviceKeys.site(site), 'connected'] as const,
  blocked: (site: string) => [...deviceKeys.site(site), 'blocked'] as const,
};
