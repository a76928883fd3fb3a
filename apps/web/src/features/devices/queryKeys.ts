import type { BlockedPageInput, ConnectedPageInput } from '@it4u/shared';

export const deviceKeys = {
  all: ['device'] as const,
  site: (site: string) => [...deviceKeys.all, site] as const,
  connected: (site: string, params: ConnectedPageInput) => [...deviceKeys.site(site), 'connected', params] as const,
  blocked: (site: string, params: BlockedPageInput) => [...deviceKeys.site(site), 'blocked', params] as const,
};
