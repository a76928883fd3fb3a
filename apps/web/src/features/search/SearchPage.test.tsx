import type { SearchResult } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SearchPage } from './SearchPage.tsx';

const ap = (n: number) => ({
  key: `networkDevice:hoamai01:F0:9F:C2:00:00:${String(n).padStart(2, '0')}`,
  title: `AP Sảnh ${n}`,
  detail: 'U6-Pro · Khách sạn Hoa Mai',
  to: '/home?site=hoamai01',
});

describe('the search results page', () => {
  let answer: (url: URL) => Response;
  const fetchMock = vi.fn(async (url: string) => answer(new URL(url, 'http://x')));
  const asked = () => new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x').searchParams;
  beforeEach(() => {
    fetchMock.mockClear();
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every hit of a kind page by page, each opening its page', async () => {
    // 25 access points: a page of 20, then 5
    answer = (url) => {
      const offset = Number(url.searchParams.get('offset'));
      const hits = Array.from({ length: 25 }, (_, i) => ap(i + 1)).slice(offset, offset + 20);
      const found: SearchResult = { groups: [{ kind: 'networkDevices', hits, more: offset + 20 < 25 }] };
      return jsonResponse(200, found);
    };
    renderWithProviders(<SearchPage />, { route: '/search?q=ap%20sanh&kind=networkDevices' });
    expect(await screen.findByRole('heading', { name: 'Network devices matching “ap sanh”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /AP Sảnh 1 U6-Pro/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /AP Sảnh 20 / }).getAttribute('href')).toBe('/home?site=hoamai01');
    expect(asked().get('kind')).toBe('networkDevices');
    expect(asked().get('offset')).toBe('0');
    expect(asked().get('limit')).toBe('20');
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /AP Sảnh 25 / })).toBeTruthy();
    expect(asked().get('offset')).toBe('20');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: /AP Sảnh 1 U6/ })).toBeNull();
    // back to every kind
    expect(screen.getByRole('link', { name: 'All kinds' }).getAttribute('href')).toBe('/search?q=ap%20sanh');
  });

  it('shows every kind with a link to all of one, in Vietnamese too', async () => {
    answer = () =>
      jsonResponse(200, {
        groups: [
          {
            kind: 'sites',
            hits: [{ key: 'site:a', title: 'Khách sạn Hoa Mai', detail: 'hoamai01', to: '/home?site=a' }],
            more: true,
          },
        ],
      } satisfies SearchResult);
    await i18n.changeLanguage('vi');
    try {
      renderWithProviders(<SearchPage />, { route: '/search?q=hoa%20mai' });
      expect(await screen.findByRole('heading', { name: 'Kết quả tìm kiếm cho “hoa mai”' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Site' })).toBeTruthy();
      const all = await screen.findByRole('link', { name: 'Xem tất cả Site' });
      expect(all.getAttribute('href')).toBe('/search?q=hoa%20mai&kind=sites');
      expect(asked().get('kind')).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says when nothing is found, when the search failed (with Retry), and reads nothing for two characters', async () => {
    answer = () => jsonResponse(200, { groups: [] });
    const { unmount } = renderWithProviders(<SearchPage />, { route: '/search?q=zzz&kind=sites' });
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeTruthy();
    unmount();
    answer = () => jsonResponse(500, { statusCode: 500, code: 'internal', message: 'x' });
    const second = renderWithProviders(<SearchPage />, { route: '/search?q=yyy&kind=sites' });
    await waitFor(() => expect(screen.getByText('The search could not be made')).toBeTruthy());
    answer = () => jsonResponse(200, { groups: [{ kind: 'sites', hits: [ap(1)], more: false }] });
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('link', { name: /AP Sảnh 1/ })).toBeTruthy();
    second.unmount();
    fetchMock.mockClear();
    renderWithProviders(<SearchPage />, { route: '/search?q=ho&kind=sites' });
    expect(await screen.findByText('Type three characters or more.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches again for what is typed in its box', async () => {
    answer = (url) =>
      jsonResponse(200, {
        groups: [{ kind: 'sites', hits: [{ ...ap(1), title: `site for ${url.searchParams.get('q')}` }], more: false }],
      });
    renderWithProviders(<SearchPage />, { route: '/search?q=hoa&kind=sites' });
    expect(await screen.findByRole('link', { name: /site for hoa/ })).toBeTruthy();
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'bien xanh' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByRole('link', { name: /site for bien xanh/ })).toBeTruthy();
    expect(asked().get('kind')).toBe('sites');
  });
});
