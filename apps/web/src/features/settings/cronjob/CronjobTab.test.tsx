import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { CronjobTab } from './CronjobTab.tsx';

/** Each site's versions, newest first: Hoa Mai has v3 to v5, Quyền v1 and v2 only. */
const FILES: Record<string, Record<number, string>> = {
  hoamai01: { 5: 'a=1\nb=5\n', 4: 'a=1\nb=4\n', 3: 'a=1\nb=3\n' },
  quyen01: { 2: 'q=1\nq2=added\n', 1: 'q=1\n' },
};
const AT = Date.UTC(2026, 10, 24, 1, 0);

const version = (v: number) => ({
  version: v,
  createdAt: AT + v * 60_000,
  createdBy: 'kt',
  restoredFrom: null,
  bytes: 8,
  delivery: 'notConfigured',
  deliveryCode: 'sftpNotConfigured',
});

const server = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/user/me')) {
    return jsonResponse(200, { id: 1, username: 'kt', name: 'KT', roles: [{ id: 1, name: 'ROLE_KT' }] });
  }
  if (url.endsWith('/it4u/getSitename/')) {
    return jsonResponse(200, [
      { id: 1, sitename: 'Hoa Mai', idname: 'hoamai01' },
      { id: 2, sitename: 'Quyền', idname: 'quyen01' },
    ]);
  }
  const m = /\/properties\/([^/]+)(\/versions(?:\/(\d+))?)?$/.exec(url);
  const files = m ? FILES[m[1] as string] : undefined;
  if (!m || !files) return jsonResponse(404, { code: 'notFound' });
  const numbers = Object.keys(files)
    .map(Number)
    .sort((a, b) => b - a);
  if (!m[2]) return jsonResponse(200, { data: files[numbers[0] as number] });
  if (!m[3]) return jsonResponse(200, numbers.map(version));
  const text = files[Number(m[3])];
  if (text === undefined) return jsonResponse(404, { code: 'cronjobNotFound', message: 'no such version' });
  return jsonResponse(200, { ...version(Number(m[3])), data: text });
});

/** Picks an option of an antd Select by its label (clicking the item antd shows, by its text). */
async function choose(label: string, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const matches = (text: string) => (typeof option === 'string' ? text === option : option.test(text));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter((el) =>
      matches(el.textContent ?? ''),
    );
    expect(found).toHaveLength(1);
    return found[0] as HTMLElement;
  });
  fireEvent.click(item);
}

const asked = () => server.mock.calls.map(([input]) => String(input));

describe('cronjob tab', () => {
  beforeEach(() => {
    server.mockClear();
    setAccessToken('token');
    vi.stubGlobal('fetch', server);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('compares the new site’s own versions after the site changes, not the numbers picked on the site before', async () => {
    renderWithProviders(<CronjobTab />, { route: '/config?site=hoamai01' });
    const compare = await screen.findByText('Compare');
    const card = compare.closest('.ant-card') as HTMLElement;
    // v4 → v5 by default; pick v3 as the start
    await waitFor(() => expect(within(card).getByText(/b=4/)).toBeTruthy());
    await choose('From version', /^v3 /);
    await waitFor(() => expect(within(card).getByText(/b=3/)).toBeTruthy());
    expect(asked().some((u) => u.endsWith('/properties/hoamai01/versions/3'))).toBe(true);

    await choose('Choose a site', 'Quyền (quyen01)');
    // Quyền's v1 → v2, never its "v3" (which it does not have)
    await waitFor(() => expect(screen.getByText(/q2=added/, { selector: '.cronjob-added' })).toBeTruthy());
    expect(asked().filter((u) => u.includes('/properties/quyen01/versions/'))).not.toContainEqual(
      expect.stringMatching(/\/versions\/[345]$/),
    );
    expect(asked().some((u) => u.endsWith('/properties/quyen01/versions/1'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
