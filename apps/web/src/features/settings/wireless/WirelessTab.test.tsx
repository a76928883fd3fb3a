import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { WirelessTab } from './WirelessTab.tsx';

const LOBBY = {
  id: 'w1',
  name: 'HoaMai-Lobby',
  enabled: true,
  security: 'wpapsk',
  passphrase: '',
  isGuest: false,
  vlanEnabled: false,
  vlan: null,
  groupId: 'g1',
  scheduleEnabled: false,
  schedule: [],
};

/** The controller's answers: a site whose wifi groups are of the given kind, seen by a user of the given role. */
function controller(kind: 'wlangroup' | 'apgroup', role = 'ROLE_KT') {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/user/me')) {
      return jsonResponse(200, { id: 1, username: 'u', name: 'U', roles: [{ id: 1, name: role }] });
    }
    if (url.endsWith('/it4u/getSitename/'))
      return jsonResponse(200, [{ id: 1, sitename: 'Hoa Mai', idname: 'hoamai1' }]);
    if (url.endsWith('/wlangroup')) return jsonResponse(200, [{ id: 'g1', name: 'All APs', kind }]);
    if (url.includes('/wlanconf/')) return jsonResponse(200, [LOBBY]);
    if (url.endsWith('/hotspot')) {
      return jsonResponse(200, {
        enabled: false,
        portalName: '',
        auth: 'none',
        password: '',
        promoUrl: '',
        portalUrl: '',
        external: false,
      });
    }
    return jsonResponse(404, { code: 'notFound' });
  });
}

describe('wireless networks tab', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('says when the controller has AP groups (Network 6 and later), in both languages', async () => {
    vi.stubGlobal('fetch', controller('apgroup'));
    renderWithProviders(<WirelessTab />);
    expect(await screen.findByText(/This controller \(Network 6 or later\) has AP groups/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'AP group' })).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/Bộ điều khiển này \(Network 6 trở lên\) dùng nhóm AP/)).toBeTruthy();
  });

  it('says nothing of AP groups on a controller with wlan groups', async () => {
    vi.stubGlobal('fetch', controller('wlangroup'));
    renderWithProviders(<WirelessTab />);
    expect(await screen.findByRole('combobox', { name: 'Wifi group' })).toBeTruthy();
    expect(await screen.findByText('All APs')).toBeTruthy();
    expect(screen.queryByText(/AP groups/)).toBeNull();
  });

  it.each([
    ['ROLE_KT', true],
    ['ROLE_CSKH', false],
    ['ROLE_KH', false],
  ] as const)('shows the add, create, edit and Save controls to %s: %s', async (role, writes) => {
    vi.stubGlobal('fetch', controller('wlangroup', role));
    renderWithProviders(<WirelessTab />);
    // every role reads the site's networks
    expect(await screen.findByText('HoaMai-Lobby')).toBeTruthy();
    const shown = (name: string) => screen.queryByRole('button', { name }) !== null;
    expect(shown('Add site')).toBe(writes);
    expect(shown('Add group')).toBe(writes);
    expect(shown('Create wireless network')).toBe(writes);
    expect(shown('Edit HoaMai-Lobby')).toBe(writes);
    expect(shown('Save')).toBe(writes);
    const hotspot = await screen.findByRole('switch', { name: 'Wifi marketing (hotspot)' });
    await waitFor(() => expect(hotspot.hasAttribute('disabled')).toBe(!writes));
  });
});
