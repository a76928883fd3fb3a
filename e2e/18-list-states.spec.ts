import type { Browser, Page } from '@playwright/test';
import { axe } from './support/axe.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * A list says what happened: with its list call failing (500), each register shows the failure with Retry in the
 * reader's language (never its empty text), and Retry brings it back. At 1440 px the voucher register's fixed Actions
 * column covers no other column.
 */

const LANGUAGES = [
  { code: 'en', profile: 'English', failed: 'The list could not be loaded.', retry: 'Retry', noData: 'No data' },
  { code: 'vi', profile: 'Vietnamese', failed: 'Không tải được danh sách.', retry: 'Thử lại', noData: 'Trống' },
] as const;
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Each screen, the list call its first tab makes, and a word of a row once it loads. */
const SCREENS = [
  { path: '/users', list: /\/api\/v1\/user\?/ },
  { path: '/channel', list: /\/api\/v1\/it4u\/channel\/detail\.all/ },
  { path: '/supplies', list: /\/api\/v1\/it4u\/reportSupplies/ },
] as const;

test.describe.configure({ timeout: 300_000 });

async function signedIn(
  browser: Browser,
  viewport: { width: number; height: number },
  lang: (typeof LANGUAGES)[number],
) {
  const page = await (await browser.newContext({ serviceWorkers: 'block', viewport })).newPage();
  await page.goto('/login');
  const res = await page.request.post('/api/v1/auth/signin', {
    data: { usernameOrEmail: 'admin', password: readState().adminNewPassword },
  });
  const tokens = await res.json();
  await page.request.put('/api/v1/user/update', {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    data: { language: lang.profile },
  });
  await page.evaluate(
    ([t, language]) => {
      localStorage.setItem('accessToken', t.accessToken);
      localStorage.setItem('refreshToken', t.refreshToken);
      localStorage.setItem('language', language);
    },
    [tokens, lang.code] as const,
  );
  return { page, token: tokens.accessToken as string };
}

async function failing(page: Page, list: RegExp) {
  await page.route(list, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', code: 'internal', message: 'boom' }),
    }),
  );
}

for (const size of WIDTHS) {
  for (const lang of LANGUAGES) {
    test(`a failing list says so with Retry and recovers, ${size.name}, ${lang.code}`, async ({ browser }) => {
      const { page, token } = await signedIn(browser, size, lang);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await failing(page, screen.list);
        await page.goto(screen.path);
        const alert = page.locator('.list-error').first();
        // the client asks three times before it gives up
        await expect(alert).toBeVisible({ timeout: 20_000 });
        await expect(alert).toContainText(lang.failed);
        await expect(page.getByText(lang.noData, { exact: true })).toHaveCount(0);
        const violations = await axe(page);
        for (const v of violations) problems.push(`${screen.path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`);
        await page.screenshot({
          path: `test-results/list-error-${screen.path.slice(1)}-${size.name}-${lang.code}.png`,
        });
        await page.unroute(screen.list);
        await alert.getByRole('button', { name: lang.retry }).click();
        await expect(page.locator('.list-error')).toHaveCount(0, { timeout: 15_000 });
      }
      await page.request.put('/api/v1/user/update', {
        headers: { authorization: `Bearer ${token}` },
        data: { language: 'English' },
      });
      await page.context().close();
      expect(problems).toEqual([]);
    });
  }
}

test('at 1440 px the voucher register fits: the fixed Actions column covers no Status', async ({ browser }) => {
  const { page } = await signedIn(browser, WIDTHS[0], LANGUAGES[1]);
  const voucher = (i: number) => ({
    id: `v${i}`,
    _id: `v${i}`,
    code: `1234${i}-6789${i}`,
    createTime: Date.UTC(2026, 0, 10, 8, i),
    duration: 1440,
    quota: i % 2 === 0 ? 1 : 0,
    used: 0,
    note: 'Phòng 101, tầng trệt khu A',
    up: 150_000,
    down: 150_000,
    byteQuota: 1024,
    status: i % 2 === 0 ? 'VALID_ONE' : 'VALID_MULTI',
  });
  // the register's page of vouchers, as the server pages them
  const items = [1, 2, 3].map(voucher);
  const page3 = { items, total: 3, siteTotal: 3, statuses: { VALID_ONE: 1, VALID_MULTI: 2 } };
  await page.route(/\/api\/v1\/it4u\/[^/]+\/voucher\/page(\?|$)/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(page3) })
      : route.continue(),
  );
  await page.goto('/voucher');
  const status = page
    .locator('.ant-table-tbody td')
    .filter({ hasText: /Hiệu lực/ })
    .first();
  await expect(status).toBeVisible({ timeout: 20_000 });
  const actions = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').last();
  const [s, a] = [await status.boundingBox(), await actions.boundingBox()];
  expect(s && a && s.x + s.width <= a.x + 1).toBe(true);
  // the table does not scroll sideways at all
  const sideways = await page
    .locator('.ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/voucher-1440-vi.png' });
  await page.request.put('/api/v1/user/update', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
    data: { language: 'English' },
  });
  await page.context().close();
});
