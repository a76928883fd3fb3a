import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { OverviewPage } from './OverviewPage.tsx';

// the chart itself is ECharts' (drawn in Chromium by the end-to-end tests); here only its label
vi.mock('../../../components/charts/Chart.tsx', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  donut: () => ({}),
}));

const AS_OF = Date.UTC(2026, 4, 31, 3, 0);

/** An operator's overview: 25 sites in warning, one of them in Hà Nội. */
const warnings = Array.from({ length: 25 }, (_, i) => ({
  site: `site${i}`,
  siteName: i === 17 ? 'Khách sạn Hà Nội' : `Quán cà phê số ${i}`,
  connected: 1,
  adopted: 2,
}));

describe('the overview of an operator', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/user/me')
          ? jsonResponse(200, { id: 1, username: 'kt', name: 'KT', roles: [] })
          : jsonResponse(200, {
              asOf: AS_OF,
              sites: { ok: 0, warning: 25, error: 0, unknown: 0 },
              warnings,
              errors: [],
              disconnections: [],
              unreachable: 0,
            }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a long list ten at a time, and finds a site by its name without marks', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<OverviewPage />);
    const list = await screen.findByRole('list', { name: 'Sites in warning' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3 (25 in all)')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search in Sites in warning' }), {
      target: { value: 'ha noi' },
    });
    const found = await screen.findByRole('list', { name: 'Sites in warning' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Khách sạn Hà Nội')]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search in Sites in warning' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('Nothing matches the search.')).toBeTruthy();
  });
});
