import type { Page } from '@playwright/test';
import { accessible } from './support/axe.ts';
import { LoginPage, Shell } from './support/pages.ts';
import { expect, test } from './support/test.ts';

const CASES = {
  en: ['Never seen online', 'Online elsewhere', 'Recalled or broken, online', 'Online, never issued'],
  vi: ['Chưa từng trực tuyến', 'Trực tuyến ở nơi khác', 'Thu hồi/hư hỏng vẫn trực tuyến', 'Trực tuyến, chưa xuất kho'],
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
  await shell.chooseLanguage('English');
});
