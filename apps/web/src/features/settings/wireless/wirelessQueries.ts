import type { HotspotInput, WlanInput } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { sessionKeys } from '../../../session/sessionKeys.ts';

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
    queryFn: () => call('GET /it4u/:site/wlangroup', { params: { site: site ?? '' } }),
    enabled: Boolean(site),
    ...controllerRead,
  });

export const useWlans = (site: string | undefined, group: string | undefined) =>
  useQuery({
    queryKey: wirelessKeys.networks(site ?? '', group ?? ''),
    queryFn: () => call('GET /it4u/:site/wlanconf/:id', { params: { site: site ?? '', id: group ?? '' } }),
    enabled: Boolean(site && group),
    ...controllerRead,
  });

export const useHotspot = (site: string | undefined) =>
  useQuery({
    queryKey: wirelessKeys.hotspot(site ?? ''),
    queryFn: () => call('GET /it4u/:site/hotspot', { params: { site: site ?? '' } }),
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
  useSiteWrite(site, (name: string) => call('POST /it4u/:site/wlangroup', { params: { site }, body: { name } }));

/** Creates a network (id null) or changes one. */
export const useSaveWlan = (site: string) =>
  useSiteWrite(site, ({ id, body }: { id: string | null; body: WlanInput }) =>
    id === null
      ? call('POST /it4u/:site/wlanconf', { params: { site }, body })
      : call('PUT /it4u/:site/wlanconf/:ssid', { params: { site, ssid: id }, body }),
  );

export const useApplyGroup = (site: string) =>
  useSiteWrite(site, (groupId: string) =>
    call('POST /it4u/:site/group/device', { params: { site }, body: { groupId } }),
  );

export const useSaveHotspot = (site: string) =>
  useSiteWrite(site, (body: HotspotInput) => call('POST /it4u/:site/hotspot', { params: { site }, body }));

/** A new site on the controller: the site lists are asked again, so it is in every picker at once. */
export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (desc: string) =>
      call('POST /it4u/:site/sitemgr', { params: { site: 'default' }, body: { desc, cmd: 'add-site' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mySites() }),
  });
}
