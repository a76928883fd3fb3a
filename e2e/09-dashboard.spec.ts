import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LoginPage } from './support/pages.ts';
import { readState } from './support/state.ts';

/**
 * The home dashboard of the demo controller's first site (its clock stands at 03:00 in Vietnam): every panel draws,
 * the intervals switch, and nothing needs sideways scrolling on a phone.
 */
for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the home dashboard draws its panels and switches interval, ${size.name}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin', readState().adminNewPassword);
    await expect(page).toHaveURL(/\/home$/);

    const history = page.getByRole('img', { name: 'Wifi clients and traffic over the chosen range' });
    await expect(history).toBeVisible();
    await expect(history.locator('svg')).toBeVisible();
    const clients = page.getByRole('row', { name: /^Clients/ });
    await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);

    for (const interval of ['Hourly', 'Daily', '5 minutes']) {
      await page.getByText(interval, { exact: true }).click();
      await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
    }

    await expect(page.getByRole('img', { name: /^Access points: \d+ connected, \d+ disconnected$/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Hotspot guests: \d+ new, \d+ returning$/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /in Mbps$/ })).toBeVisible();
    await expect(page.getByText(/clients? connected now$/)).toBeVisible();
    await expect(page.getByText(/^As of /).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    // a range of this month through the picker's preset
    await page.getByRole('textbox', { name: 'Date range' }).first().click();
    await page.locator('.ant-picker-presets').getByText('This month', { exact: true }).click();
    await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);

    // the PDF: A4 pages, more than one, each numbered
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^dashboard-[a-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    const text = readFileSync((await pdf.path()) ?? '').toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const pages = text.match(/\/Type \/Page\b(?!s)/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // A4 is 595.28 × 841.89 points
    const boxes = [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toHaveLength(pages.length);
    for (const [width, height] of boxes) {
      expect(width).toBeCloseTo(595.28, 1);
      expect(height).toBeCloseTo(841.89, 1);
    }
    await context.close();
  });
}

test('the overview counts the sites by the health of their wifi, and a listed site opens its dashboard', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', readState().adminNewPassword);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/dashboard');
  const pie = page.getByRole('img', { name: /^OK: \d+, Warning: \d+, Error: \d+, Unknown: \d+$/ });
  await expect(pie).toBeVisible();
  const counts = ((await pie.getAttribute('aria-label')) ?? '').match(/\d+/g)?.map(Number) ?? [];
  const sites = await page.request.get('/api/v1/it4u/getSitename/', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
  });
  expect(counts.reduce((a, b) => a + b, 0)).toBe((await sites.json()).length);
  // the demo has a site of each status
  for (const count of counts) expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: /^(No segment|.+): \d+/ }).last()).toBeVisible();

  // the demo has access points down at every hour: the list links to their sites
  const listed = page.locator('li a[href^="/home?site="]').first();
  await expect(listed).toBeVisible();
  const href = (await listed.getAttribute('href')) ?? '';
  await listed.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('img', { name: 'Wifi clients and traffic over the chosen range' })).toBeVisible();
});
