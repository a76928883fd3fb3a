import type { BackupRun, Backups } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { expectListFailureAndRetry } from '../../../test/failingList.tsx';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { BackupsCard } from './BackupsCard.tsx';

// fixed moments: nothing here reads the clock
const AT = Date.UTC(2026, 10, 25, 20, 30);
const good: BackupRun = {
  id: 2,
  trigger: 'schedule',
  by: null,
  startedAt: AT,
  finishedAt: AT + 4_000,
  ok: true,
  file: 'it4u-2026-11-25T20-30-00-000Z-2.it4u.gz',
  bytes: 1_572_864,
  rows: 123_456,
  error: null,
};
const failed: BackupRun = {
  ...good,
  id: 1,
  trigger: 'manual',
  by: 'admin',
  startedAt: AT - 86_400_000,
  ok: false,
  file: null,
  bytes: null,
  rows: null,
  error: 'ENOSPC: no space left on device',
};

function serve(list: Backups, post?: () => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/it4u/backups') && method === 'GET') return jsonResponse(200, list);
    if (url.endsWith('/it4u/backups') && method === 'POST' && post) return post();
    if (url.endsWith('/user/me')) return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', code: 'notFound', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('backups card', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('says the schedule, the last result and each backup, with sizes and numbers in both languages', async () => {
    serve({ everyHours: 24, keep: 7, runs: [good, failed] });
    renderWithProviders(<BackupsCard />);
    expect(await screen.findByText(/every 24 hours and keeps the newest 7 files/)).toBeTruthy();
    expect(screen.getByText(/^Last backup .*: 1\.5 MB$/)).toBeTruthy();
    expect(screen.getByText('1.5 MB · 123,456 rows')).toBeTruthy();
    expect(screen.getByText('ENOSPC: no space left on device')).toBeTruthy();
    expect(screen.getByText('Schedule')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/mỗi 24 giờ và giữ 7 tệp mới nhất/)).toBeTruthy();
    expect(screen.getByText('1,5 MB · 123.456 dòng')).toBeTruthy();
    expect(screen.getByText('Thất bại')).toBeTruthy();
  });

  it('says there is none yet only after an answer', async () => {
    serve({ everyHours: 0, keep: 7, runs: [] });
    renderWithProviders(<BackupsCard />);
    expect(await screen.findByText('No backup made yet')).toBeTruthy();
    expect(screen.getByText(/No scheduled backups/)).toBeTruthy();
  });

  it('says the failure with Retry, never that there is none, when the list cannot be read', async () => {
    await expectListFailureAndRetry(
      <BackupsCard />,
      {
        list: (url, method) => url.endsWith('/it4u/backups') && method === 'GET',
        answer: { everyHours: 24, keep: 7, runs: [good] },
      },
      '1.5 MB · 123,456 rows',
      ['No backup made yet'],
    );
  });

  it('backs up now, and says why when another backup is running', async () => {
    const running: BackupRun = { ...good, id: 3, finishedAt: null, ok: null, file: null, bytes: null, rows: null };
    let list: Backups = { everyHours: 24, keep: 7, runs: [good] };
    let refuse = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/it4u/backups') && method === 'GET') return jsonResponse(200, list);
      if (url.endsWith('/it4u/backups') && method === 'POST') {
        if (refuse) {
          return jsonResponse(409, { statusCode: 409, error: 'Conflict', code: 'backupRunning', message: 'busy' });
        }
        list = { ...list, runs: [running, good] };
        return jsonResponse(202, running);
      }
      return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BackupsCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Back up now/ }));
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Backing up/ })).toBeTruthy();
    list = { ...list, runs: [good] };
    refuse = true;
    // the button takes clicks again once it has stopped spinning: antd ends its loading state in an effect after the
    // render that changes its words, and ignores a click in between (as a busy suite's timing can land one there)
    await waitFor(() => {
      const button = screen.getByRole('button', { name: /Back up now/ });
      expect(button.className).not.toMatch(/ant-btn-loading/);
    });
    fireEvent.click(screen.getByRole('button', { name: /Back up now/ }));
    expect(await screen.findByText('A backup is being made now: wait for it to end.')).toBeTruthy();
  });
});
