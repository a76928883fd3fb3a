import { SEARCH_KINDS, SEARCH_MIN_CHARS, type SearchKind } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/call.ts';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { SearchGroups } from '../../components/search/SearchGroups.tsx';
import { SearchBox } from '../../components/table/TableToolbar.tsx';
import '../../components/search/search.css';

/** Hits a page of one kind. */
const PAGE_SIZE = 20;
/** The deepest page the server serves (its offset stops at 10,000). */
const LAST_PAGE = Math.floor(10_000 / PAGE_SIZE) + 1;

/**
 * /search: what the search box finds for `q`, every kind (a few each, each with "See all"), or with `kind` every hit
 * of that kind, page by page (`page`, from 1). The search box's own words: a customer, a site, an access point, a
 * serial, a MAC, an address, a provider...
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const kind = SEARCH_KINDS.find((k) => k === params.get('kind'));
  const page = Math.min(LAST_PAGE, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const found = useQuery({
    queryKey: ['search', q, kind ?? 'all', page],
    queryFn: () =>
      call('GET /it4u/search', {
        query: kind ? { q, kind, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } : { q, limit: 5 },
      }),
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
  const groups = found.data?.groups ?? [];
  const go = (next: { q?: string; kind?: SearchKind; page?: number }) => {
    const to = new URLSearchParams({ q: next.q ?? q });
    if (next.kind) to.set('kind', next.kind);
    if (next.page && next.page > 1) to.set('page', String(next.page));
    setParams(to);
  };
  const title = kind
    ? t('search.page.ofKind', { kind: t(`search.kinds.${kind}`), q })
    : q
      ? t('search.page.title', { q })
      : t('search.title');

  return (
    <Card title={<h1 className="search-page-title">{title}</h1>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchBox
          key={q}
          defaultValue={q}
          placeholder={t('search.placeholder')}
          maxLength={100}
          onSearch={(value) => go({ q: value.trim(), kind })}
        />
        {kind && <Link to={`/search?q=${encodeURIComponent(q)}`}>{t('search.page.allKinds')}</Link>}
      </Space>
      {q.length < SEARCH_MIN_CHARS ? (
        <Typography.Paragraph type="secondary">{t('search.hint')}</Typography.Paragraph>
      ) : (
        <div aria-live="polite" aria-busy={found.isFetching}>
          <QueryView
            query={found}
            empty={groups.length === 0}
            emptyText={page > 1 ? t('search.page.beyond', { page }) : t('search.none', { q })}
            errorTitle={t('search.failed')}
          >
            <SearchGroups groups={groups} q={q} seeAll={!kind} />
          </QueryView>
          {kind && (page > 1 || groups[0]?.more) && (
            <nav aria-label={t('search.page.pages')} className="search-pager">
              <Button disabled={page <= 1} onClick={() => go({ kind, page: page - 1 })}>
                {t('search.page.previous')}
              </Button>
              <Typography.Text>{t('search.page.at', { page })}</Typography.Text>
              <Button disabled={!groups[0]?.more || page >= LAST_PAGE} onClick={() => go({ kind, page: page + 1 })}>
                {t('search.page.next')}
              </Button>
            </nav>
          )}
        </div>
      )}
    </Card>
  );
}
