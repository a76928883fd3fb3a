import type { Hotspot, HotspotInput, Site, Wlan, WlanGroup, WlanInput } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../session/sessionKeys.ts';

const at = (site: string, path: string) => `/it4u/${encodeURIComponent(site)}/${path}`;

export const wirelessKeys = {
  all: ['wireless'] as const,
  site: (site: string) => [...wirelessKeys.all, site] as const,
  groups: (site: string) => [...wirelessKeys.site(site), 'groups'] as const,
  networks: (site: string, group: string) => [...wirelessKeys.site(site), 'networks', group] as const,
  hotspot: (site: string) => [...wirelessKeys.site(site), 'hotspot'] as const,
};

const controllerRead = { retry: false, staleTime: 15_000 } as const;

export const useWlanGroups = (site: string | undefined) =>
  useQuery({
    queryKey: wirelessKeys.groups(site ?? ''),
    queryFn: () => api.get<WlanGroup[]>(at(site ?? '', 'wlangroup')),
    enabled: Boolean(site),
    ...controllerRead,
  });

export const useWlans = (site: string | undefined, group: string | undefined) =>
  useQuery({
    queryKey: wirelessKeys.networks(site ?? '', group ?? ''),
    queryFn: () => api.get<Wlan[]>(at(site ?? '', `wlanconf/${encodeURIComponent(group ?? '')}`)),
    enabled: Boolean(site && group),
    ...controllerRead,
  });

export const useHotspot = (site: string | undefined) =>
  useQuery({
    queryKey: wirelessKeys.hotspot(site ?? ''),
    queryFn: () => api.get<Hotspot>(at(site ?? '', 'hotspot')),
    enabled: Boolean(site),
    ...controllerRead,
  });

/** A write of the site's wireless settings: its reads are asked again after it. */
function useSiteWrite<I, O>(site: string, write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wirelessKeys.site(site) }),
  });
}

export const useCreateGroup = (site: string) =>
  useSiteWrite(site, (name: string) => api.post<WlanGroup>(at(site, 'wlangroup'), { name }));

/** Creates a network (id null) or changes one. */
export const useSaveWlan = (site: string) =>
  useSiteWrite(site, ({ id, body }: { id: string | null; body: WlanInput }) =>
    id === null
      ? api.post<Wlan>(at(site, 'wlanconf'), body)
      : api.put<Wlan>(at(site, `wlanconf/${encodeURIComponent(id)}`), body),
  );

export const useApplyGroup = (site: string) =>
  useSiteWrite(site, (groupId: string) => api.post<{ devices: number }>(at(site, 'group/device'), { groupId }));

export const useSaveHotspot = (site: string) =>
  useSiteWrite(site, (body: HotspotInput) => api.post<Hotspot>(at(site, 'hotspot'), body));

/** A new site on the controller: the site lists are asked again, so it is in every picker at once. */
export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (desc: string) => api.post<Site>('/it4u/default/sitemgr', { desc, cmd: 'add-site' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() }),
  });
}
