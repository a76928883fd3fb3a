import type { BlockedDevice, ConnectedDevice } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
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

describe('device page', { timeout: 15_000 }, () => {
  let blockedNow = false;
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/it4u/getSitename/'))
      return jsonResponse(200, [{ id: 1, sitename: 'Head office', idname: 'default' }]);
    if (url.endsWith('/it4u/default/devices')) return jsonResponse(200, blockedNow ? [] : [phone]);
    if (url.endsWith('/it4u/default/block/info')) return jsonResponse(200, blockedNow ? [laptop] : []);
    if (url.endsWith('/it4u/default/block/device')) {
      blockedNow = true;
      return jsonResponse(200, { message: 'ok' });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
  const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => url.endsWith(suffix));

  beforeEach(() => {
    blockedNow = false;
    fetchMock.mockClear();
    setTokens({ accessToken: 'token', refreshToken: 'refresh' });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the connected devices of the first site with readable figures', async () => {
    renderWithProviders(<DevicesPage />);
    expect(await screen.findByText('Lan-iPhone')).toBeTruthy();
    expect(screen.getByText('Cafe-Guest')).toBeTruthy();
    expect(screen.getByText('1.2 MB')).toBeTruthy();
    expect(screen.getByText('3.4 GB')).toBeTruthy();
    expect(screen.getByText('2d 03:04:05')).toBeTruthy();
    expect(screen.getByText('5 GHz')).toBeTruthy();
  });

  it('blocks a device, then fetches both lists again', async () => {
    renderWithProviders(<DevicesPage />);
    await screen.findByText('Lan-iPhone');
    expect(calls('/devices')).toHaveLength(1);
    expect(calls('/block/info')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /Block/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(calls('/block/device')).toHaveLength(1));
    const [, init] = calls('/block/device')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ mac: phone.mac, cmd: 'block-sta' });
    await waitFor(() => expect(calls('/devices')).toHaveLength(2));
    await waitFor(() => expect(calls('/block/info')).toHaveLength(2));
    expect(await screen.findByText("You're successfully blocked.")).toBeTruthy();
    expect(await screen.findByText('Old-laptop')).toBeTruthy();
    expect(screen.getByText('03-01-2026 17:45')).toBeTruthy();
    expect(screen.queryByText('Lan-iPhone')).toBeNull();
  });

  it('shows a controller failure with a Retry button', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/it4u/getSitename/'))
        return jsonResponse(200, [{ id: 1, sitename: 'Head office', idname: 'default' }]);
      if (url.endsWith('/block/info')) return jsonResponse(200, []);
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
    await waitFor(() => expect(calls('/devices')).toHaveLength(2));
  });
});
