import type { Alert } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { NotificationBadges } from './NotificationBadges.tsx';

const AT = Date.UTC(2026, 4, 6, 2, 0);
const AP: Alert = {
  id: 7,
  kind: 'apDown',
  subject: 'ap:f0:9f:c2:00:00:01',
  site: 'cafe01',
  siteName: 'Cafe Sài Gòn',
  customerId: 4,
  customer: 'Công ty Cà Phê Sài Gòn',
  params: { name: 'AP-Quay', mac: 'f0:9f:c2:00:00:01' },
  since: AT - 6 * 60_000,
  openedAt: AT,
  resolvedAt: null,
  ack: null,
  mutedUntil: null,
};

/** The server: the counts, the open alerts, an acknowledgement; and what it was sent. */
function server(opts: { alerts?: 'fail' | Alert[]; roles?: string[] } = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let acked = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path: url.pathname, body });
      const path = url.pathname.replace('/api/v1', '');
      if (path === '/user/me')
        return jsonResponse(200, {
          id: 1,
          name: 'Lan',
          username: 'lan',
          roles: (opts.roles ?? ['ROLE_CSKH']).map((name) => ({ name })),
          sitename: [],
        });
      if (path === '/private-chat/unread') return jsonResponse(200, { unread: 2 });
      // acknowledged, the café still has its fault
      if (path === '/it4u/alerts/count') return jsonResponse(200, { open: 1, unacked: acked ? 0 : 1, sites: 3 });
      if (path === '/it4u/alerts') {
        if (opts.alerts === 'fail') return jsonResponse(503, { statusCode: 503, code: 'databaseUnavailable' });
        const items = opts.alerts ?? [acked ? { ...AP, ack: { by: 'lan', at: AT, note: body?.note ?? '' } } : AP];
        return jsonResponse(200, { items, total: items.length });
      }
      if (path === '/it4u/alerts/7/ack') {
        acked = true;
        return jsonResponse(200, { ...AP, ack: { by: 'lan', at: AT, note: body.note } });
      }
      return jsonResponse(404, { statusCode: 404, code: 'notFound' });
    }),
  );
  return sent;
}

describe("the top bar's alerts and messages", () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it('counts the alerts not acknowledged, opens the drawer, and acknowledges one with a note', async () => {
    const sent = server();
    renderWithProviders(<NotificationBadges />);
    const bell = await screen.findByRole('button', { name: 'Alerts: 1 open, 1 not acknowledged' });
    expect(screen.getByRole('button', { name: 'Messages: 2 unread' })).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: '3 sites with a fault now (access points, wifi, WAN links or routers)',
      }),
    ).toBeTruthy();
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    const title = await within(drawer).findByRole('link', { name: 'Access point AP-Quay is disconnected' });
    expect(title.getAttribute('href')).toBe('/home?site=cafe01');
    expect(within(drawer).getByText('Cafe Sài Gòn · Công ty Cà Phê Sài Gòn')).toBeTruthy();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Acknowledge' }));
    const note = await screen.findByLabelText('Note (what is being done)');
    fireEvent.change(note, { target: { value: 'Kỹ thuật đang đến' } });
    const dialogs = screen.getAllByRole('dialog');
    fireEvent.click(within(dialogs[dialogs.length - 1] as HTMLElement).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(sent.find((s) => s.path.endsWith('/it4u/alerts/7/ack'))?.body).toEqual({ note: 'Kỹ thuật đang đến' }),
    );
    expect(await screen.findByRole('button', { name: 'Alerts: 1 open, 0 not acknowledged' })).toBeTruthy();
    expect(screen.getByTestId('sites-badge').getAttribute('data-count')).toBe('3');
  });

  it('goes to the Alerts page from the sites with a fault', async () => {
    server();
    renderWithProviders(<NotificationBadges />, { otherRoutes: { '/alerts': <p>The alerts page</p> } });
    fireEvent.click(await screen.findByTestId('sites-badge'));
    expect(await screen.findByText('The alerts page')).toBeTruthy();
  });

  it('says when nothing is open, and when the list failed, with Retry', async () => {
    server({ alerts: [] });
    const first = renderWithProviders(<NotificationBadges />);
    fireEvent.click(await screen.findByRole('button', { name: /^Alerts/ }));
    expect(await screen.findByText('No open alerts: everything watched is as it should be.')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    server({ alerts: 'fail' });
    renderWithProviders(<NotificationBadges />);
    fireEvent.click(await screen.findByRole('button', { name: /^Alerts/ }));
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(screen.queryByText(/No open alerts/)).toBeNull();
  });
});
