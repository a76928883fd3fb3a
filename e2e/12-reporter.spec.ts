import { expect, type Page, test } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { LoginPage, openDialog, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';

const DEVICE_TOKEN = 'e2e-router-token-2026';

async function accessible(page: Page) {
  await page.waitForTimeout(300); // antd's enter animations
  expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/**
 * Two customer sites' routers push their WAN links as a router script would (JSON with the device token); the report
 * shows one up and one down, filters by service, and the view shows the down link's card and timeline; in English and
 * in Vietnamese.
 */
test('customer report: two routers push, one site is up and one down, the service filter, the view with its timeline', async ({
  page,
  request,
}) => {
  const token = await adminToken(request, readState().adminNewPassword);
  const set = await request.put('/api/v1/it4u/systemConfig', {
    headers: { authorization: `Bearer ${token}` },
    data: { tokenUcrm: 'ucrm-e2e', tokenDev: DEVICE_TOKEN },
  });
  expect(set.ok(), await set.text()).toBe(true);
  const push = (data: Record<string, unknown>) =>
    request.post('/api/v1/it4u/customer_info', { headers: { authorization: `Bearer ${DEVICE_TOKEN}` }, data });
  const up = await push({
    sitename: 'E2E Quán Cà Phê',
    groupClient: 'E2E Fibre',
    wan1Provider: 'VNPT',
    wan1Ip: '14.160.10.1',
    wan1Status: 1,
    wan1Uptime: 93_784,
    uptimeLb: 200_000,
  });
  expect(up.status(), await up.text()).toBe(200);
  expect(await up.json()).toMatchObject({ known: false, changes: 1 });
  const store2 = {
    sitename: 'E2E Kho Hàng',
    groupClient: 'E2E Leased',
    wan1Provider: 'Viettel',
    wan1Ip: '27.72.10.2',
    wan1Status: 0,
    wan2Provider: 'FPT',
    wan2Ip: '42.112.10.3',
    wan2Status: 1,
  };
  expect(await (await push(store2)).json()).toMatchObject({ changes: 2 });
  // the same again: nothing changed, nothing added to the history
  expect(await (await push(store2)).json()).toMatchObject({ changes: 0 });
  expect((await request.post('/api/v1/it4u/customer_info', { data: { sitename: 'x' } })).status()).toBe(401);

  await new LoginPage(page).signInAsAdmin();
  await page.getByRole('navigation').getByRole('menuitem', { name: 'Report' }).click();
  await expect(page).toHaveURL(/\/reporter$/);
  await page.getByRole('searchbox', { name: 'Search the report' }).fill('e2e');
  const table = page.getByRole('table', { name: 'Customer sites' });
  const cafe = table.getByRole('row', { name: /E2E Quán Cà Phê/ });
  const store = table.getByRole('row', { name: /E2E Kho Hàng/ });
  await expect(cafe).toContainText('OK');
  await expect(cafe).toContainText('Not in the site names');
  await expect(cafe).toContainText('14.160.10.1');
  await expect(store).toContainText('Down');
  await expect(page.getByText('2 sites: 1 down, 0 not updating')).toBeVisible();

  // the service filter
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'E2E Leased' }).click();
  await expect(cafe).toBeHidden();
  await expect(store).toBeVisible();

  // the view: a card per link, the down one with its timeline
  await store.getByRole('button', { name: 'View E2E Kho Hàng' }).click();
  let dialog = await openDialog(page);
  await expect(dialog.getByText('WAN 1 · Viettel')).toBeVisible();
  await expect(
    dialog.getByRole('img', { name: /^WAN 1 over 24 hours: up 0 h, down 0 h, unknown 24 h$/ }),
  ).toBeVisible();
  await dialog.getByText('30 days').click();
  await expect(dialog.getByRole('img', { name: /^WAN 2 over 30 days:/ })).toBeVisible();
  await accessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // in Vietnamese
  await new Shell(page).chooseLanguage('Tiếng Việt');
  await expect(page.getByText('BÁO CÁO', { exact: true })).toBeVisible();
  const kho = page.getByRole('table', { name: 'Các site khách hàng' }).getByRole('row', { name: /E2E Kho Hàng/ });
  await expect(kho).toContainText('Sự cố');
  await kho.getByRole('button', { name: 'Xem E2E Kho Hàng' }).click();
  dialog = await openDialog(page);
  await expect(dialog.getByRole('img', { name: /^WAN 1 trong 24 giờ:/ })).toBeVisible();
  await expect(dialog.getByText('Mất kết nối', { exact: true }).first()).toBeVisible();
  await accessible(page);
  await page.keyboard.press('Escape');
  await new Shell(page).chooseLanguage('English');
});
