import type { Page } from '@playwright/test';
import { accessible } from './support/axe.ts';
import { LoginPage, Shell } from './support/pages.ts';
import { expect, test } from './support/test.ts';

const CASES = {
  en: ['Never seen online', 'Offline now', 'Online elsewhere', 'Recalled or broken, online', 'Online, never issued'],
  vi: [
    'Chưa từng trực tuyến',
    'Nay ngoại tuyến',
    'Trực tuyến ở nơi khác',
    'Thu hồi/hư hỏng vẫn trực tuyến',
    'Trực tuyến, chưa xuất kho',
  ],
} as const;

/** The rows of the case shown (its table is named after it); on a phone, its cards. */
const cardsOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true }).getByRole('listitem');

const rowsOf = (page: Page, name: string) =>
  page.getByRole('table', { name, exact: true }).locator('tbody tr.ant-table-row');

/**
 * The warehouse against the network (issue 29 §3): the demo's warehouse was made from the demo controller's access
 * points on the first start; read now, each of the four cases lists demo devices, each linking to the serial's
 * history, the site and the customers; in English at 1440 px and in Vietnamese at 390 px; axe finds nothing.
 */
test('reconciliation: every case lists demo devices, in both languages, at both widths', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await new LoginPage(page).signInAsAdmin();
  const shell = new Shell(page);
  await shell.menu().getByText('Manage').click();
  await shell.menu().getByText('Warehouse vs network').click();
  await expect(page).toHaveURL(/\/reconciliation$/);
  // read now (the console's own scan may have just read them: then it says to wait a moment, and the page shows it).
  // Reading every site's devices is the page's one long call (the button spins meanwhile): on a machine busy with
  // other tests it took more than the 10 s a screen's answer is given (CI), so its outcome is given a minute
  // once the page shows what it read (the line of the last scan), as a person would click
  await expect(page.getByTestId('last-scan')).toBeVisible();
  await page.getByRole('button', { name: 'Read the controllers now' }).click();
  // every notice seen meanwhile is kept, so that another outcome (a controller's error) is named if it comes
  const outcome = /^(Read \d+ sites; the cases are up to date\.|.*were read under a minute ago: wait a moment\.)$/;
  const said: string[] = [];
  await expect
    .poll(
      async () => {
        for (const text of await page.locator('.ant-notification-notice-title').allTextContents()) {
          if (!said.includes(text)) said.push(text);
        }
        return said.find((text) => outcome.test(text)) ?? `notices seen: ${said.join(' | ')}`;
      },
      { timeout: 60_000 },
    )
    .toMatch(outcome);
  await expect(page.getByTestId('last-scan')).toContainText('Last read of the controllers');

  for (const name of CASES.en) {
    await page.getByText(new RegExp(`^${name.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`)).click();
    await expect(rowsOf(page, name).first()).toBeVisible();
  }
  // the van's access point: issued 20 days ago, never seen
  await page.getByText(/^Never seen online \(\d+\)$/).click();
  await expect(rowsOf(page, 'Never seen online').filter({ hasText: 'VAN0000000001' })).toHaveCount(1);

  // online elsewhere: where it is, whose site, and the serial's history with where it was seen
  await page.getByText(/^Online elsewhere \(\d+\)$/).click();
  const row = rowsOf(page, 'Online elsewhere').first();
  await expect(row.getByRole('link')).toHaveCount(3);
  const site = ((await row.getByRole('link').nth(1).textContent()) ?? '').trim();
  await row.getByRole('button', { name: /^History of serial/ }).click();
  const dialog = page.getByRole('dialog');
  const seenAt = dialog.getByRole('table', { name: 'Seen online' }).getByRole('link', { name: site }).first();
  await expect(seenAt).toHaveAttribute('href', /^\/home\?site=/);
  await accessible(page, { idle: true });
  await page.keyboard.press('Escape');
  await accessible(page, { idle: true });

  // offline now: seen since it left, down for a week or more, with when it was last seen
  await page.getByText(/^Offline now \(\d+\)$/).click();
  const offline = rowsOf(page, 'Offline now').first();
  await expect(offline).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(page.getByRole('columnheader', { name: 'Last seen' })).toBeVisible();

  // a device never issued, marked as our own from its row: it leaves the case; undone from the notice, it is back
  await page.getByText(/^Online, never issued \(\d+\)$/).click();
  const unissued = rowsOf(page, 'Online, never issued');
  const device = ((await unissued.first().locator('td').first().textContent()) ?? '').trim();
  const before = await unissued.count();
  await unissued
    .first()
    .getByRole('button', { name: /^Settle / })
    .click();
  await page.getByRole('menuitem', { name: 'Mark as our own' }).click();
  const dialog2 = page.getByRole('dialog', { name: /^Mark .* as our own\?$/ });
  await dialog2.getByLabel('Note (optional)').fill('backhaul của công ty');
  await accessible(page, { idle: true });
  await dialog2.getByRole('button', { name: 'Confirm' }).click();
  const owned = page.locator('.ant-notification-notice').filter({ hasText: 'is marked as our own.' });
  await expect(owned).toBeVisible();
  await expect(unissued).toHaveCount(before - 1);
  await owned.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/is no longer marked as our own\.$/)).toBeVisible();
  await expect(unissued).toHaveCount(before);
  await expect(unissued.filter({ hasText: device })).toHaveCount(1);

  // in Vietnamese, at a phone's width: the cases are a select
  await shell.chooseLanguage('Tiếng Việt');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of CASES.vi) {
    await page.getByRole('combobox', { name: 'Trường hợp' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    await expect(cardsOf(page, name).first()).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await accessible(page, { idle: true });

  // on the phone, in Vietnamese: marked as our own from its card, undone from the list of our own devices
  const cards = cardsOf(page, 'Trực tuyến, chưa xuất kho');
  const shown = await cards.count();
  await cards
    .first()
    .getByRole('button', { name: /^Xử lý / })
    .click();
  await page.getByRole('menuitem', { name: 'Đánh dấu là của mình' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
  await expect(cards).toHaveCount(shown - 1);
  await page.getByRole('button', { name: 'Thiết bị của mình (1)' }).click();
  const list = page.getByRole('dialog', { name: 'Thiết bị đã đánh dấu là của mình' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await accessible(page, { idle: true });
  await list.getByRole('button', { name: /^Bỏ đánh dấu / }).click();
  await expect(list.getByText('Chưa thiết bị nào được đánh dấu là của mình.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cards).toHaveCount(shown);
  await shell.chooseLanguage('English');
});
