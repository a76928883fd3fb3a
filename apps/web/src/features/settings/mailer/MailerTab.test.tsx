import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { MailerTab } from './MailerTab.tsx';

const stored = {
  cronjobMail: '0 8 * * *',
  serviceMail: '',
  usernameMail: 'console@it4u.test',
  passwordMail: '********',
  hostMail: 'smtp.it4u.test',
  portMail: 587,
  fromMail: '',
  ccMail: [],
  subjectMail: 'Báo cáo',
  textMail: '',
  languageMail: 'Vietnamese',
  maxMessages: 100,
  rateDelta: 1000,
  rateLimit: 0,
  allowInsecure: false,
  configured: true,
};

describe('mailer tab', () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return jsonResponse(200, { ...stored, ...JSON.parse(String(init.body)) });
    if (url.includes('mailLog')) return jsonResponse(200, { items: [], total: 0 });
    if (url.includes('mailRuns')) return jsonResponse(200, []);
    return jsonResponse(200, stored);
  });

  beforeEach(() => {
    fetchMock.mockClear();
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the password without encryption only when ticked, with a warning shown', async () => {
    renderWithProviders(<MailerTab />);
    const box = (await screen.findByRole('checkbox', { name: 'Allow without encryption' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.queryByText(/will be sent without encryption/)).toBeNull();
    fireEvent.click(box);
    expect(await screen.findByText(/will be sent without encryption/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ allowInsecure: true, passwordMail: '********' });
  });
});
