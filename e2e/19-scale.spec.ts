import { type Simulator, startSimulator } from '@it4u/unifi-sim';
import type { Page } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { fitsScreen, LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * An operator's size: 2,000 sites on two controllers (a classic one with an account, a UniFi OS one with an API
 * key, whose sites are read through the official Network API). The overview counts them all and finds a site in its long lists without Vietnamese marks; the site select of
 * /home finds a site typed without marks; in English at 1440 px and in Vietnamese at 390 px, with nothing to scroll
 * sideways and nothing axe-core finds. The API-key console's vouchers are made and deleted through the official API.
 * On a console of its own: it keeps these sites afterwards.
 */
test.use({ consoleKind: 'scale' });

// the controllers' clocks run from a Wednesday morning in Vietnam, whatever the hour of the run
const START = Date.parse('2026-05-06T10:00:00+07:00');
const started = Date.now();
const clock = () => START + (Date.now() - started);
const API_KEY = 'e2e-api-key';

let north: Simulator;
let south: Simulator;
let ids: number[] = [];

/** The signed-in page's own token (another sign-in would end the page's session). */
const as = async (page: Page) => ({ authorization: `Bearer ${await new Shell(page).accessToken()}` });

test.beforeAll(async ({ request }) => {
  north = await startSimulator({ port: 0, flavor: 'classic', seed: 31, sites: 1000, now: clock });
  south = await startSimulator({ port: 0, flavor: 'unifios', seed: 32, sites: 1000, apiKey: API_KEY, now: clock });
  const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  const added = [
    await request.post('/api/v1/it4u/controllers', {
      headers,
      data: {
        name: 'Miền Bắc',
        url: north.url,
        signIn: 'account',
        username: north.username,
        password: north.password,
        verifyTls: true,
      },
    }),
    await request.post('/api/v1/it4u/controllers', {
      headers,
      data: { name: 'Miền Nam', url: south.url, flavor: 'unifios', signIn: 'apiKey', apiKey: API_KEY, verifyTls: true },
    }),
  ];
  for (const res of added) expect(res.status(), await res.text()).toBe(201);
  ids = await Promise.all(added.map(async (res) => (await res.json()).controller.id));
  const sync = await request.get('/api/v1/it4u/createSitesName', { headers });
  expect(sync.ok(), await sync.text()).toBe(true);
  expect((await sync.json()).total).toBe(2000);
  // the API-key console's sites came through the official API, 200 at a time, not the classic self/sites
  expect(south.callsFor('GET', '/integration/v1/sites')).toBeGreaterThanOrEqual(5);
  expect(south.callsFor('GET', '/api/self/sites')).toBe(0);
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  for (const id of ids) await request.delete(`/api/v1/it4u/controllers/${id}`, { headers });
  await north?.close();
  await south?.close();
});

for (const size of [
  { name: 'desktop, English', width: 1440, height: 900, lang: 'en' as const },
  { name: 'phone, Vietnamese', width: 390, height: 844, lang: 'vi' as const },
]) {
  test(`the overview and the site select at 2,000 sites, ${size.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    const vi = size.lang === 'vi';
    await page.setViewportSize({ width: size.width, height: size.height });
    await new LoginPage(page).signInAsAdmin();
    if (vi) await new Shell(page).chooseLanguage('Tiếng Việt');

    await page.goto('/dashboard');
    const pie = page.getByRole('img', {
      name: vi
        ? /^Bình thường: \d+, Cảnh báo: \d+, Lỗi: \d+, Không rõ: \d+$/
        : /^OK: \d+, Warning: \d+, Error: \d+, Unknown: \d+$/,
    });
    await expect(pie).toBeVisible({ timeout: 20_000 });
    const counts = ((await pie.getAttribute('aria-label')) ?? '').match(/\d+/g)?.map(Number) ?? [];
    const all = await page.request.get('/api/v1/it4u/getSitename/', { headers: await as(page) });
    expect(counts.reduce((a, b) => a + b, 0)).toBe((await all.json()).length);
    expect(counts[1]).toBeGreaterThan(10); // more sites in warning than one page of the list

    // the long list of sites in warning: ten at a time, and a site found by its name typed without marks
    const warnings = page.getByRole('list', { name: vi ? 'Site đang cảnh báo' : 'Sites in warning' });
    await expect(warnings.getByRole('listitem')).toHaveCount(10);
    const first = (await warnings.getByRole('link').first().textContent()) ?? '';
    const word = first.split(/\s+/).find((w) => /[À-ỹ]/.test(w) && w.length > 2) ?? first.split(/\s+/)[0] ?? '';
    const plain = word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    await page
      .getByRole('searchbox', { name: new RegExp(vi ? 'Tìm trong Site đang cảnh báo' : 'Search in Sites in warning') })
      .fill(plain);
    await expect(warnings.getByRole('link').filter({ hasText: word }).first()).toBeVisible();
    await fitsScreen(page);
    expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // the site select of /home: typed without marks, it finds the site; the choice is in the address
    await page.goto('/home');
    const select = page.getByRole('combobox', { name: vi ? 'Chọn site' : 'Choose a site' });
    await select.click();
    await select.fill(plain);
    // the second site found: the first may be the one shown already (the list's first), which changes nothing
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: word })
      .nth(1);
    await expect(option).toBeVisible();
    const name = ((await option.textContent()) ?? '').trim();
    await option.click();
    const idname = /\(([^)]+)\)$/.exec(name)?.[1] ?? name;
    await expect(page).toHaveURL(new RegExp(`/home\\?site=${idname}$`));
    await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(1);
    await fitsScreen(page);
    if (vi) await new Shell(page).chooseLanguage('English');
  });
}

test("the API-key console's vouchers go through the official API: made, listed and one deleted", async ({ page }) => {
  // a site of the API-key console, by its short name on it (the first is `default`, which the other one has too)
  const sites = await fetch(`${south.url}/proxy/network/integration/v1/sites?limit=2`, {
    headers: { 'x-api-key': API_KEY },
  });
  const idname = String(((await sites.json()) as { data: { internalReference: string }[] }).data[1]?.internalReference);
  await page.setViewportSize({ width: 1440, height: 900 });
  await new LoginPage(page).signInAsAdmin();
  await page.goto(`/voucher?site=${idname}`);
  await page.getByRole('button', { name: 'Create vouchers' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How many').fill('2');
  await dialog.getByLabel('Note').fill('E2E khóa API');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('2 vouchers created.')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'E2E khóa API' });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/\d{5}-\d{5}/);
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Voucher deleted.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  // made, listed and deleted through the official API; the classic hotspot command never sent
  expect(south.callsFor('POST', '/integration/v1/sites/{id}/hotspot/vouchers')).toBe(1);
  expect(south.callsFor('DELETE', '/integration/v1/sites/{id}/hotspot/vouchers/{id}')).toBe(1);
  expect(south.callsFor('GET', '/integration/v1/sites/{id}/hotspot/vouchers')).toBeGreaterThanOrEqual(1);
  expect(south.callsFor('POST', '/api/s/{site}/cmd/hotspot', idname)).toBe(0);
  expect(south.callsFor('GET', '/api/s/{site}/stat/voucher', idname)).toBe(0);
});
