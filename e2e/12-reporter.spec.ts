import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { adminToken } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { LoginPage, openDialog, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

// the tests follow each other: a later one reads what an earlier one made
test.describe.configure({ mode: 'serial' });

const DEVICE_TOKEN = 'e2e-router-token-2026';

/** Once the clock has moved on from now by a millisecond at least (a turn of the event loop at a time). */
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setImmediate(resolve));
}

/** The colour of a down stretch in a timeline (LinkTimeline's STATE_COLOURS.down). */
const DOWN_COLOUR = 'rgb(207, 19, 34)';

/**
 * Two customer sites' routers push their WAN links as a router script would (JSON with the device token); the report
 * shows one up and one down, filters by service, and the view shows the down link's card and timeline, with a link
 * that dropped and came back; a site that stopped pushing (the demo's) is grey and says it is not updating; in
 * English and in Vietnamese.
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
  // no token and a bad body: 401 all the same, nothing said of the body
  const bad = await request.post('/api/v1/it4u/customer_info', { data: { sitename: '', wan1Status: 7 } });
  expect(bad.status()).toBe(401);
  expect((await bad.json()).details).toBeUndefined();
  // the store's second link drops and comes back: a short down stretch in its history. Each push after the clock's
  // next millisecond (the console stamps a push before it answers, on this machine's clock): a stretch of no time
  // would count no outage
  await nextMillisecond();
  expect(await (await push({ ...store2, wan2Status: 0 })).json()).toMatchObject({ changes: 1 });
  await nextMillisecond();
  expect(await (await push(store2)).json()).toMatchObject({ changes: 1 });

  // the report's copy is made anew every 15 s: wait until it holds both sites; a site of the demo's routers has
  // stopped pushing (stale)
  const report = async () =>
    (
      await request.get('/api/v1/it4u/customer_info', { headers: { authorization: `Bearer ${token}` } })
    ).json() as Promise<{ sitename: string; stale: boolean; lastPush: number | null }[]>;
  await expect
    .poll(async () => (await report()).filter((r) => r.sitename.startsWith('E2E ')).length, { timeout: 40_000 })
    .toBe(2);
  const quiet = (await report()).find((r) => r.stale && r.lastPush !== null && !r.sitename.startsWith('E2E '));
  expect(quiet, 'a demo site that stopped pushing').toBeDefined();
  const quietName = quiet?.sitename ?? '';
  const quietRow = new RegExp(quietName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

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

  // the site that stopped pushing: grey, and it says so (its links unknown, not down)
  const search = page.getByRole('searchbox', { name: 'Search the report' });
  await search.fill(quietName);
  const stale = table.getByRole('row', { name: quietRow });
  await expect(stale).toContainText('Not updating');
  await expect(stale).not.toContainText('Down');
  await expect(stale).toHaveClass(/customer-stale/);
  await expect(stale.locator('td').first()).toHaveCSS('background-color', 'rgb(245, 245, 245)');
  await search.fill('e2e');

  // the service filter
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'E2E Leased' }).click();
  await expect(cafe).toBeHidden();
  await expect(store).toBeVisible();

  // the view: a card per link, the down one with its timeline
  await store.getByRole('button', { name: 'View E2E Kho Hàng' }).click();
  let dialog = await openDialog(page);
  await expect(dialog.getByText('WAN 1 · Viettel')).toBeVisible();
  // down since its first push (moments ago); nothing known before
  await expect(
    dialog.getByRole('img', {
      name: /^WAN 1 over 24 hours: up 0 h, down (less than a minute|\d+ min), unknown 24 h$/,
    }),
  ).toBeVisible();
  // the second link: up, a drop, up again; the drop drawn in red
  const wan2 = dialog.getByRole('img', {
    name: /^WAN 2 over 24 hours: up (less than a minute|\d+ min), down (less than a minute|\d+ min), unknown 24 h$/,
  });
  await expect(wan2).toBeVisible();
  const colours = await wan2
    .locator(':scope > div')
    .evaluateAll((parts) => parts.map((p) => getComputedStyle(p).backgroundColor));
  expect(colours.filter((c) => c === DOWN_COLOUR)).toHaveLength(1);
  expect(colours.at(-1)).not.toBe(DOWN_COLOUR);
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
  await expect(
    dialog.getByRole('img', {
      name: /^WAN 2 trong 24 giờ: hoạt động (dưới 1 phút|\d+ phút), mất kết nối (dưới 1 phút|\d+ phút), không rõ 24 giờ$/,
    }),
  ).toBeVisible();
  await accessible(page);
  await page.keyboard.press('Escape');
  // every service again, and the site that stopped pushing
  await page.getByRole('combobox', { name: 'Dịch vụ' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Tất cả dịch vụ' })
    .click();
  await page.getByRole('searchbox', { name: 'Tìm trong báo cáo' }).fill(quietName);
  const grey = page.getByRole('table', { name: 'Các site khách hàng' }).getByRole('row', { name: quietRow });
  await expect(grey).toContainText('Không cập nhật');
  await expect(grey).toHaveClass(/customer-stale/);
  await new Shell(page).chooseLanguage('English');
});

/**
 * The providers' availability this month, measured from the pushes of the test above: the store's Viettel link down
 * since its first push, its FPT link down once and back; in English at 1440 px from the menu, in Vietnamese at 390 px.
 */
