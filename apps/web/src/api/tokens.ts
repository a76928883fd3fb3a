import type { Tokens } from '@it4u/shared';

const ACCESS_KEY = 'accessToken';
const REFRESH_KEY = 'refreshToken';

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_KEY);
}

export function setTokens(tokens: Tokens): void {
  localStorage.setItem(ACCESS_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_KEY, tokens.refreshToken);
}

/** Drops the copies of the lists the offline worker kept for the session (another user's must never show). */
export async function forgetKeptReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete('it4u-data').catch(() => undefined);
}

/** Ends the session on this browser: its tokens, and the copies of its lists the offline worker kept. */
export function clearTokens(): void {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
  void forgetKeptReads();
}
