import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { UploadTab } from './UploadTab.tsx';

const answers = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/user/me')) {
    return jsonResponse(200, { id: 1, username: 'kt', name: 'KT', roles: [{ id: 1, name: 'ROLE_KT' }] });
  }
  if (url.endsWith('/it4u/getSitename/')) return jsonResponse(200, [{ id: 1, sitename: 'Hoa Mai', idname: 'hoamai1' }]);
  if (url.endsWith('/splash')) {
    return jsonResponse(200, { desktop: { url: '/images/hoamai1/desktop/1.png', width: 1440, height: 900 } });
  }
  return jsonResponse(404, { code: 'notFound' });
});

describe('the Upload tab preview', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal('fetch', answers);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("frames the site's guest login page itself, at a desktop's and a phone's shape, where nothing can be sent", async () => {
    renderWithProviders(<UploadTab />);
    const desktop = (await screen.findByTitle('The guest login page of Hoa Mai on a desktop')) as HTMLIFrameElement;
    expect(desktop.tagName).toBe('IFRAME');
    expect(desktop.getAttribute('src')).toBe('/guest/s/hoamai1/?preview=1&lang=en');
    // sandboxed: no form is sent, no script runs, the console's tab is not navigated
    expect(desktop.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(desktop.style.width).toBe('1440px');
    expect(desktop.style.height).toBe('900px');
    // no mock-up picture of it any more
    expect(screen.queryByRole('img', { name: /guest login page/ })).toBeNull();

    fireEvent.click(screen.getByText('Phone'));
    const phone = await screen.findByTitle('The guest login page of Hoa Mai on a phone');
    expect(phone.style.width).toBe('360px');
    expect(phone.style.height).toBe('640px');
    expect(phone.getAttribute('sandbox')).toBe('allow-same-origin');

    // in the viewer's language
    await i18n.changeLanguage('vi');
    const vietnamese = await screen.findByTitle('Trang đăng nhập của khách tại Hoa Mai trên điện thoại');
    expect(vietnamese.getAttribute('src')).toBe('/guest/s/hoamai1/?preview=1&lang=vi');
  });
});
