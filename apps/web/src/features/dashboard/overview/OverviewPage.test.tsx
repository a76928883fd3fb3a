import { screen } from '@testing-library/react';
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

// a fixed moment: nothing here reads the clock
const AS_OF = Date.UTC(2026, 4, 31, 3, 0);

const overview = (controllersDown?: unknown[]) => ({
  asOf: AS_OF,
  sites: { ok: 4, warning: 1, error: 0, unknown: 7 },
  warnings: [{ site: 'hm', siteName: 'Hoa Mai', connected: 2, adopted: 3 }],
  errors: [],
  disconnections: [],
  unreachable: 7,
  ...(controllersDown ? { controllersDown } : {}),
});

function serve(answer: unknown, roles: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/user/me')) {
        return jsonResponse(200, { id: 1, username: 'kt', name: 'KT', roles: roles.map((name, id) => ({ id, name })) });
      }
      // staff also see the customers per segment
      if (url.endsWith('/segments/client')) return jsonResponse(200, []);
      return jsonResponse(200, answer);
    }),
  );
}

describe('overview', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("says when the answer is a slow controller's last good one, and from when, in both languages", async () => {
    serve({ ...overview(), lastGood: true });
    renderWithProviders(<OverviewPage />);
    const line = await screen.findByText(/^The controller is slow to answer: showing its last answer, from \d/);
    expect(line.closest('.ant-typography-warning')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/^Bộ điều khiển phản hồi chậm: đang hiển thị dữ liệu đọc lúc \d/)).toBeTruthy();
  });

  it('says an answer read now as of its time, not as a stale one', async () => {
    serve(overview());
    renderWithProviders(<OverviewPage />);
    const line = await screen.findByText(/^As of \d/);
    expect(line.closest('.ant-typography-warning')).toBeNull();
    expect(screen.queryByText(/slow to answer/)).toBeNull();
  });

  it('warns of each controller it could not read, with its reason, in both languages', async () => {
    serve(
      overview([
        { id: 2, name: 'Branch', sites: 7, code: 'controllerUnreachable', params: { reason: 'ECONNREFUSED' } },
        { id: null, name: 'Old', sites: 1, code: 'controllerTimeout', params: { seconds: 10 } },
      ]),
    );
    renderWithProviders(<OverviewPage />);
    // the reason a sentence of its own, its full stop kept
    expect(
      await screen.findByText(
        'Controller Branch cannot be read now; its sites (7) show as unknown. The UniFi controller cannot be reached (ECONNREFUSED).',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Controller Old cannot be read now; its sites (1) show as unknown. The UniFi controller did not answer within 10 s.',
      ),
    ).toBeTruthy();
    // a technician may not change the controllers: no link to the settings
    expect(screen.queryByRole('link', { name: 'Open Settings → Parameter' })).toBeNull();
    // above the lists
    const alert = screen.getByText(/Controller Branch/).closest('[role="alert"]') as HTMLElement;
    const list = screen.getByText('Hoa Mai');
    expect(alert.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await i18n.changeLanguage('vi');
    expect(
      await screen.findByText(
        'Hiện không đọc được bộ điều khiển Branch; các site của nó (7) hiển thị là không rõ. Không kết nối được bộ điều khiển UniFi (ECONNREFUSED).',
      ),
    ).toBeTruthy();
  });

  it('links an administrator to the settings where the controllers are, in both languages', async () => {
    serve(overview([{ id: 2, name: 'Branch', sites: 7, code: 'controllerBusy', params: { seconds: 5 } }]), [
      'ROLE_ADMIN',
    ]);
    renderWithProviders(<OverviewPage />);
    const link = await screen.findByRole('link', { name: 'Open Settings → Parameter' });
    expect(link.getAttribute('href')).toBe('/config');
    const alert = link.closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toBe(
      'Controller Branch cannot be read now; its sites (7) show as unknown. The UniFi controller is busy. Please try again in 5 s. Open Settings → Parameter',
    );

    await i18n.changeLanguage('vi');
    expect(await screen.findByRole('link', { name: 'Mở Cài đặt → Tham số hệ thống' })).toBeTruthy();
  });

  it('shows no warning while every controller answers', async () => {
    serve(overview([]));
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('Hoa Mai')).toBeTruthy();
    expect(screen.queryByText(/cannot be read now/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
