import type { CurrentUser } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { keep, newRef, resetOutboxForTests, unsentOf } from '../../offline/outbox.ts';
import { currentUserQuery } from '../../session/useCurrentUser.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { TopBar } from './TopBar.tsx';

const USER = { id: 7, username: 'lan.kt', name: 'Lan', roles: [{ id: 3, name: 'ROLE_KT' }] } as unknown as CurrentUser;
const BODY = { exportDate: Date.UTC(2026, 4, 6), itemCode: 'AP-1', number: 1, value: 0, serialNum: 'SN-1' };

describe('signing out of a phone that keeps stock-outs', () => {
  const calls: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    resetOutboxForTests();
    setAccessToken('token');
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  const logout = async (label: string) => {
    const { client } = renderWithProviders(<TopBar user={USER} menuOpen onToggle={() => {}} onSearch={() => {}} />, {
      otherRoutes: { '/login': <p>The sign-in page</p> },
    });
    // the signed-in user, as the shell loaded them
    client.setQueryData(currentUserQuery.queryKey, USER);
    fireEvent.click(screen.getByTitle(i18n.t('topbar.profileMenu')));
    fireEvent.click(await screen.findByText(label));
  };

  it("says what is not sent and discards it only when asked, in the reader's language", async () => {
    keep(7, newRef(), BODY, {});
    keep(7, newRef(), BODY, {});
    localStorage.setItem('it4u.draft.stock.out.7', '{"serialNum":"SN-9"}');
    await i18n.changeLanguage('vi');
    await logout('Đăng xuất');
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]?.textContent).toContain('2 phiếu xuất lưu trên điện thoại này chưa được gửi');
    fireEvent.click(screen.getByRole('button', { name: 'Giữ đăng nhập' }));
    expect(unsentOf(7)).toBe(2);
    expect(calls.filter((c) => c.endsWith('/auth/logout'))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTitle(i18n.t('topbar.profileMenu')));
    fireEvent.click(await screen.findByText('Đăng xuất'));
    fireEvent.click(await screen.findByRole('button', { name: 'Đăng xuất và bỏ' }));
    expect(await screen.findByText('The sign-in page')).toBeTruthy();
    expect(unsentOf(7)).toBe(0);
    expect(localStorage.getItem('it4u.draft.stock.out.7')).toBeNull();
    expect(calls.filter((c) => c.endsWith('/auth/logout'))).toHaveLength(1);
  });

  it('signs out at once when nothing waits', async () => {
    await logout('Logout');
    expect(await screen.findByText('The sign-in page')).toBeTruthy();
  });
});
