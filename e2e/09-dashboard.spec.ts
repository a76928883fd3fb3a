import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminToken, createUser } from './support/api.ts';
import { fitsScreen, LoginPage } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/** The words of the dashboard in one language, from the web app's own texts; `{{x}}` becomes a pattern. */
function words(lang: 'en' | 'vi') {
  const texts = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/i18n/${lang}.json`), 'utf8'),
  );
  const d = texts.dashboard;
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (template: string) => new RegExp(`^${literal(template).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);
  return {
    history: d.history.chartLabel as string,
    range: d.history.range as string,
    month: d.presets.month as string,
    intervals: [d.intervals.hourly, d.intervals.daily, d.intervals['5minutes']] as string[],
    clients: new RegExp(`^${literal(d.clients)}`),
    ap: pattern(d.ap.chartLabel),
    hotspot: pattern(d.hotspot.guestsLabel),
    monitor: d.bandwidth.monitorLabel as string,
    now: pattern(d.now.title_other),
    asOf: pattern(d.asOf),
    pdf: d.pdf.button as string,
  };
}

/**
 * The home dashboard of the demo controller's first site (its clock stands at 03:00 in Vietnam), in English at
 * 1440 px and in Vietnamese at 390 px: every panel draws, the intervals and the range switch, nothing needs sideways
 * scrolling, and the PDF is A4 pages.
 */
for (const size of [
  { name: 'desktop, English', width: 1440, height: 900, lang: 'en' as const },
  { name: 'phone, Vietnamese', width: 390, height: 844, lang: 'vi' as const },
]) {
  test(`the home dashboard draws its panels, switches interval and range, and exports a PDF, ${size.name}`, async ({
    browser,
    request,
  }) => {
    const w = words(size.lang);
    const username = `dash_${size.lang}`;
    const token = await adminToken(request, readState().adminNewPassword);
    await createUser(request, token, {
      username,
      password: 'Dash-pass-2026',
      roles: ['ROLE_KT'],
      language: size.lang === 'vi' ? 'Vietnamese' : 'English',
    });
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(username, 'Dash-pass-2026');
    await expect(page).toHaveURL(/\/home$/);

    const history = page.getByRole('img', { name: w.history });
    await expect(history).toBeVisible();
    await expect(history.locator('svg')).toBeVisible();
    const clients = page.getByRole('row', { name: w.clients });
    await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);

    for (const interval of w.intervals) {
      await page.getByText(interval, { exact: true }).click();
      await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
    }

    await expect(page.getByRole('img', { name: w.ap })).toBeVisible();
    await expect(page.getByRole('img', { name: w.hotspot })).toBeVisible();
    await expect(page.getByRole('img', { name: w.monitor })).toBeVisible();
    await expect(page.getByText(w.now)).toBeVisible();
    await expect(page.getByText(w.asOf).first()).toBeVisible();
    await fitsScreen(page);

    // a range of this month through the picker's preset
    await page.getByRole('textbox', { name: w.range }).first().click();
    await page.locator('.ant-picker-presets').getByText(w.month, { exact: true }).click();
    await expect(clients.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);

    // the PDF: A4 pages, more than one
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: w.pdf }).click();
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
  await new LoginPage(page).signInAsAdmin();
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
