import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { WirelessTab } from './WirelessTab.tsx';

/** The controller's answers: a site whose wifi groups are of the given kind. */
function controller(kind: 'wlangroup' | 'apgroup') {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/user/me')) {
      return jsonResponse(200, { id: 1, username: 'kt', name: 'KT', roles: [{ id: 1, name: 'ROLE_KT' }] });
    }
    if (url.endsWith('/it4u/getSitename/'))
      return jsonResponse(200, [{ id: 1, sitename: 'Hoa Mai', idname: 'hoamai1' }]);
    if (url.endsWith('/wlangroup')) return jsonResponse(200, [{ id: 'g1', name: 'All APs', kind }]);
    if (url.includes('/wlanconf/')) return jsonResponse(200, []);
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
  beforeEach(() => setTokens({ accessToken: 'token', refreshToken: 'refresh' }));
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
});
