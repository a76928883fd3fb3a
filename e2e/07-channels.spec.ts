import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { LoginPage, pick, Shell, showColumns } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

// Names carry a suffix of this run, so that the spec may also run again against a database it has used.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const PROVIDER = `E2E Net ${RUN}`;
const PACK = `Fiber 100M ${RUN}`;
const CHANNEL = `Kênh E2E ${RUN}`;
const CONTRACT = `HD-CH-${RUN}`;
const IMPORTED = `Kênh nhập ${RUN}`;

const HEADERS = [
  'Số hợp đồng',
  'Tên kênh',
  'Khách hàng',
  'Nhà cung cấp',
  'Gói dịch vụ',
  'Trạng thái',
  'Trạng thái thiết bị',
  'Ngày yêu cầu triển khai',
];

function sheetFile(name: string, rows: unknown[][]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-')), name);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), 'Sheet1');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}

/** Today as DD-MM-YYYY, as the date pickers show it. */
function today(): string {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
}

const visible = (l: Locator) => l.filter({ visible: true });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Picks an option of the open antd select dropdown. */
async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Picks an option of a select found by its exact label in a scope, and waits for its list to close. */
async function choose(scope: Locator, label: string, option: string) {
  await pick(scope.getByLabel(label, { exact: true }), option);
  await expect(scope.page().locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function chooseSpreadsheet(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await visible(page.getByRole('button', { name: 'Choose a spreadsheet' })).click();
  await (await chooser).setFiles(file);
}

test('channels: provider and service pack, register a channel, edit its status, history, import', async ({
  page,
  request,
}) => {
  const { adminNewPassword } = readState();
  const token = await adminToken(request, adminNewPassword);
  const contract = await request.post('/api/v1/it4u/contracts', {
    headers: { authorization: `Bearer ${token}` },
    data: { numContract: CONTRACT, clientName: `Khách sạn Kênh ${RUN}`, street: '1 Lê Duẩn' },
  });
  expect(contract.status()).toBe(201);

  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('admin', adminNewPassword);
  await expect(page).toHaveURL(/\/home$/);
  await new Shell(page).chooseLanguage('English');
  await page.getByRole('navigation').getByText('Manage').click();
  await page.getByRole('navigation').getByText('Channels').click();
  await expect(page).toHaveURL(/\/channel$/);
  await expect(page.getByText('Transmission channels')).toBeVisible();

  // registration: a provider (a second one of the same name is refused under the field) and a service pack
  await openTab(page, 'Channel registration');
  await page.getByRole('button', { name: 'Add provider' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Provider name').fill(PROVIDER);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add provider' }).click();
  await dialog.getByLabel('Provider name').fill(PROVIDER);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('A provider with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Service packs' }).click();
  dialog = page.getByRole('dialog');
  await choose(dialog, 'Provider', PROVIDER);
  await dialog.getByLabel('Service pack', { exact: true }).fill(PACK);
  await dialog.getByLabel('Value', { exact: true }).fill('1.500.000');
  // what the provider promises for it: the providers' availability measures links against it
  await dialog.getByLabel('Contracted availability').fill('99.5');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  // the same dialog changes it: the pack picked shows its terms
  await page.getByRole('button', { name: 'Service packs' }).click();
  dialog = page.getByRole('dialog');
  await choose(dialog, 'Provider', PROVIDER);
  await choose(dialog, 'Pack', PACK);
  await expect(dialog.getByLabel('Contracted availability')).toHaveValue('99.5');
  await dialog.getByLabel('Contracted availability').fill('99.7');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // register a channel: it starts offline
  await page.getByRole('button', { name: 'Add channel' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Register a channel')).toBeVisible();
  await dialog.getByLabel('Channel name').fill(CHANNEL);
  await dialog.getByLabel('Customer').fill(`Khách sạn Kênh ${RUN}`);
  await choose(dialog, 'Provider', PROVIDER);
  await choose(dialog, 'Service pack', PACK);
  await expect(dialog.getByLabel('Status')).toBeAttached();
  await dialog.getByLabel('Virtual number').fill('02830001234');
  await dialog.getByLabel('PPPoE account').fill(`pppoe_${RUN}`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const registered = visible(page.getByRole('row').filter({ hasText: CHANNEL }));
  await expect(registered).toContainText(PROVIDER);
  await expect(registered).toContainText(PACK);
  await expect(registered).toContainText('Offline');

  // details: a new row needs its channel and status; then the detail of the channel with its contract
  await openTab(page, 'Channel details');
  await visible(page.getByRole('button', { name: 'Add row' })).click();
  const newRow = visible(page.locator('.ant-table-tbody tr.editing-row'));
  await newRow.getByRole('button', { name: 'Save' }).click();
  await expect(newRow.getByText('Please Input Channel!')).toBeVisible();
  await expect(newRow.getByText('Please Input Status!')).toBeVisible();
  await newRow.getByLabel('Channel', { exact: true }).click();
  await page.keyboard.type(RUN);
  await pickOption(page, CHANNEL);
  await newRow.getByLabel('Contract', { exact: true }).click();
  await page.keyboard.type(CONTRACT);
  await pickOption(page, CONTRACT);
  await newRow.getByLabel('IP address').fill('203.0.113.77');
  await newRow.getByLabel('Deploy request date').fill(today());
  await page.keyboard.press('Enter');
  await newRow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added successfully.').last()).toBeVisible();
  const detail = visible(
    page.locator('.ant-table-tbody tr.ant-table-row:not(.editing-row)').filter({ hasText: CHANNEL }),
  );
  await expect(detail).toContainText(CONTRACT);
  await showColumns(page, ['IP address', 'Deploy request date', 'Device status']);
  await expect(detail).toContainText('203.0.113.77');
  await expect(detail).toContainText(today());
  await expect(detail).toContainText('Offline');
  await expect(detail).toHaveClass(/\boffline\b/);

  // edit its status in the details tab: the other rows are locked meanwhile
  await detail.getByRole('button', { name: 'Edit' }).click();
  const editing = visible(page.locator('.ant-table-tbody tr.editing-row'));
  await expect(visible(page.getByRole('button', { name: 'Add row' }))).toBeDisabled();
  await editing.getByLabel('Status', { exact: true }).click();
  await pickOption(page, 'Online');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await expect(detail).toContainText('Online');
  await expect(detail).toHaveClass(/\bonline\b/);

  // the history shows the status change, old and new
  await detail.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByText(`Change history: ${CHANNEL}`)).toBeVisible();
  const statusChange = history.getByRole('row').filter({ hasText: 'Status' }).first();
  await expect(statusChange.getByRole('cell')).toHaveText(['Status', 'Offline', 'Online']);
  await expect(history.getByText('Changed').first()).toBeVisible();
  await expect(history.getByText('Created').first()).toBeVisible();
  await history.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // import: a sheet with one bad row is shown first, then refused whole with that row's error
  await openTab(page, 'Import data');
  await chooseSpreadsheet(
    page,
    sheetFile('kenh-loi.xlsx', [
      [CONTRACT, IMPORTED, 'Khách nhập', PROVIDER, PACK, 'online', 'Hoạt động', '05-01-2026'],
      [CONTRACT, `${IMPORTED} lỗi`, 'Khách nhập', 'Nhà mạng không có', PACK, 'online', '', '06-01-2026'],
    ]),
  );
  const preview = page.getByRole('table').filter({ hasText: 'Tên kênh' });
  await expect(
    preview
      .getByRole('row')
      .filter({ hasText: `${IMPORTED} lỗi` })
      .getByRole('cell')
      .first(),
  ).toHaveText('3');
  await page.getByRole('button', { name: 'Send 2 rows' }).click();
  const refused = page.getByRole('dialog').filter({ hasText: 'The upload was refused' });
  await expect(
    refused
      .getByRole('row')
      .filter({ hasText: /unknown provider/i })
      .getByRole('cell')
      .first(),
  ).toHaveText('3');
  await expect(refused.getByRole('row')).toHaveCount(2);
  const closeButtons = refused.getByRole('button', { name: 'Close' });
  await closeButtons.last().click();
  await expect(refused).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send 2 rows' })).toBeVisible();

  // a good sheet is saved and its channel shows in the details
  await chooseSpreadsheet(
    page,
    sheetFile('kenh.xlsx', [[CONTRACT, IMPORTED, 'Khách nhập', PROVIDER, PACK, 'online', 'Hoạt động', '05-01-2026']]),
  );
  await page.getByRole('button', { name: 'Send 1 row' }).click();
  await expect(page.getByText('Import successful: 1 row saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send 1 row' })).toBeHidden();
  await openTab(page, 'Channel details');
  await visible(page.getByRole('searchbox', { name: 'Search', exact: true })).fill(IMPORTED);
  await page.keyboard.press('Enter');
  const imported = visible(page.getByRole('row').filter({ hasText: IMPORTED }));
  await expect(imported).toContainText(CONTRACT);
  await expect(imported).toContainText('Active');
  await expect(imported).toContainText('05-01-2026');
});
