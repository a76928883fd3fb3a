import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../api/call.ts';

export const cronjobKeys = {
  site: (site: string) => ['settings', 'cronjob', site] as const,
  current: (site: string) => [...cronjobKeys.site(site), 'current'] as const,
  versions: (site: string) => [...cronjobKeys.site(site), 'versions'] as const,
  version: (site: string, version: number) => [...cronjobKeys.site(site), 'version', version] as const,
};

export const useCurrentFileQuery = (site: string) =>
  useQuery({
    queryKey: cronjobKeys.current(site),
    queryFn: () => call('GET /properties/:site', { params: { site } }),
    enabled: site !== '',
  });

export const useVersionsQuery = (site: string) =>
  useQuery({
    queryKey: cronjobKeys.versions(site),
    queryFn: () => call('GET /properties/:site/versions', { params: { site } }),
    enabled: site !== '',
  });

export const useVersionQuery = (site: string, version: number | undefined) =>
  useQuery({
    queryKey: cronjobKeys.version(site, version ?? 0),
    queryFn: () => call('GET /properties/:site/versions/:version', { params: { site, version: version ?? 0 } }),
    enabled: site !== '' && version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** An upload or a restore: a new version; the file and the list are read again. */
export function useNewVersionMutation(site: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { file: File } | { restore: number }) =>
      'file' in what
        ? upload('POST /properties/:site', what.file, { params: { site } })
        : call('POST /properties/:site/versions/:version/restore', { params: { site, version: what.restore } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cronjobKeys.site(site) }),
  });
}