test("providers' availability: the links pushed above, measured per provider and per link, EN and VI, phone", async ({
  page,
}) => {
  await new LoginPage(page).signInAsAdmin();
  await page.getByRole('navigation').getByRole('menuitem', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/\/availability$/);
  const providers = page.getByRole('table', { name: 'Providers' });
  await expect(providers.getByRole('row', { name: /^FPT/ })).toBeVisible();
  await expect(providers.getByRole('row', { name: /^Viettel/ })).toBeVisible();
  await page.getByRole('tab', { name: 'WAN links' }).click();
  const links = page.getByRole('table', { name: 'WAN links' });
  // the store's first link: down since it was first pushed (no time up at all), no outage over yet counted apart
  await expect(links.getByRole('row', { name: /E2E Kho Hàng WAN 1 Viettel .* 0 %/ })).toBeVisible();
  // its second link dropped once and came back: one outage
  const fpt = links.getByRole('row', { name: /E2E Kho Hàng WAN 2 FPT/ });
  await expect(fpt.getByRole('cell').nth(6)).toHaveText('1');
  await expect(page.getByRole('img', { name: /^Availability by provider in \d\d\/\d{4}: .*FPT/ })).toBeVisible();
  await accessible(page);
  // the export: a sheet per section, the figures as numbers
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const sheet = await download;
  expect(sheet.suggestedFilename()).toMatch(/^availability-\d{4}-\d{2}\.xlsx$/);
  const book = XLSX.read(readFileSync((await sheet.path()) ?? ''));
  expect(book.SheetNames).toEqual(['Providers', 'Service packs', 'Customers', 'WAN links']);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['WAN links'] as XLSX.WorkSheet, { header: 1 });
  const viettel = rows.find((r) => r[0] === 'E2E Kho Hàng' && r[1] === 'WAN 1');
  expect(viettel?.slice(2, 5)).toEqual(['Viettel', '', 0]);
  // the PDF, made by the server: a real PDF named for the month
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^availability-\d{4}-\d{2}\.pdf$/);
  expect(
    readFileSync((await pdf.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await new Shell(page).chooseLanguage('Tiếng Việt');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Mục' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Nhà cung cấp' })
    .click();
  await expect(page.getByText('Độ sẵn sàng của nhà cung cấp')).toBeVisible();
  await expect(page.getByText('FPT', { exact: true }).first()).toBeVisible();
  await accessible(page);
  // the monthly mail's settings, at phone width: the operator's addresses kept
  await page.getByRole('button', { name: 'Gửi thư hằng tháng' }).click();
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('switch', { name: 'Gửi hằng tháng' })).toBeVisible();
  await accessible(page);
  await dialog.getByRole('button', { name: /Hủy|Cancel/ }).click();
  await expect(dialog).toBeHidden();
  await new Shell(page).chooseLanguage('English');
});
