import type { Site } from '@it4u/shared';
import { useSearchParams } from 'react-router';
import { useMySitesQuery } from '../../session/useMySitesQuery.ts';

/**
 * The site a per-site screen shows: `?site=<idname>` when it names one of the caller's sites, else the
 * first of them. Kept in the address so that a reload or a shared link shows the same site.
 */
export function useSiteChoice() {
  const sites = useMySitesQuery();
  const [params, setParams] = useSearchParams();
  const list: Site[] = sites.data ?? [];
  const wanted = params.get('site');
  const site = list.find((s) => s.idname === wanted) ?? list[0];
  const choose = (idname: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('site', idname);
        return next;
      },
      { replace: true },
    );
  return { sites, list, site, choose };
}

export type SiteChoice = ReturnType<typeof useSiteChoice>;
