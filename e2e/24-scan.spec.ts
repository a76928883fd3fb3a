import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator } from '@playwright/test';
import config from './playwright.config.ts';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { labelVideo } from './support/label.ts';
import { LoginPage, pick, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

const SERIAL = `E2E-SCAN-${Date.now().toString(36).toUpperCase()}`;
const ITEM = 'E2E-SCAN-AP';
const visible = (l: Locator) => l.filter({ visible: true });

/**
 * In the field (issue 29 §1 and §2): at a phone's width, a technician adds a stock-out and reads its serial number
 * from a label with the camera (Chromium's fake camera plays a video of a Code 128 label; Chromium on Linux has no
 * barcode detector of its own, so the WebAssembly reader reads it). The network goes before Save: the stock-out is
 * kept on the phone, and a reload without a network opens the console from what its offline worker kept, with the
 * stock-out still waiting. The network returns: it is sent, and stored once, with that serial.
 */
test('a stock-out scanned from its label and saved without a network is stored once when it returns, at 390 px', async ({
  request,
  baseURL,
}) => {
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
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    await new LoginPage(page).signInAsAdmin();
    // the offline worker has kept the app; the stock-out section read through it is kept too
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/supplies');
    await page.getByRole('combobox', { name: 'Section', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Stock out' }).click();
    await expect(page).toHaveURL(/\/supplies/);
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

    // no network: Save keeps it on the phone
    await context.setOffline(true);
    await visible(page.getByRole('button', { name: 'Save' })).click();
    await expect(page.getByText('No network: the stock-out is kept on this phone')).toBeVisible();
    const kept = page.getByRole('region', { name: '1 stock-out kept on this phone' });
    await expect(kept).toContainText(SERIAL);
    await expect(kept).toContainText('Waiting to be sent');

    // a reload without a network: the console opens from what the offline worker kept, the stock-out still waits
    await page.goto('/supplies?tab=stockOut');
    await expect(page.getByText('No network.', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/The lists shown were kept on this phone at/)).toBeVisible();
    await expect(kept).toContainText(SERIAL);
    expect((await axe(page)).map((v) => v.id)).toEqual([]);

    // the network returns: it is sent once, and the list shows it stored
    await context.setOffline(false);
    await expect(page.getByText('1 stock-out kept on this phone was sent.')).toBeVisible({ timeout: 40_000 });
    await expect(kept).toBeHidden();

    // in Vietnamese, read again without a network: the console says so, and what it shows is marked as kept
    const shell = new Shell(page);
    await shell.chooseLanguage('Tiếng Việt');
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText(/^Không có mạng\. Danh sách đang hiển thị được lưu trên điện thoại này lúc/),
    ).toBeVisible();
    expect((await axe(page)).map((v) => v.id)).toEqual([]);
    await context.setOffline(false);
    await page.reload();
    await shell.chooseLanguage('English');
    await context.close();
  } finally {
    await browser.close();
  }

  const stored = await request.get('/api/v1/it4u/exportWarehouse', { headers, params: { q: SERIAL } });
  expect((await stored.json()).items.map((r: { serialNum: string }) => r.serialNum)).toEqual([SERIAL]);
});
