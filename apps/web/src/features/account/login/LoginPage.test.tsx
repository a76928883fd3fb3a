import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { LoginPage } from './LoginPage.tsx';

function renderLogin() {
  return renderWithProviders(<LoginPage />, {
    route: '/login',
    path: '/login',
    otherRoutes: { '/home': <p>home page</p>, '/changePasswordDefault': <p>forced change</p> },
  });
}

function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username or e-mail'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const me = {
  id: 1,
  name: 'Admin',
  username: 'admin',
  email: 'admin@example.com',
  gender: 'Male',
  language: 'English',
  type: 'User',
  status: 'Active',
  changePw: false,
  roles: [{ name: 'ROLE_ADMIN' }],
  sitename: [],
};

describe('login form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for both fields on an empty submit', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please input your username!')).toBeTruthy();
    expect(await screen.findByText('Please input your Password!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the wrong-password message on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Bad credentials' })),
    );
    renderLogin();
    submit('admin', 'wrong');
    expect(await screen.findByText('Your Username or Password is incorrect. Please try again!')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('explains a lock-out on 429', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit' })),
    );
    renderLogin();
    submit('admin', 'wrong');
    expect(await screen.findByText(/Too many failed sign-in attempts/)).toBeTruthy();
  });

  it('shows the inactive-account screen on 403 inactive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Account is not active',
          details: { reason: 'inactive' },
        }),
      ),
    );
    renderLogin();
    submit('blocked', 'secret');
    expect(await screen.findByText('Your account is not active')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('stores the tokens, counts the sign-in, loads the user and goes home', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (url.endsWith('/auth/signin')) return jsonResponse(200, { accessToken: 'a', refreshToken: 'r' });
        if (url.endsWith('/user/updateNumLogin')) return jsonResponse(200, {});
        return jsonResponse(200, me);
      }),
    );
    renderLogin();
    submit('admin', 'right');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(await screen.findByText("You're successfully logged in.")).toBeTruthy();
    expect(urls).toEqual(['/api/v1/auth/signin', '/api/v1/user/updateNumLogin', '/api/v1/user/me']);
    expect(getAccessToken()).toBe('a');
  });

  it('forces the password change when changePw is set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/auth/signin')) return jsonResponse(200, { accessToken: 'a', refreshToken: 'r' });
        if (url.endsWith('/user/updateNumLogin')) return jsonResponse(200, {});
        return jsonResponse(200, { ...me, changePw: true });
      }),
    );
    renderLogin();
    submit('admin', 'generated');
    expect(await screen.findByText('forced change')).toBeTruthy();
  });
});
