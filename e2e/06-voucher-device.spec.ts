import { adminToken } from './support/api.ts';
import { choose, LoginPage } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

// npm start runs the demo controller (the simulator) when none is configured; these tests use it.
test.beforeAll(async ({ request }) => {
  const token = await adminToken(request, readState().adminNewPassword);
  const sync = await request.get('/api/v1/it4u/createSitesName', { headers: { authorization: `Bearer ${token}` } });
  expect(sync.status()).toBe(200);
});

test.beforeEach(async ({ page }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('admin', readState().adminNewPassword);
  await expect(page).toHaveURL(/\/home$/);
});

test('vouchers: create three, see them, print the sheet, delete one', async ({ page }) => {
  await page.goto('/voucher');
  await expect(page.getByText('Demo controller').first()).toBeVisible();
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How many').fill('3');
  await dialog.getByLabel('Uses per voucher').fill('1');
  // an option clicked while antd's list is still opening can be missed, the list left open over the form: then it is
  // closed (a click on the dialog's title, outside it) and the option chosen again, until the field shows it
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) > 0) await dialog.locator('.ant-modal-title').click();
    await choose(dialog, 'Valid for', '24 hours');
    await expect(dialog.locator(':text-is("24 hours"):visible').first()).toBeVisible({ timeout: 2_000 });
    await expect(list).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByLabel('Download', { exact: true })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Limited to' }).first().check();
  await expect(dialog.getByLabel('Download', { exact: true })).toHaveValue('150');
  await dialog.getByLabel('Note').fill('E2E phòng 101');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('3 vouchers created.')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'E2E phòng 101' });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('150');
  await expect(rows.first()).toContainText('1 day');
  await expect(rows.first()).toContainText(/\d{5}-\d{5}/);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Print 3 selected/ }).click();
  const sheet = await popup;
  await expect(sheet.locator('.card')).toHaveCount(3);
  await expect(sheet.locator('.card svg').first()).toBeVisible();
  await sheet.close();

  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Voucher deleted.')).toBeVisible();
  await expect(rows).toHaveCount(2);
});

test('devices: block a connected device, see it in the block list, unblock it', async ({ page }) => {
  await page.goto('/device');
  await expect(page.getByText('Equipment used')).toBeVisible();
  // the first connected device once the list has come (before that the table may show its empty row)
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Block', exact: true }) })
    .first();
  await expect(first).toBeVisible();
  const mac = /([0-9a-f]{2}:){5}[0-9a-f]{2}/.exec((await first.textContent()) ?? '')?.[0] ?? '';
  expect(mac).not.toBe('');
  await first.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText("You're successfully blocked.")).toBeVisible();
  const blocked = page
    .getByRole('row')
    .filter({ hasText: mac })
    .filter({ has: page.getByRole('button', { name: 'Unblock' }) });
  await expect(blocked).toHaveCount(1);
  await blocked.getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText("You're successfully unblocked.")).toBeVisible();
  await expect(blocked).toHaveCount(0);
});
