import type { SlaMail } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SlaMailModal } from './SlaMailModal.tsx';

const SAVED: SlaMail = {
  enabled: false,
  to: ['noc@it4u.test'],
  customers: [{ customerId: 4, to: ['letan@hoamai.vn'], name: 'Khách sạn Hoa Mai' }],
  language: 'Vietnamese',
};

/** The server: the settings saved, what a save answers, and the bodies it was sent. */
function server(onPut: (body: unknown) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (url.pathname.endsWith('/it4u/sla/mail') && method === 'GET') return jsonResponse(200, SAVED);
      if (url.pathname.endsWith('/it4u/sla/mail') && method === 'PUT') return onPut(body);
      if (url.pathname.endsWith('/it4u/sla/mail/send')) return jsonResponse(200, { sent: 2, failed: 0, outcomes: [] });
      if (url.pathname.endsWith('/it4u/customers')) return jsonResponse(200, { items: [], total: 0 });
      return jsonResponse(404, { statusCode: 404, code: 'notFound' });
    }),
  );
  return sent;
}

describe('the monthly mail of the availability report', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 5, 3));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows what is saved, saves it turned on, and sends last month now', async () => {
    const sent = server((body) => jsonResponse(200, body));
    const onClose = vi.fn();
    renderWithProviders(<SlaMailModal month="2026-10" latest="2026-11" onClose={onClose} />);
    expect(await screen.findByText('Khách sạn Hoa Mai')).toBeTruthy();
    expect(screen.getByText('noc@it4u.test')).toBeTruthy();
    expect(screen.getByText('letan@hoamai.vn')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Send now/, hidden: true }));
    expect(await screen.findByText('2 mails sent.')).toBeTruthy();
    expect(sent.find((s) => s.path.endsWith('/send'))?.body).toEqual({ month: '2026-10' });

    fireEvent.click(screen.getByRole('switch', { name: 'Send it every month', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      enabled: true,
      language: 'Vietnamese',
      to: ['noc@it4u.test'],
      customers: [{ customerId: 4, to: ['letan@hoamai.vn'] }],
    });
  });

  it('says why a save was refused and stays open, nothing lost', async () => {
    server(() => jsonResponse(404, { statusCode: 404, code: 'contractNotFound', message: 'Contract not found.' }));
    const onClose = vi.fn();
    renderWithProviders(<SlaMailModal month="2026-10" latest="2026-11" onClose={onClose} />);
    await screen.findByText('Khách sạn Hoa Mai');
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    expect(await screen.findByText('Contract not found.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('letan@hoamai.vn')).toBeTruthy();
  });
});
