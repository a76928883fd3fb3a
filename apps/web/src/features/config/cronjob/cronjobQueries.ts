import type { CronjobVersion, CronjobVersionText, PropertiesFile } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postFile } from '../../../api/client.ts';

const at = (site: string) => `/properties/${encodeURIComponent(site)}`;

export const cronjobKeys = {
  site: (site: string) => ['config', 'cronjob', site] as const,
  current: (site: string) => [...cronjobKeys.site(site), 'current'] as const,
  versions: (site: string) => [...cronjobKeys.site(site), 'versions'] as const,
  version: (site: string, version: number) => [...cronjobKeys.site(site), 'version', version] as const,
};

export const useCurrentFileQuery = (site: string) =>
  useQuery({
    queryKey: cronjobKeys.current(site),
    queryFn: () => api.get<PropertiesFile>(at(site)),
    enabled: site !== '',
  });

export const useVersionsQuery = (site: string) =>
  useQuery({
    queryKey: cronjobKeys.versions(site),
    queryFn: () => api.get<CronjobVersion[]>(`${at(site)}/versions`),
    enabled: site !== '',
  });

export const useVersionQuery = (site: string, version: number | undefined) =>
  useQuery({
    queryKey: cronjobKeys.version(site, version ?? 0),
    queryFn: () => api.get<CronjobVersionText>(`${at(site)}/versions/${version}`),
    enabled: site !== '' && version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** An upload or a restore: a new version; the file and the list are read again. */
export function useNewVersionMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { file: File } | { restore: number }) =>
      'file' in what
        ? postFile<CronjobVersion>(at(site), what.file, what.file.name)
        : api.post<CronjobVersion>(`${at(site)}/versions/${what.restore}/restore`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cronjobKeys.site(site) }),
  });
}
