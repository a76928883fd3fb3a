const ACCESS_KEY = 'accessToken';
/** Where the refresh token was kept before it moved to an HttpOnly cookie: dropped from every browser it is in. */
const LEGACY_REFRESH_KEY = 'refreshToken';

/**
 * The session's access token (15 minutes), kept in the browser's storage so that every tab and a reload without a
 * network have it. The refresh token (30 days) is never within a script's reach: the server keeps it in an HttpOnly
 * cookie sent to its refresh route only.
 */
export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_KEY);
}

/** The user the session's access token is of (its `sub`), or undefined without a token that says. */
export function accessTokenUser(): number | undefined {
  const payload = getAccessToken()?.split('.')[1];
  if (!payload) return undefined;
  try {
    const sub = Number(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).sub);
    return Number.isInteger(sub) ? sub : undefined;
  } catch {
    return undefined;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_KEY, token);
  localStorage.removeItem(LEGACY_REFRESH_KEY);
}

/** Drops the copies of the lists the offline worker kept for the session (another user's must never show). */
export async function forgetKeptReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete('it4u-data').catch(() => undefined);
}

/** Ends the session on this browser: its token, and the copies of its lists the offline worker kept. */
export function clearTokens(): void {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(LEGACY_REFRESH_KEY);
  void forgetKeptReads();
}
