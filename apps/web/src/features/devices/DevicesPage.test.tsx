import type { BlockedDevice, ConnectedDevice } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { DevicesPage } from './DevicesPage.tsx';

const phone: ConnectedDevice = {
  mac: 'aa:bb:cc:00:00:01',
  name: 'Lan-iPhone',
  essid: 'Cafe-Guest',
  ip: '10.0.0.21',
  apMac: 'f0:9f:c2:00:00:01',
  apName: 'AP Tầng 1',
  band: '5 GHz',
  download: 1.2 * 1024 * 1024,
  upload: 3.4 * 1024 ** 3,
  uptime: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5,
  isGuest: true,
};
const laptop: BlockedDevice = {
  mac: 'aa:bb:cc:00:00:09',
  name: 'Old-laptop',
  firstSeen: new Date(2026, 0, 2, 8, 5).getTime(),
  lastSeen: new Date(2026, 0, 3, 17, 45).getTime(),
};

/** The path and query of a call. */
const parse = (url: string) => {
  const u = new URL(url, 'http://console.test');
  return { path: u.pathname, query: Object.fromEntries(u.searchParams) };
};

describe('device page', () => {
  let blockedNow = false;
  /** how many devices the server says are connected (more than one page when large) */
  let connectedTotal = 1;
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const { path, query } = parse(url);
    if (path.endsWith('/it4u/getSitename/'))
      return jsonResponse(200, [{ id: 1, sitename: 'Head office', idname: 'default' }]);
    if (path.endsWith('/it4u/default/devices/page')) {
      if (blockedNow || query.q === 'nothing') return jsonResponse(200, { items: [], total: 0 });
      return jsonResponse(200, { items: [phone], total: connectedTotal });
    }
    if (path.endsWith('/it4u/default/block/info/page'))
      return jsonResponse(200, blockedNow ? { items: [laptop], total: 1 } : { items: [], total: 0 });
    if (path.endsWith('/it4u/default/block/device')) {
      blockedNow = true;
      return jsonResponse(200, { message: 'ok' });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
  const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => parse(url).path.endsWith(suffix));
  const lastQuery = (suffix: string) => parse(calls(suffix).at(-1)?.[0] ?? '').query;

  beforeEach(() => {
    blockedNow = false;
    connectedTotal = 1;
    fetchMock.mockClear();
    setAccessToken('token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for the first page of each list and shows it with readable figures', async () => {
    renderWithProviders(<DevicesPage />);
    expect(await screen.findByText('Lan-iPhone')).toBeTruthy();
    expect(screen.getByText('Cafe-Guest')).toBeTruthy();
    expect(screen.getByText('1.2 MB')).toBeTruthy();
    expect(screen.getByText('3.4 GB')).toBeTruthy();
    expect(screen.getByText('2d 03:04:05')).toBeTruthy();
    expect(screen.getByText('5 GHz')).toBeTruthy();
    expect(lastQuery('/devices/page')).toEqual({ page: '1', pageSize: '10', sort: 'name:asc' });
    expect(lastQuery('/block/info/page')).toEqual({ page: '1', pageSize: '10', sort: 'lastSeen:desc' });
    // the whole lists (the spec's routes) are never asked for
    expect(calls('/devices')).toHaveLength(0);
    expect(calls('/block/info')).toHaveLength(0);
    expect(await screen.findByText('No device is blocked on this site')).toBeTruthy();
  });

  it('sends the search once typing pauses, from page 1, and says when nothing matches', async () => {
    connectedTotal = 35;
    renderWithProviders(<DevicesPage />);
    await screen.findByText('Lan-iPhone');
    expect(screen.getByText('35 in total')).toBeTruthy();
    fireEvent.click(screen.getAllByTitle('3')[0] as HTMLElement);
    await waitFor(() => expect(lastQuery('/devices/page').page).toBe('3'));

    const box = screen.getByPlaceholderText('Search name, MAC, IP, access point, wifi');
    fireEvent.change(box, { target: { value: 'tầ' } });
    fireEvent.change(box, { target: { value: 'tầng 1' } });
    await waitFor(() => expect(lastQuery('/devices/page').q).toBe('tầng 1'));
    expect(lastQuery('/devices/page').page).toBe('1');
    // the half-typed word was never sent
    expect(calls('/devices/page').some(([url]) => parse(url).query.q === 'tầ')).toBe(false);

    fireEvent.change(box, { target: { value: 'nothing' } });
    expect(await screen.findByText('No device matches the search')).toBeTruthy();
  });

  it('sorts on the server by a header: ascending, then descending', async () => {
    renderWithProviders(<DevicesPage />);
    await screen.findByText('Lan-iPhone');
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('Download'));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(lastQuery('/devices/page').sort).toBe('download:asc'));
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(lastQuery('/devices/page').sort).toBe('download:desc'));
    expect(header?.getAttribute('aria-sort')).toBe('descending');
  });

  it('on a phone (390 px) shows cards, and sorts with a select', async () => {
    setViewportWidth(390);
    renderWithProviders(<DevicesPage />);
    expect(await screen.findByText('Lan-iPhone')).toBeTruthy();
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    const [connectedSort] = screen.getAllByRole('combobox', { name: 'Sort by' });
    fireEvent.mouseDown(connectedSort as HTMLElement);
    fireEvent.click(await screen.findByTitle('Download, descending'));
    await waitFor(() => expect(lastQuery('/devices/page').sort).toBe('download:desc'));
  });

  it('blocks a device, then fetches both pages again', async () => {
    renderWithProviders(<DevicesPage />);
    await screen.findByText('Lan-iPhone');
    expect(calls('/devices/page')).toHaveLength(1);
    expect(calls('/block/info/page')).toHaveLength(1);

    const row = screen.getByText('Lan-iPhone').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Block/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(calls('/block/device')).toHaveLength(1));
    const [, init] = calls('/block/device')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ mac: phone.mac, cmd: 'block-sta' });
    await waitFor(() => expect(calls('/devices/page')).toHaveLength(2));
    await waitFor(() => expect(calls('/block/info/page')).toHaveLength(2));
    expect(await screen.findByText("You're successfully blocked.")).toBeTruthy();
    expect(await screen.findByText('Old-laptop')).toBeTruthy();
    expect(screen.getByText('03-01-2026 17:45')).toBeTruthy();
    expect(screen.queryByText('Lan-iPhone')).toBeNull();
  });

  it('shows a controller failure with a Retry button', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const { path } = parse(url);
      if (path.endsWith('/it4u/getSitename/'))
        return jsonResponse(200, [{ id: 1, sitename: 'Head office', idname: 'default' }]);
      if (path.endsWith('/block/info/page')) return jsonResponse(200, { items: [], total: 0 });
      return jsonResponse(504, {
        statusCode: 504,
        error: 'Gateway Timeout',
        code: 'controllerTimeout',
        params: { seconds: 10 },
        message: 'The UniFi controller did not answer within 10 s.',
      });
    });
    renderWithProviders(<DevicesPage />);
    expect(await screen.findByText('The UniFi controller did not answer in time')).toBeTruthy();
    expect(screen.getByText('The UniFi controller did not answer within 10 s.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(calls('/devices/page')).toHaveLength(2));
  });
});
