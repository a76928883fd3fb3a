import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SearchDialog, useSearchShortcut } from './SearchDialog.tsx';

const found = {
  groups: [
    {
      kind: 'customers',
      hits: [{ key: 'contract:4', title: 'Khách sạn Hoa Mai', detail: 'HD-004', to: '/customers/4' }],
      more: false,
    },
    {
      kind: 'sites',
      hits: [{ key: 'site:hoamai01', title: 'Khách sạn Hoa Mai', detail: 'hoamai01', to: '/home?site=hoamai01' }],
      more: true,
    },
  ],
};

/** The dialog as the shell holds it: opened by Ctrl+K. */
function Harness() {
  const [open, setOpen] = useState(false);
  useSearchShortcut(() => setOpen(true));
  return <SearchDialog open={open} initial="" onClose={() => setOpen(false)} />;
}

describe('the search box', () => {
  let answer: () => Response;
  const fetchMock = vi.fn(async (_url: string) => answer());
  beforeEach(() => {
    fetchMock.mockClear();
    answer = () => jsonResponse(200, found);
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens with Ctrl+K, groups what it finds by kind, and the arrow keys reach each result', async () => {
    renderWithProviders(<Harness />, { otherRoutes: { '/customers/:id': <p>the customer's page</p> } });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const box = await screen.findByRole('searchbox', { name: 'Search for' });
    expect(screen.getByText('Type three characters or more.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'hoa mai' } });
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sites' })).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(url.searchParams.get('q')).toBe('hoa mai');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = screen.getAllByRole('link')[0];
    expect(document.activeElement).toBe(first);
    expect(first?.getAttribute('href')).toBe('/customers/4');
    fireEvent.click(first as HTMLElement);
    expect(await screen.findByText("the customer's page")).toBeTruthy();
  });

  it('links a kind with more hits than shown to all of them, in the reader language', async () => {
    renderWithProviders(<SearchDialog open initial="hoa mai" onClose={() => {}} />);
    const all = await screen.findByRole('link', { name: 'See all Sites' });
    expect(all.getAttribute('href')).toBe('/search?q=hoa%20mai&kind=sites');
    // the customers are all shown: no such link
    expect(screen.queryByRole('link', { name: 'See all Customers' })).toBeNull();
    await i18n.changeLanguage('vi');
    try {
      expect(await screen.findByRole('link', { name: 'Xem tất cả Site' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('opens the first result on Enter, also when Enter came before the results (a scanner types and sends at once)', async () => {
    renderWithProviders(<Harness />, { otherRoutes: { '/customers/:id': <p>the customer's page</p> } });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const box = await screen.findByRole('searchbox', { name: 'Search for' });
    fireEvent.change(box, { target: { value: 'EE859953F570' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText("the customer's page")).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(url.searchParams.get('q')).toBe('EE859953F570');
  });

  it('stays open on Enter when nothing is found', async () => {
    answer = () => jsonResponse(200, { groups: [] });
    renderWithProviders(<SearchDialog open initial="" onClose={() => {}} />);
    const box = await screen.findByRole('searchbox', { name: 'Search for' });
    fireEvent.change(box, { target: { value: 'zzz' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toBeTruthy();
  });

  it('says when nothing is found, and when the search failed, with Retry', async () => {
    answer = () => jsonResponse(200, { groups: [] });
    renderWithProviders(<SearchDialog open initial="zzz" onClose={() => {}} />);
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeTruthy();
    answer = () => jsonResponse(500, { statusCode: 500, code: 'internal', message: 'x' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for' }), { target: { value: 'yyy' } });
    await waitFor(() => expect(screen.getByText('The search could not be made')).toBeTruthy());
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
