import { accessible } from './support/axe.ts';
import { fitsScreen, LoginPage, Shell } from './support/pages.ts';
import { expect, test } from './support/test.ts';

// An address of this run, so that the spec may also run again against a database it has used.
const RUN = Date.now() % 250;
const IP = `10.77.${RUN}.9`;

test('device information: add a row with a WAN password, refuse a bad address, reveal the password, EN and VI, phone', async ({
  page,
}) => {
  await new LoginPage(page).signInAsAdmin();
  await page.goto('/clientDeviceInf');
  await expect(page.getByRole('tab', { name: 'Device information', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('button', { name: 'Add row' }).click();
  await page.getByLabel('Site name', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByLabel('ISP WAN 1', { exact: true }).fill('VNPT');
  await page.getByLabel('Model WAN 1', { exact: true }).fill('Draytek 2927');
  await page.getByLabel('IP WAN 1', { exact: true }).fill('http://10.0.0.1');
  await page.getByLabel('Password WAN 1', { exact: true }).fill('e2e-Secret-1');
  await page.getByRole('button', { name: 'Save' }).click();
  // a bad address is said under its field, and nothing is sent
  await expect(page.getByText('Enter an IP address or a host name (no spaces, no http://).')).toBeVisible();
  await page.getByLabel('IP WAN 1', { exact: true }).fill(IP);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added successfully.')).toBeVisible();

  // the saved row lists its password as dots; the eye asks the server for it
  await page.getByPlaceholder('Search customer, site, IP, model…').fill(IP);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: IP });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('e2e-Secret-1');
  await expect(row.getByRole('img', { name: 'A password is stored' })).toBeVisible();
  await row.getByRole('button', { name: 'Show the password of WAN 1' }).click();
  await expect(row).toContainText('e2e-Secret-1');
  await row.getByRole('button', { name: 'Hide the password' }).click();
  await expect(row).not.toContainText('e2e-Secret-1');
  await accessible(page);

  // in Vietnamese
  await new Shell(page).chooseLanguage('Tiếng Việt');
  await expect(page.getByRole('columnheader', { name: 'Khách hàng' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thêm dòng' })).toBeVisible();
  await accessible(page);

  // on a phone the row is a card that fits the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Thêm dòng' })).toBeVisible();
  await fitsScreen(page);
  await accessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // delete it
  await row.getByRole('button', { name: 'Xóa' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Có' }).click();
  await expect(page.getByRole('row').filter({ hasText: IP })).toHaveCount(0);
  await new Shell(page).chooseLanguage('English');
});
