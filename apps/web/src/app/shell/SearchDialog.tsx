import { CloseCircleFilled } from '@ant-design/icons';
import { SEARCH_MIN_CHARS, type SearchResult } from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Modal, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/call.ts';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { useDebounced } from '../../components/form/useDebounced.ts';
import { ScanButton } from '../../components/scan/ScanButton.tsx';
import { SearchGroups } from '../../components/search/SearchGroups.tsx';
import '../../components/search/search.css';

export const useSearchQuery = (q: string) =>
  useQuery({
    queryKey: ['search', q],
    queryFn: () => call('GET /it4u/search', { query: { q, limit: 5 } }),
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });

/** Ctrl+K (⌘K on a Mac) anywhere opens the search: `open` is called with nothing typed yet. */
export function useSearchShortcut(open: () => void) {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Moves the focus among the results' links with the arrow keys (and back to the box above the first). */
function moveFocus(e: KeyboardEvent, list: HTMLElement | null, input: HTMLInputElement | null) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
  if (links.length === 0) return;
  e.preventDefault();
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (e.key === 'ArrowDown') (links[at + 1] ?? links[0])?.focus();
  else if (at <= 0) input?.focus();
  else links[at - 1]?.focus();
}

/**
 * The search of the data: a customer, contract, phone, site, serial, MAC in any notation, IP, channel, PPPoE
 * username or user, with or without Vietnamese marks; results grouped by kind, each opening its page. Keyboard: type,
 * Enter in the box opens the first result (once the results are those of what was typed: a scanner types and presses
 * Enter at once), ↓ and ↑ through the results, Enter on one opens it, Esc closes.
 */
export function SearchDialog({ open, initial, onClose }: { open: boolean; initial: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(initial);
  const [shownFor, setShownFor] = useState({ open, initial });
  if (shownFor.open !== open || shownFor.initial !== initial) {
    setShownFor({ open, initial });
    if (open) setTyped(initial);
  }
  const q = useDebounced(typed.trim(), 250);
  const found = useSearchQuery(q);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const groups: SearchResult['groups'] = q.length >= SEARCH_MIN_CHARS ? (found.data?.groups ?? []) : [];
  const navigate = useNavigate();
  // Enter in the box: the first result of what was typed, now or as soon as it is found
  const [entered, setEntered] = useState<string | undefined>(undefined);
  const first = groups[0]?.hits[0];
  const current = found.isSuccess && !found.isPlaceholderData && q === typed.trim();
  useEffect(() => {
    if (entered === undefined || entered !== q || !current) return;
    setEntered(undefined);
    if (!first) return;
    onClose();
    void navigate(first.to);
  }, [entered, q, current, first, navigate, onClose]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={<span id={titleId}>{t('search.title')}</span>}
      afterOpenChange={(opened) => opened && input.current?.focus()}
      destroyOnHidden
      width={640}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the links it holds */}
      <div onKeyDown={(e) => moveFocus(e, list.current, input.current)}>
        <Input
          ref={(el) => {
            input.current = el?.input ?? null;
          }}
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={typed}
          maxLength={100}
          allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('common.clear')} /> }}
          onChange={(e) => {
            setTyped(e.target.value);
            setEntered(undefined);
          }}
          onPressEnter={() => setEntered(typed.trim())}
          suffix={
            <ScanButton
              inline
              what={t('search.label')}
              onScan={([code]) => code !== undefined && setTyped(code.slice(0, 100))}
            />
          }
        />
        <div ref={list} className="search-results" aria-live="polite">
          {q.length < SEARCH_MIN_CHARS ? (
            <Typography.Text type="secondary">{t('search.hint')}</Typography.Text>
          ) : (
            <QueryView
              query={found}
              empty={groups.length === 0}
              emptyText={t('search.none', { q })}
              errorTitle={t('search.failed')}
            >
              <SearchGroups groups={groups} q={q} seeAll onOpen={onClose} />
            </QueryView>
          )}
        </div>
      </div>
    </Modal>
  );
}
