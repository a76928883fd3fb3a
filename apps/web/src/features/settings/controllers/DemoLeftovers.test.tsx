import type { DemoLeft } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { DemoLeftovers } from './DemoLeftovers.tsx';

const left: DemoLeft = {
  demoInUse: false,
  sites: [
    { idname: 'hoamai', sitename: 'Khách sạn Hoa Mai' },
    { idname: 'cafe', sitename: 'Cafe Sài Gòn' },
  ],
  customers: [
    { numContract: 'DEMO-001', clientName: 'Khách sạn Hoa Mai' },
    { numContract: 'DEMO-002', clientName: 'Cafe Sài Gòn' },
  ],
  wanSites: ['Khách sạn Hoa Mai'],
  stockRecords: 12,
};

function serve(answer: DemoLeft, remove?: () => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/it4u/demo') && method === 'GET') return jsonResponse(200, answer);
    if (url.endsWith('/it4u/demo') && method === 'DELETE' && remove) return remove();
    return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe("the demo's leftovers", () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('offers nothing while the demo is in use', async () => {
    const fetchMock = serve({ ...left, demoInUse: true });
    renderWithProviders(<DemoLeftovers />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText("The demo's data is still here")).toBeNull();
  });

  it('lists what the demo left and removes it after a confirmation, in both languages', async () => {
    let answer = left;
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/it4u/demo') && method === 'GET') return jsonResponse(200, answer);
      if (url.endsWith('/it4u/demo') && method === 'DELETE') {
        answer = { demoInUse: false, sites: [], customers: [], wanSites: [], stockRecords: 0 };
        return jsonResponse(200, { sites: 2, customers: 2, wanSites: 1, stockRecords: 12 });
      }
      return jsonResponse(200, {});
    });
    renderWithProviders(<DemoLeftovers />);
    expect(
      await screen.findByText(/left 2 sites, 2 demo customers .* WAN history of 1 sites .* 12 warehouse records/),
    ).toBeTruthy();
    expect(screen.getByText('DEMO-001').parentElement?.textContent).toBe(
      'DEMO-001 Khách sạn Hoa Mai · DEMO-002 Cafe Sài Gòn',
    );
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Dữ liệu demo vẫn còn')).toBeTruthy();
    await i18n.changeLanguage('en');
    fireEvent.click(await screen.findByRole('button', { name: /Remove the demo's data/ }));
    // the question names what goes; nothing is removed before the answer
    expect(await screen.findByText(/Remove the demo's 2 sites, 2 customers/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit)?.method === 'DELETE')).toBe(false);
    const confirm = screen.getAllByRole('button', { name: /Remove the demo's data/ }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    expect(
      await screen.findByText("The demo's data was removed: 2 sites, 2 customers and 12 warehouse records."),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("The demo's data is still here")).toBeNull());
  });

  it("says why when a register still names the demo's customers", async () => {
    serve(left, () =>
      jsonResponse(409, { statusCode: 409, error: 'Conflict', code: 'demoDataInUse', message: 'in use' }),
    );
    renderWithProviders(<DemoLeftovers />);
    fireEvent.click(await screen.findByRole('button', { name: /Remove the demo's data/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: /Remove the demo's data/ })).at(-1) as HTMLElement);
    expect(await screen.findByText(/still names a demo customer/)).toBeTruthy();
    expect(screen.getByText("The demo's data is still here")).toBeTruthy();
  });
});
