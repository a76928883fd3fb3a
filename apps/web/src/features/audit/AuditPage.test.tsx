import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { AuditPage } from './AuditPage.tsx';

const line = {
  id: 7,
  at: Date.UTC(2026, 10, 20, 3, 0),
  actorId: 2,
  actorName: 'lan.kt',
  event: 'contract.update',
  target: 'contract:3',
  ip: '10.0.0.9',
  details: { changed: { phone: ['0903 000 111', '0912 000 222'], password: ['(changed)'] } },
};

describe('the audit trail screen', () => {
  let answer: () => Response;
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('getSitename'))
      return jsonResponse(200, [{ id: 1, sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' }]);
    return answer();
  });
  const auditCalls = () =>
    fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname.endsWith('/audit'));

  beforeEach(() => {
    fetchMock.mockClear();
    answer = () => jsonResponse(200, { items: [line], total: 1 });
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows who changed what, each field before and after, a secret only as changed', async () => {
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(await within(table).findByText('lan.kt')).toBeTruthy();
    expect(within(table).getByText('Contracts')).toBeTruthy();
    expect(within(table).getByText('Contract changed')).toBeTruthy();
    expect(within(table).getByText('phone: 0903 000 111 → 0912 000 222')).toBeTruthy();
    expect(within(table).getByText('password: (changed)')).toBeTruthy();
    // what it was about in words, never its code alone
    expect(within(table).getByText('Contract 3')).toBeTruthy();
    expect(within(table).queryByText('contract:3')).toBeNull();
  });

  it('names an alert and its area in words, in both languages', async () => {
    answer = () =>
      jsonResponse(200, {
        items: [{ ...line, id: 7, event: 'alert.ack', target: 'alert:12', details: null }],
        total: 1,
      });
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(await within(table).findByText('Alert 12')).toBeTruthy();
    expect(within(table).getByText('Alerts')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await within(table).findByText('Cảnh báo 12')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it("says an unknown sign-in name as a mark, and an administrator's settings' details as theirs to read", async () => {
    answer = () =>
      jsonResponse(200, {
        items: [
          {
            ...line,
            id: 8,
            actorId: null,
            actorName: '',
            event: 'signin.failure',
            target: 'unknown:3f9a1c2e4b5d6a7f',
            details: null,
          },
          { ...line, id: 9, event: 'settings.mail', target: null, details: null },
        ],
        total: 2,
      });
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(await within(table).findByText('an unknown name (mark 3f9a1c2e4b5d6a7f)')).toBeTruthy();
    expect(within(table).getByText('only administrators read these details')).toBeTruthy();
  });

  it('sends each filter, and starts again on the first page', async () => {
    renderWithProviders(<AuditPage />);
    await screen.findByText('lan.kt');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'phone' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    const person = screen.getByRole('textbox', { name: 'Username' });
    fireEvent.change(person, { target: { value: 'lan.kt' } });
    fireEvent.keyDown(person, { key: 'Enter', code: 'Enter' });
    await waitFor(() => {
      const last = auditCalls().at(-1);
      expect(last?.searchParams.get('q')).toBe('phone');
      expect(last?.searchParams.get('actor')).toBe('lan.kt');
      expect(last?.searchParams.get('page')).toBe('1');
    });
  });

  it('folds its filters away on a phone, saying how many are set', async () => {
    setViewportWidth(390);
    renderWithProviders(<AuditPage />);
    await screen.findByText('lan.kt');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const person = await screen.findByRole('textbox', { name: 'Username' });
    fireEvent.change(person, { target: { value: 'lan.kt' } });
    fireEvent.keyDown(person, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('actor')).toBe('lan.kt'));
    // folded again: the filter holds, and the button says it is set; opened, the name is still there
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('lan.kt');
  });

  it('says the list failed, with Retry, never that it is empty', async () => {
    answer = () => jsonResponse(500, { statusCode: 500, code: 'internal', message: 'x' });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(screen.queryByText('No change matches these filters')).toBeNull();
  });

  it('says when nothing matches', async () => {
    answer = () => jsonResponse(200, { items: [], total: 0 });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('No change matches these filters')).toBeTruthy();
  });
});
