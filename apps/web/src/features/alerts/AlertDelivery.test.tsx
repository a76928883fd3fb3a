import type { AlertDelivery as Settings, Webhook } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AlertDelivery } from './AlertDelivery.tsx';

const SETTINGS: Settings = {
  mail: { enabled: true, to: ['noc@it4u.test'], digestMinutes: 15 },
  language: 'Vietnamese',
};
const HOOK: Webhook = {
  id: 3,
  name: 'NOC Slack',
  url: 'https://hooks.slack.com/services/T0/B0/secretpath',
  format: 'slack',
  enabled: true,
  createdAt: Date.UTC(2026, 4, 6),
};

/** The server: the delivery settings, the webhooks, the log; a new webhook refused for its address, then made. */
function server() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let tries = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path: url.pathname, body });
      const path = url.pathname.replace('/api/v1', '');
      if (path === '/it4u/alerts/delivery' && method === 'GET')
        return jsonResponse(200, { settings: SETTINGS, webhooks: [HOOK] });
      if (path === '/it4u/alerts/deliveries') return jsonResponse(200, { items: [], total: 0 });
      if (path === '/it4u/alerts/webhooks' && method === 'POST') {
        tries++;
        if (tries === 1)
          return jsonResponse(400, {
            statusCode: 400,
            code: 'webhookRefused',
            field: 'url',
            params: { host: '169.254.169.254', kind: 'linkLocal' },
            message: 'refused',
          });
        return jsonResponse(201, { webhook: { ...HOOK, id: 4, ...body }, secret: 'a1b2c3d4e5f6' });
      }
      return jsonResponse(404, { statusCode: 404, code: 'notFound' });
    }),
  );
  return sent;
}

describe("the alerts' delivery", () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the mail and the webhooks (an address's origin only), says nothing was sent yet, and adds a webhook whose secret shows once", async () => {
    const sent = server();
    renderWithProviders(<AlertDelivery />);
    expect(await screen.findByText('noc@it4u.test')).toBeTruthy();
    expect(screen.getByText('https://hooks.slack.com')).toBeTruthy();
    expect(screen.queryByText(/secretpath/)).toBeNull();
    expect(await screen.findByText('Nothing sent yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Máy nhận' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'http://169.254.169.254/latest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // the server's refusal stays on the field, and what was typed stays
    expect(await screen.findByText(/169.254.169.254 is this machine, loopback or link-local/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe('http://169.254.169.254/latest');
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'https://noc.it4u.vn/hook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('a1b2c3d4e5f6')).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST').at(-1)?.body).toEqual({
        name: 'Máy nhận',
        url: 'https://noc.it4u.vn/hook',
        format: 'json',
        enabled: true,
      }),
    );
  });
});
