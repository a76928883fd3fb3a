import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/renderWithProviders.tsx';
import { api, HttpError, setSignedOutHandler } from './client.ts';
import { getAccessToken, setAccessToken } from './tokens.ts';

type Call = { url: string; auth: string | null; body: unknown; refreshHeader: string | null };

/** A fake server: the access token `new-access` is valid, `old-access` has expired. */
function fakeServer(options: { refreshOk?: boolean; refreshDelayMs?: number } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const auth = headers.Authorization ?? null;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, auth, body, refreshHeader: headers['X-IT4U-Refresh'] ?? null });
    if (url === '/api/v1/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 0));
      if (options.refreshOk === false)
        return jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'x' });
      return jsonResponse(200, { accessToken: 'new-access' });
    }
    if (auth !== 'Bearer new-access') {
      return jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Token expired' });
    }
    return jsonResponse(200, { path: url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

describe('api client', () => {
  const signedOut = vi.fn();

  beforeEach(() => {
    signedOut.mockReset();
    setSignedOutHandler(signedOut);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rejects locally without an access token', async () => {
    const { fetchMock } = fakeServer();
    await expect(api.get('/user/me')).rejects.toMatchObject({ message: 'No access token set.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the bearer token', async () => {
    setAccessToken('new-access');
    const { calls } = fakeServer();
    await expect(api.get('/user/me')).resolves.toEqual({ path: '/api/v1/user/me' });
    expect(calls[0].auth).toBe('Bearer new-access');
  });

  it('refreshes once on 401 by the HttpOnly cookie, keeps the new access token and retries the call', async () => {
    setAccessToken('old-access');
    // a refresh token a browser kept before it moved to the cookie is dropped, never sent
    localStorage.setItem('refreshToken', 'old-refresh');
    const { calls } = fakeServer();
    await expect(api.get('/user/me')).resolves.toEqual({ path: '/api/v1/user/me' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/user/me', '/api/v1/auth/refresh', '/api/v1/user/me']);
    expect(calls[1]).toMatchObject({ body: {}, auth: null, refreshHeader: '1' });
    expect(calls[2].auth).toBe('Bearer new-access');
    expect(getAccessToken()).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    setAccessToken('old-access');
    const { calls } = fakeServer({ refreshDelayMs: 20 });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toEqual([{ path: '/api/v1/a' }, { path: '/api/v1/b' }, { path: '/api/v1/c' }]);
    expect(calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('signs out and rejects with the 401 when the refresh fails', async () => {
    setAccessToken('old-access');
    fakeServer({ refreshOk: false });
    const error = await api.get('/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Token expired' });
    expect(getAccessToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledWith('expired');
  });

  it('rejects non-OK answers with the server error body', async () => {
    setAccessToken('new-access');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Username is already taken!' }),
      ),
    );
    await expect(api.post('/auth/signup', {})).rejects.toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'Username is already taken!',
    });
  });
});

describe('api client and blocked accounts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does not refresh a blocked account: it signs out with the reason inactive', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    setAccessToken('a');
    const fetchMock = vi.fn(async () =>
      jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your account is not active.',
        details: { reason: 'inactive' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/user/me')).rejects.toMatchObject({ statusCode: 401, details: { reason: 'inactive' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signedOut).toHaveBeenCalledWith('inactive');
    expect(getAccessToken()).toBeNull();
  });
});
