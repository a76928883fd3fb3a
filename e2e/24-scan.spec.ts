import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Locator, test } from '@playwright/test';
import config from './playwright.config.ts';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { labelVideo } from './support/label.ts';
import { LoginPage, pick } from './support/pages.ts';
import { readState } from './support/state.ts';

const SERIAL = `E2E-SCAN-${Date.now().toString(36).toUpperCase()}`;
const ITEM = 'E2E-SCAN-AP';
const visible = (l: Locator) => l.filter({ visible: true });

/**
 * Scan instead of type (issue 29 §1): at a phone's width, a technician adds a stock-out and reads its serial number
 * from a label with the camera (Chromium's fake camera plays a video of a Code 128 label; Chromium on Linux has no
 * barcode detector of its own, so the WebAssembly reader reads it). The record is stored once, with that serial.
 */
test('a stock-out whose serial is read from its label through the camera, at 390 px', async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  const item = await request.post('/api/v1/it4u/listSupplies', {
    headers,
    data: { itemCode: ITEM, name: 'Bộ phát wifi quét nhãn', number: 5, value: 0 },
  });
  expect([201, 409]).toContain(item.status());

  const video = await labelVideo(SERIAL, mkdtempSync(path.join(tmpdir(), 'e2e-label-')));
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: config.use?.baseURL, viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    await new LoginPage(page).signInAsAdmin();
    await page.goto('/supplies');
    await page.getByRole('combobox', { name: 'Section', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Stock out' }).click();
    await visible(page.getByRole('button', { name: 'Add row' })).click();

    // the item code from the catalogue, the serial from its label
    await pick(visible(page.getByRole('combobox', { name: 'Item code' })), ITEM);
    // the item chosen shows its name
    await expect(page.getByRole('listitem').filter({ hasText: 'Editing' })).toContainText('Bộ phát wifi quét nhãn');
    await visible(page.getByRole('button', { name: 'Scan: Serial number' })).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a label' });
    await expect(dialog).toBeVisible();
    expect((await axe(page)).map((v) => v.id)).toEqual([]);
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(visible(page.getByRole('textbox', { name: 'Serial number' }))).toHaveValue(SERIAL);
    await visible(page.getByRole('button', { name: 'Save' })).click();
    await expect(page.getByText('Added successfully.', { exact: true })).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }

  const stored = await request.get('/api/v1/it4u/exportWarehouse', { headers, params: { q: SERIAL } });
  expect((await stored.json()).items.map((r: { serialNum: string }) => r.serialNum)).toEqual([SERIAL]);
});
