import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setAccessToken } from '../../../api/tokens.ts';
import { expectFieldError } from '../../../test/fieldError.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ProfilePage } from './ProfilePage.tsx';

const me = {
  id: 7,
  name: 'Lê Thị Lan',
  username: 'lan',
  email: 'lan@example.test',
  gender: 'Female',
  language: 'English',
  type: 'User',
  status: 'Active',
  changePw: false,
  roles: [{ name: 'ROLE_KT' }],
  sitename: [],
};

/** The profile with a server that answers /user/me and records the /user/update bodies. */
function renderProfile(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/user/me')) return jsonResponse(200, me);
      const body = JSON.parse(String(init?.body ?? '{}'));
      sent.push(body);
      return answer(body);
    }),
  );
  renderWithProviders(<ProfilePage />, { route: '/users/lan', path: '/users/:username' });
  return sent;
}

describe('own profile', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTokens();
  });

  it('saves the gender without asking for the password', async () => {
    const sent = renderProfile(() => jsonResponse(200, me));
    await screen.findByDisplayValue('lan@example.test');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ username: 'lan', email: 'lan@example.test', gender: 'Female', language: 'English' });
  });

  it('asks for the current password when the e-mail address changes, and says when it is wrong', async () => {
    const sent = renderProfile(() =>
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'wrongCurrentPassword',
        message: 'Your current password is incorrect.',
        details: [{ field: 'currentPassword', message: 'Your current password is incorrect.' }],
      }),
    );
    fireEvent.change(await screen.findByDisplayValue('lan@example.test'), { target: { value: 'lan@new.test' } });
    const password = await screen.findByLabelText('Current password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input your current password!')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(password, { target: { value: 'not-mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ email: 'lan@new.test', currentPassword: 'not-mine' });
    await expectFieldError('Current password', 'Your current password is incorrect.');
  });
});
