import type { Site } from '@it4u/shared';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { useMySitesQuery } from '../../session/useMySitesQuery.ts';

const storageKey = (userId: number | undefined) => `it4u.site.${userId ?? 0}`;

function readLast(userId: number | undefined): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

/**
 * The site a per-site screen shows: `?site=<idname>` when it names one of the caller's sites, else the site this user
 * chose last in this browser (on any per-site screen), else the first of them. Kept in the address so that a reload
 * or a shared link shows the same site.
 */
export function useSiteChoice() {
  const sites = useMySitesQuery();
  const me = useCurrentUser();
  const userId = me.data?.id;
  const [params, setParams] = useSearchParams();
  const list: Site[] = sites.data ?? [];
  const wanted = params.get('site') ?? readLast(userId);
  const site = list.find((s) => s.idname === wanted) ?? list[0];
  const choose = (idname: string) => {
    try {
      localStorage.setItem(storageKey(userId), idname);
    } catch {
      // a browser that keeps nothing still shows the site chosen, for this address
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('site', idname);
        return next;
      },
      { replace: true },
    );
  };
  return { sites, list, site, choose };
}

export type SiteChoice = ReturnType<typeof useSiteChoice>;
