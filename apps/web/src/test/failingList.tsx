import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { setAccessToken } from '../api/tokens.ts';
import { jsonResponse, renderWithProviders } from './renderWithProviders.tsx';

type Stub = {
  /** the list call of the screen, failing (500) until Retry */
  list: (url: string, method: string) => boolean;
  /** the list's answer once it recovers */
  answer: unknown;
  /** answers of the screen's other calls (by the end of their URL); else an empty page */
  others?: (url: string) => unknown;
};

/**
 * Renders a list screen whose list call answers 500, checks it says so with Retry (never its empty text, "No data"),
 * then lets the call succeed and checks Retry brings the rows (`rowText`).
 */
export async function expectListFailureAndRetry(
  ui: ReactElement,
  { list, answer, others }: Stub,
  rowText: string,
  emptyTexts: string[] = [],
) {
  setAccessToken('token');
  let failing = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (list(url, method)) {
        return failing
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' })
          : jsonResponse(200, answer);
      }
      if (url.endsWith('/user/me')) return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
      return jsonResponse(200, others?.(url) ?? { items: [], total: 0 });
    }),
  );
  renderWithProviders(ui);
  expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
  for (const text of ['No data', ...emptyTexts]) expect(screen.queryByText(text)).toBeNull();
  failing = false;
  // (`hidden: true`: the accessibility check of every element of a wide register took jsdom half a minute on two cores)
  fireEvent.click(screen.getByRole('button', { name: /Retry/, hidden: true }));
  await waitFor(() => expect(screen.getAllByText(rowText).length).toBeGreaterThan(0));
  expect(screen.queryByText('The list could not be loaded.')).toBeNull();
}
