import type { Page } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { readLabels } from './support/label.ts';
import { LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

const RUN = Date.now().toString(36).toUpperCase();
const ITEM = `E2E-LBL-${RUN}`;
const SERIALS = [1, 2, 3].map((i) => `E2E-LBL-SN-${RUN}-${i}`);

/** Prints from the dialog: the print window's page, loaded. */
async function printed(page: Page, dialog: ReturnType<Page['getByRole']>, print: string) {
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: print, exact: true }).click();
  const sheet = await popup;
  await sheet.waitForLoadState('load');
  await expect(sheet.locator('.label').first()).toBeVisible({ timeout: 20_000 });
  return sheet;
}

/**
 * Printable labels (issue 29 §1): an item's label from the catalogue on a 50 × 30 mm thermal label as Code 128, in
 * English at 1440 px; the serial numbers of stock-in records on an A4 sheet as QR codes, in Vietnamese at 390 px. The
 * print window's picture is read back by a barcode reader: each label carries its code.
 */
test('labels: an item on a thermal label, serials on an A4 sheet, each read back from the printed page', async ({
  browser,
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  const item = await request.post('/api/v1/it4u/listSupplies', {
    headers,
    data: { itemCode: ITEM, name: 'Bộ phát wifi in nhãn', unit: 'Cái', number: 0, value: 0 },
  });
  expect(item.status()).toBe(201);
  for (const serialNum of SERIALS) {
    const made = await request.post('/api/v1/it4u/importWarehouse', {
      headers,
      data: { exportDate: Date.now(), itemCode: ITEM, number: 1, value: 0, serialNum, mac: '' },
    });
    expect(made.status()).toBe(201);
  }
  // pictures sharp enough for a reader, as a printer's would be
  const context = await browser.newContext({
    serviceWorkers: 'block',
    deviceScaleFactor: 3,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  try {
    await new LoginPage(page).signInAsAdmin();
    await page.goto('/supplies?tab=catalogue');
    await page.getByPlaceholder('Search by item code or name').fill(ITEM);
    await page.getByPlaceholder('Search by item code or name').press('Enter');
    await expect(page.getByText('Bộ phát wifi in nhãn')).toBeVisible();
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog).toContainText('1 label: the items shown on this page.');
    await dialog.getByRole('radio', { name: 'Thermal label, 50 × 30 mm' }).check();
    await dialog.getByRole('radio', { name: /^Code 128/ }).check();
    await accessible(page);
    const thermal = await printed(page, dialog, 'Print');
    await expect(thermal.locator('.label')).toHaveCount(1);
    await expect(thermal.locator('.label.bars')).toContainText(ITEM);
    await expect(thermal.locator('.label')).toContainText('Bộ phát wifi in nhãn');
    expect(await readLabels(await thermal.screenshot({ fullPage: true }))).toEqual([ITEM]);
    await thermal.close();

    // in Vietnamese on a phone: the serials of the stock-in records shown, on an A4 sheet of QR codes
    await page.setViewportSize({ width: 390, height: 844 });
    await new Shell(page).chooseLanguage('Tiếng Việt');
    await page.goto('/supplies?tab=stockIn');
    await page.getByPlaceholder('Tìm mã, tên, số serial, MAC, chứng từ…').fill(`E2E-LBL-SN-${RUN}`);
    await page.getByPlaceholder('Tìm mã, tên, số serial, MAC, chứng từ…').press('Enter');
    await expect(page.getByText(ITEM)).toHaveCount(3);
    await page.getByRole('button', { name: 'In nhãn' }).click();
    const hộp = page.getByRole('dialog', { name: 'In nhãn' });
    await expect(hộp).toContainText('3 nhãn: số serial của các phiếu đang hiển thị ở trang này.');
    await expect(hộp.getByRole('radio', { name: 'Tờ A4 24 nhãn (70 × 37 mm)' })).toBeChecked();
    await expect(hộp.getByRole('radio', { name: 'Mã QR', exact: true })).toBeChecked();
    await accessible(page);
    const a4 = await printed(page, hộp, 'In');
    await expect(a4.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(a4.locator('.sheet .label.qr')).toHaveCount(3);
    expect((await readLabels(await a4.screenshot({ fullPage: true }))).sort()).toEqual(SERIALS);
    await a4.close();
    await new Shell(page).chooseLanguage('English');
  } finally {
    await context.close();
  }
});
