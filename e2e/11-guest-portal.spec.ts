import { adminToken } from './support/api.ts';
import { fitsScreen } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * The guest login page on a phone, as a hotel's guest sees it: Vietnamese first, a wrong voucher is said so, the
 * right one lets the phone in and sends it to the hotel's promotion; in English, too many wrong tries make the guest
 * wait. The page runs no script: the form posts as a plain form.
 */
test('guest login on a phone: wrong voucher, right voucher → the promotion; then too many wrong tries → wait', async ({
  browser,
  request,
  baseURL,
}) => {
  const token = await adminToken(request, readState().adminNewPassword);
  const headers = { authorization: `Bearer ${token}` };
  const sites: { sitename: string; idname: string }[] = await (
    await request.get('/api/v1/it4u/getSitename/', { headers })
  ).json();
  const hotel = sites.find((s) => s.sitename === 'Khách sạn Hoa Mai');
  if (!hotel) throw new Error('the demo hotel is missing');
  const promo = `${baseURL}/login?promo=hoamai`;
  const saved = await request.post(`/api/v1/it4u/${hotel.idname}/hotspot`, {
    headers,
    data: { enabled: true, portalName: 'Hoa Mai WiFi', auth: 'hotspot', promoUrl: promo },
  });
  expect(saved.ok()).toBe(true);
  const made = await request.post(`/api/v1/it4u/${hotel.idname}/createVoucher`, {
    headers,
    data: { n: 1, quota: 1, expire: 480, down: 4096, up: 1024, note: 'E2E khách' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const [voucher] = await made.json();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const arrive = (mac: string, lang = '') =>
    page.goto(`/guest/s/${hotel.idname}/?id=${mac}&ap=aa:bb:cc:00:00:01&url=http://neverssl.com/${lang}`);

  await arrive('02:e2:e2:00:00:01');
  await expect(page.getByRole('heading', { name: 'Chào mừng đến với Khách sạn Hoa Mai' })).toBeVisible();
  await page.getByLabel('Mã voucher').fill('11111-22222');
  await page.getByRole('button', { name: 'Kết nối' }).click();
  await expect(page.getByRole('alert')).toHaveText('Mã voucher không đúng. Vui lòng kiểm tra lại.');
  await page.getByLabel('Mã voucher').fill(voucher.code);
  await page.getByRole('button', { name: 'Kết nối' }).click();
  await page.waitForURL(/promo=hoamai/);

  // another guest, in English: after five wrong tries from this phone, the next one waits
  await arrive('02:e2:e2:00:00:02', '&lang=en');
  await expect(page.getByRole('heading', { name: 'Welcome to Khách sạn Hoa Mai' })).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Voucher code').fill(`9999${i}`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('alert')).toHaveText('This voucher code is not valid. Please check it.');
  }
  await page.getByLabel('Voucher code').fill(voucher.code);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many wrong tries. Please try again in 10 minutes.');
  await fitsScreen(page);
  // a third phone on the venue's wifi (the same address) is not held up by that one
  await arrive('02:e2:e2:00:00:03', '&lang=en');
  await page.getByLabel('Voucher code').fill('12345');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('This voucher code is not valid. Please check it.');
  await context.close();
});
