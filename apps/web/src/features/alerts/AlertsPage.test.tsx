import type { Alert, AlertRule } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { alertTitle } from './AlertItem.tsx';
import { AlertsPage } from './AlertsPage.tsx';
import { alertLink } from './alertsQueries.ts';

const RULES: AlertRule[] = [
  { kind: 'apDown', enabled: true, holdMinutes: 5, clearMinutes: 3 },
  { kind: 'vouchersLow', enabled: true, holdMinutes: 0, clearMinutes: 0, percent: 10 },
];

/** The server: the caller with their roles, the rules; a rule saved answers what it was sent. */
function server(roles: string[], alerts: { items: Alert[]; total: number } = { items: [], total: 0 }) {
  const saved: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const path = url.pathname.replace('/api/v1', '');
      if (path.endsWith('/user/me'))
        return jsonResponse(200, { id: 1, username: 'a', name: 'A', roles: roles.map((name, id) => ({ id, name })) });
      if (path === '/it4u/alerts/rules') return jsonResponse(200, RULES);
      if (path.startsWith('/it4u/alerts/rules/') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        saved.push({ path, body });
        return jsonResponse(200, { kind: path.split('/').at(-1), ...body });
      }
      if (path === '/it4u/alerts') return jsonResponse(200, alerts);
      return jsonResponse(404, { statusCode: 404, code: 'notFound' });
    }),
  );
  return saved;
}

describe('the alerts page', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("lets an administrator set a voucher batch's percentage, which only that kind has", async () => {
    const saved = server(['ROLE_ADMIN']);
    renderWithProviders(<AlertsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rules' }));
    const percent = await screen.findByLabelText('Percent left at most');
    expect((percent as HTMLInputElement).value).toBe('10');
    expect(screen.getAllByLabelText('Percent left at most')).toHaveLength(1);
    fireEvent.change(percent, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the rule: A voucher batch nearly used up' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          path: '/it4u/alerts/rules/vouchersLow',
          body: { enabled: true, holdMinutes: 0, clearMinutes: 0, percent: 5 },
        },
      ]),
    );
    expect(await screen.findByText('The rule is saved.')).toBeTruthy();
  });

  it('shows the rules to staff without a way to change them', async () => {
    server(['ROLE_CSKH']);
    renderWithProviders(<AlertsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rules' }));
    const percent = (await screen.findByLabelText('Percent left at most')) as HTMLInputElement;
    expect(percent.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save the rule/ })).toBeNull();
  });

  it('names a batch by its note, else by when it was made, and links to the site’s vouchers, in both languages', async () => {
    const alert = {
      id: 1,
      kind: 'vouchersLow',
      subject: 'vouchers:cafe01:1778036400000:Khai trương',
      site: 'cafe01',
      siteName: 'Cafe Sài Gòn',
      customerId: null,
      customer: null,
      params: { note: 'Khai trương', made: Date.parse('2026-05-06T10:00:00+07:00'), left: 1, total: 20 },
    } as unknown as Alert;
    expect(alertTitle(alert, i18n.t)).toBe('Voucher batch "Khai trương" of Cafe Sài Gòn: 1 of 20 left');
    expect(alertLink(alert)).toBe('/voucher?site=cafe01');
    await i18n.changeLanguage('vi');
    expect(alertTitle({ ...alert, params: { ...alert.params, note: '' } }, i18n.t)).toBe(
      // in the reader's zone (the tests': UTC)
      'Lô voucher 06-05-2026 03:00 của Cafe Sài Gòn: còn 1/20',
    );
  });

  it("names the pager's arrows in the reader's language when the list runs past a page", async () => {
    const at = Date.parse('2026-05-06T10:00:00+07:00');
    const items = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      kind: 'apDown',
      subject: `ap:00:00:00:00:00:${String(i).padStart(2, '0')}`,
      site: 'cafe01',
      siteName: 'Cafe Sài Gòn',
      customerId: null,
      customer: null,
      params: { name: `AP ${i}` },
      since: at,
      openedAt: at,
      resolvedAt: null,
      ack: null,
      mutedUntil: null,
    })) as unknown as Alert[];
    server(['ROLE_ADMIN'], { items, total: 45 });
    await i18n.changeLanguage('vi');
    renderWithProviders(<AlertsPage />);
    expect(await screen.findByRole('button', { name: 'Trang sau' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeTruthy();
  });

  it('tells a customer an alert was acknowledged and when, in their language, without a name', async () => {
    const at = Date.parse('2026-05-06T10:00:00+07:00');
    const alert = {
      id: 1,
      kind: 'apDown',
      subject: 'ap:00:00:00:00:00:01',
      site: 'cafe01',
      siteName: 'Cafe Sài Gòn',
      customerId: null,
      customer: null,
      params: { name: 'AP sảnh' },
      since: at,
      openedAt: at,
      resolvedAt: null,
      ack: { by: '', at, note: '' },
      mutedUntil: null,
    } as unknown as Alert;
    server(['ROLE_KH'], { items: [alert], total: 1 });
    renderWithProviders(<AlertsPage />);
    expect(await screen.findByText(/^Acknowledged by the operator, /)).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/^Nhà mạng đã xác nhận, /)).toBeTruthy();
  });
});
