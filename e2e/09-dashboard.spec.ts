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
  await expect(page.getByRole('img', { name: /^(No segment|.+): \d+/ }).last()).toBeVisible();

  // the demo has access points down at every hour: the list links to their sites
  const listed = page.locator('li a[href^="/home?site="]').first();
  await expect(listed).toBeVisible();
  const href = (await listed.getAttribute('href')) ?? '';
  await listed.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('img', { name: 'Wifi clients and traffic over the chosen range' })).toBeVisible();
});
