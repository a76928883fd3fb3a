import type { SearchResult } from '@it4u/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The address of every hit of one kind for what was typed, page by page (`/search`). */
export const seeAllOf = (q: string, kind: string) => `/search?q=${encodeURIComponent(q)}&kind=${kind}`;

/**
 * What the search found, a list of links under each kind's heading; `seeAll`: a kind with more hits than shown links
 * to all of them. `onOpen` is called as a link is followed (the dialog closes).
 */
export function SearchGroups({
  groups,
  q,
  seeAll,
  onOpen,
}: {
  groups: SearchResult['groups'];
  q: string;
  seeAll: boolean;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return groups.map((g) => (
    <section key={g.kind} aria-labelledby={`${id}-${g.kind}`}>
      <h3 id={`${id}-${g.kind}`} className="search-group">
        {t(`search.kinds.${g.kind}`)}
      </h3>
      <ul className="search-hits">
        {g.hits.map((hit) => (
          <li key={hit.key}>
            <Link to={hit.to} onClick={onOpen} className="search-hit">
              <span className="search-hit-title">{hit.title}</span>
              {hit.detail && <span className="search-hit-detail">{hit.detail}</span>}
            </Link>
          </li>
        ))}
        {seeAll && g.more && (
          <li>
            <Link to={seeAllOf(q, g.kind)} onClick={onOpen} className="search-hit search-see-all">
              {t('search.seeAll', { kind: t(`search.kinds.${g.kind}`) })}
            </Link>
          </li>
        )}
      </ul>
    </section>
  ));
}
