import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { LoginPage, Shell, showColumns } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

const ITEM = 'E2E-AP';
const SERIAL = 'E2E-SN-1';

/** Today as DD-MM-YYYY (UTC, as the server reads dates without a time). */
function today(): string {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

function stockInFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-')), 'nhap-kho.xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Ngày nhập', 'Chứng từ', 'Mã vật tư', 'Số lượng', 'Đơn giá', 'Số serial', 'MAC'],
    [today(), 'PN-E2E', ITEM, 5, 1200000, 'E2E-SN-IN', 'aa-bb-cc-00-11-22'],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}

const visible = (l: Locator) => l.filter({ visible: true });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

test('supplies: add an item, upload stock in, stock out to a contract, check the report and the serial history', async ({
  page,
  request,
}) => {
  const { adminNewPassword } = readState();
  const token = await adminToken(request, adminNewPassword);
  const contract = await request.post('/api/v1/it4u/contracts', {
    headers: { authorization: `Bearer ${token}` },
    data: { numContract: 'HD-E2E-1', clientName: 'Khách sạn E2E', street: '12 Hai Bà Trưng' },
  });
  expect(contract.status()).toBe(201);

  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('admin', adminNewPassword);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/supplies');

  // catalogue: add the item with an opening stock of 2
  await openTab(page, 'Catalogue');
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Item code' }).fill(ITEM);
  await dialog.getByLabel('Item name').fill('Bộ phát wifi E2E');
  await dialog.getByLabel('Unit').fill('Bộ');
  await dialog.getByLabel('Opening stock quantity').fill('2');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: ITEM, exact: true })).toBeVisible();

  // stock in: upload a spreadsheet of 5 units
  await openTab(page, 'Stock in');
  const chooser = page.waitForEvent('filechooser');
  await visible(page.getByRole('button', { name: 'Upload' })).click();
  await (await chooser).setFiles(stockInFile());
  await expect(page.getByText('Upload successful: 1 row saved')).toBeVisible();
  // the MAC is not among the columns shown by default: the chooser shows it
  await expect(visible(page.getByRole('cell', { name: 'AA:BB:CC:00:11:22' }))).toBeHidden();
  await showColumns(page, ['MAC']);
  await expect(visible(page.getByRole('cell', { name: 'AA:BB:CC:00:11:22' }))).toBeVisible();

  // stock out: one unit with the serial, to the contract
  await openTab(page, 'Stock out');
  await visible(page.getByRole('button', { name: 'Add row' })).click();
  await visible(page.getByRole('combobox', { name: 'Item code' })).click();
  await page.keyboard.type(ITEM);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: ITEM }).first().click();
  await visible(page.getByRole('textbox', { name: 'Serial number' })).fill(SERIAL);
  await visible(page.getByLabel('Customer name')).click();
  await page.keyboard.type('E2E');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'HD-E2E-1' }).click();
  await visible(page.getByRole('button', { name: 'Save' })).click();
  // a new row saved says "Added" (an edited one says "Saved")
  await expect(page.getByText('Added successfully.', { exact: true })).toBeVisible();
  await showColumns(page, ['Serial number']);
  await expect(visible(page.getByRole('cell', { name: SERIAL }))).toBeVisible();

  // a second stock-out of the same serial, through the API
  const again = await request.post('/api/v1/it4u/exportWarehouse', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      exportDate: Date.now(),
      itemCode: ITEM,
      number: 1,
      value: 0,
      serialNum: SERIAL,
      contractId: (await contract.json()).id,
    },
  });
  expect(again.status()).toBe(201);

  // the report (its default range ends now, so load it afresh): opening 2, in 5, out 2, closing 5; the first row
  // sums the columns
  await page.reload();
  await openTab(page, 'Report');
  const row = visible(page.getByRole('row').filter({ hasText: ITEM }));
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, ITEM, 'Bộ phát wifi E2E', 'Bộ', '2', '5', '2', '5', '']);
  // the total row sums every item's row (the demo's warehouse has items of its own)
  const total = visible(page.getByRole('row').filter({ hasText: 'Total' }));
  const itemRows = visible(page.locator('tbody tr.ant-table-row')).filter({ hasNotText: 'Total' });
  const number = (text: string) => Number(text.replace(/[^\d-]/g, '') || 0);
  for (const column of [4, 5, 6, 7]) {
    const cells = await itemRows.evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), column);
    const sum = cells.reduce((a, c) => a + number(c), 0);
    expect(number((await total.getByRole('cell').nth(column).textContent()) ?? '')).toBe(sum);
  }

  // the usage history of the serial lists both stock-outs
  await openTab(page, 'Stock out');
  await page.reload();
  await openTab(page, 'Stock out');
  await visible(page.getByRole('row').filter({ hasText: SERIAL }))
    .first()
    .getByRole('button', { name: 'History' })
    .click();
  const history = page.getByRole('dialog');
  await expect(history.getByText(`Usage history of serial ${SERIAL}`)).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'HD-E2E-1' })).toHaveCount(2);
  await page.keyboard.press('Escape');

  // the same report in Vietnamese
  const shell = new Shell(page);
  await shell.chooseLanguage('Tiếng Việt');
  await openTab(page, 'Báo Cáo');
  await expect(visible(page.getByRole('row').filter({ hasText: 'Tổng số' }))).toBeVisible();
  await expect(visible(page.getByRole('columnheader', { name: 'Tồn cuối kỳ' }))).toBeVisible();
  await shell.chooseLanguage('English');
});
