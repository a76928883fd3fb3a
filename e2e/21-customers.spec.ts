import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, createUser } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { LoginPage, openDialog, pick, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

const CUSTOMER = 'Khách sạn Hoa Mai';
const KH = { username: 'e2e.hoamai', password: 'Hoa-Mai-pass-2026' };

type Seeded = { id: number; other: number; site: string; channel: string; serial: string; number: string };

/**
 * Through the API, as an administrator: the demo customer's leased channel, a unit of equipment and a device row,
 * then a change of their contract (the timeline's newest entry of its kind).
 */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  const ok = async (res: Promise<import('@playwright/test').APIResponse>) => {
    const r = await res;
    expect(r.ok(), await r.text()).toBe(true);
    return r.json();
  };
  const found = await ok(request.get('/api/v1/it4u/customers', { headers, params: { q: CUSTOMER } }));
  const contract = found.items.find((c: { clientName: string }) => c.clientName === CUSTOMER);
  const others = await ok(request.get('/api/v1/it4u/customers', { headers, params: { q: 'Cafe Sài Gòn' } }));
  const stamp = Date.now().toString(36);
  const channel = `E2E Kênh ${stamp}`;
  const serial = `E2E-SN-${stamp}`;
  const attribute = await ok(request.post('/api/v1/it4u/channel/attribute', { headers, data: { name: channel } }));
  await ok(
    request.post('/api/v1/it4u/channel/detail', {
      headers,
      data: { channelAttributeId: attribute.id, contractId: contract.id, ipAddress: '10.20.30.40' },
    }),
  );
  await ok(
    request.post('/api/v1/it4u/listSupplies', {
      headers,
      data: { itemCode: `E2E-U6-${stamp}`, name: 'UniFi U6 LR', number: 0, value: 0 },
    }),
  );
  await ok(
    request.post('/api/v1/it4u/exportWarehouse', {
      headers,
      data: {
        exportDate: Date.now(),
        itemCode: `E2E-U6-${stamp}`,
        number: 1,
        value: 0,
        serialNum: serial,
        contractId: contract.id,
      },
    }),
  );
  await ok(
    request.post('/api/v1/it4u/clientDeviceInf', {
      headers,
      data: { contractId: contract.id, ipWan1: '14.160.99.1', ispWan1: 'VNPT', note: 'E2E router' },
    }),
  );
  const { id, sites, ...fields } = contract;
  await ok(
    request.put(`/api/v1/it4u/contracts/${id}`, {
      headers,
      data: {
        numContract: fields.numContract,
        clientName: fields.clientName,
        phone: '0903 246 810',
        sitename: sites.map((s: { idname: string }) => s.idname),
      },
    }),
  );
  return {
    id,
    other: others.items[0].id,
    site: sites[0].idname,
    channel,
    serial,
    number: fields.numContract as string,
  };
}

/** Every part of the page, by its heading. */
async function seesEachPart(page: Page, headings: string[]) {
  for (const name of headings) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/**
 * One customer, one page: opened from the customer report, and from the Customers list in Vietnamese at phone
 * width; each part shows what the registers hold of them, the timeline the change just made; a customer sees their
 * own page only.
 */
test.describe
  .serial("a customer's page", () => {
    let seeded: Seeded;

    test('opened from the customer report: each part and the change just made, in English at 1440 px', async ({
      page,
      request,
    }) => {
      seeded = await seed(request);
      await page.setViewportSize({ width: 1440, height: 900 });
      await new LoginPage(page).signInAsAdmin();
      await page.goto('/reporter');
      await page
        .getByRole('button', { name: `View ${CUSTOMER}` })
        .first()
        .click();
      const dialog = await openDialog(page);
      await dialog.getByRole('link', { name: CUSTOMER }).click();
      await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
      await expect(page.getByRole('heading', { name: CUSTOMER, level: 1 })).toBeVisible();
      await expect(page.getByText('0903 246 810')).toBeVisible();
      await seesEachPart(page, [
        'Sites and wifi now',
        'WAN links',
        'Leased channels',
        'Equipment installed',
        'Device information',
        'Terminal sessions',
        'Vouchers',
        'Timeline',
      ]);
      await expect(page.getByRole('table', { name: 'Leased channels' }).getByText(seeded.channel)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Equipment installed' }).getByText(seeded.serial)).toBeVisible();
      const devices = page.getByRole('table', { name: 'Device information' });
      await expect(devices.getByText(/WAN 1: 14\.160\.99\.1 \(VNPT\)/)).toBeVisible();
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(timeline.getByText('Contract changed').first()).toBeVisible();
      await expect(timeline.getByText(new RegExp(`UniFi U6 LR issued \\(serial ${seeded.serial}\\)`))).toBeVisible();
      // by kind: the contract's changes only
      await pick(page.getByRole('combobox', { name: 'Kinds of entries' }), 'Contract');
      await page.keyboard.press('Escape');
      await expect(timeline.getByText(/issued/)).toBeHidden();
      await expect(timeline.getByText('Contract changed').first()).toBeVisible();
      await accessible(page, { idle: true });
      // a part's register opens searched for this customer's contract: the stock-outs, the seeded one among them
      await page
        .locator('.customer-part')
        .filter({ has: page.getByRole('heading', { name: 'Equipment installed', level: 2 }) })
        .getByRole('link', { name: 'Open the register' })
        .click();
      await expect(page).toHaveURL(/\/supplies\?tab=stockOut&q=/);
      await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(seeded.number);
      // from the customer's earliest stock-out (the demo's, weeks ago) to today: the one just made among them
      await expect(page.getByRole('row').filter({ hasText: 'UniFi U6 LR' })).toHaveCount(1);
      await expect(page.getByRole('row').filter({ hasText: 'DEMO-' }).first()).toBeVisible();
    });

    test('opened from the customer report and from the Customers list in Vietnamese at 390 px', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await new LoginPage(page).signInAsAdmin();
      const shell = new Shell(page);
      await shell.chooseLanguage('Tiếng Việt');
      try {
        // from the report's card of the site, its view, the customer named there
        await page.goto('/reporter');
        await page
          .getByRole('button', { name: `Xem ${CUSTOMER}` })
          .first()
          .click();
        const dialog = await openDialog(page);
        await dialog.getByRole('link', { name: CUSTOMER }).click();
        await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
        await expect(page.getByRole('heading', { name: 'Thiết bị đã lắp', level: 2 })).toBeVisible();
        // from the list
        await page.goto('/customers');
        const search = page.getByRole('searchbox');
        await search.fill('Hoa Mai');
        await search.press('Enter');
        await page.getByRole('link', { name: CUSTOMER }).first().click();
        await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
        await seesEachPart(page, [
          'Site và wifi hiện tại',
          'Đường truyền WAN',
          'Kênh thuê',
          'Thiết bị đã lắp',
          'Dòng thời gian',
        ]);
        await expect(
          page.getByRole('list', { name: 'Dòng thời gian' }).getByText('Sửa hợp đồng').first(),
        ).toBeVisible();
        // nothing wider than the phone
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(390);
        await accessible(page, { idle: true });
      } finally {
        await shell.chooseLanguage('English');
      }
    });

    test('opened from the search box: Ctrl+K in English at 1440 px, the top bar in Vietnamese at 390 px', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await new LoginPage(page).signInAsAdmin();
      // by keyboard: no marks typed, the first customer found, Enter (once the shell, which listens, is there)
      await expect(page.getByRole('button', { name: 'Search the data' })).toBeVisible();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const box = dialog.getByRole('searchbox', { name: 'Search for' });
      await expect(box).toBeFocused();
      await box.fill('khach san hoa mai');
      await expect(dialog.getByRole('heading', { name: 'Customers' })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Sites', exact: true })).toBeVisible();
      await accessible(page, { idle: true });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
      // equipment by its serial opens its customer
      await page.keyboard.press('Control+k');
      await box.fill(seeded.serial);
      await dialog.getByRole('heading', { name: 'Equipment' }).waitFor();
      await dialog.getByRole('link', { name: new RegExp(seeded.serial) }).click();
      await expect(page.getByRole('heading', { name: CUSTOMER, level: 1 })).toBeVisible();

      await page.setViewportSize({ width: 390, height: 844 });
      const shell = new Shell(page);
      await shell.chooseLanguage('Tiếng Việt');
      try {
        await page.getByRole('button', { name: 'Tìm kiếm trong dữ liệu' }).click();
        const tim = page.getByRole('dialog', { name: 'Tìm kiếm' });
        await tim.getByRole('searchbox', { name: 'Tìm' }).fill('hoa mai');
        await expect(tim.getByRole('heading', { name: 'Khách hàng', exact: true })).toBeVisible();
        await accessible(page, { idle: true });
        await tim
          .getByRole('link', { name: new RegExp(CUSTOMER) })
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
        await expect(page.getByRole('heading', { name: 'Dòng thời gian', level: 2 })).toBeVisible();
      } finally {
        await shell.chooseLanguage('English');
      }
    });

    test('finds access points by their words in any order and lists all of a kind: English at 1440 px, Vietnamese at 390 px', async ({
      page,
      request,
    }) => {
      // the access points are known once the console's scan of the controllers has read them (it runs as it starts)
      const headers = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
      await expect
        .poll(
          async () => {
            const res = await request.get('/api/v1/it4u/search', { headers, params: { q: 'sanh ap', limit: 5 } });
            const groups: { kind: string; more: boolean }[] = (await res.json()).groups ?? [];
            return groups.find((g) => g.kind === 'networkDevices')?.more ?? false;
          },
          { message: 'the demo access points "AP Sảnh" found, more than five', timeout: 60_000 },
        )
        .toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      await new LoginPage(page).signInAsAdmin();
      await expect(page.getByRole('button', { name: 'Search the data' })).toBeVisible();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('searchbox', { name: 'Search for' }).fill('sanh ap');
      await expect(dialog.getByRole('heading', { name: 'Network devices' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: /^AP Sảnh/ })).toHaveCount(5);
      await dialog.getByRole('link', { name: 'See all Network devices' }).click();
      await expect(page).toHaveURL(/\/search\?q=sanh%20ap&kind=networkDevices$/);
      await expect(page.getByRole('heading', { name: 'Network devices matching “sanh ap”', level: 1 })).toBeVisible();
      const hits = page.getByRole('main').getByRole('link', { name: /^AP Sảnh/ });
      await expect.poll(() => hits.count()).toBeGreaterThan(5);
      await accessible(page, { idle: true, fits: true });
      await hits.first().click();
      await expect(page).toHaveURL(/\/home\?site=/);

      await page.setViewportSize({ width: 390, height: 844 });
      const shell = new Shell(page);
      await shell.chooseLanguage('Tiếng Việt');
      try {
        await page.goto('/search?q=ap%20sanh&kind=networkDevices');
        await expect(page.getByRole('heading', { name: 'Thiết bị mạng khớp với “ap sanh”', level: 1 })).toBeVisible();
        await expect.poll(() => hits.count()).toBeGreaterThan(5);
        await accessible(page, { idle: true, fits: true });
        await page.getByRole('link', { name: 'Mọi loại' }).click();
        await expect(page.getByRole('heading', { name: 'Kết quả tìm kiếm cho “ap sanh”', level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Xem tất cả Thiết bị mạng' })).toBeVisible();
        await accessible(page, { idle: true, fits: true });
      } finally {
        await shell.chooseLanguage('English');
      }
    });

    test('a customer sees only their own page', async ({ browser, request }) => {
      const token = await adminToken(request, readState().adminNewPassword);
      await createUser(request, token, { ...KH, roles: ['ROLE_KH'], type: 'Client', sitename: [seeded.site] });
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await new LoginPage(page).goto();
      await new LoginPage(page).signIn(KH.username, KH.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click();
      // their one contract: straight to its page
      await expect(page).toHaveURL(new RegExp(`/customers/${seeded.id}$`));
      await expect(page.getByRole('heading', { name: CUSTOMER, level: 1 })).toBeVisible();
      await seesEachPart(page, ['Sites and wifi now', 'Equipment installed', 'Vouchers', 'Timeline']);
      await expect(page.getByRole('heading', { name: 'Device information' })).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Leased channels' })).toBeHidden();
      await page.goto(`/customers/${seeded.other}`);
      await expect(page.getByText('This customer does not exist, or is not yours to see.')).toBeVisible();
      // the search box finds their own, and nothing of another customer's
      await expect(page.getByRole('button', { name: 'Search the data' })).toBeVisible();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('searchbox', { name: 'Search for' }).fill('Cafe Sài Gòn');
      await expect(dialog.getByText('Nothing found for “Cafe Sài Gòn”.')).toBeVisible();
      await dialog.getByRole('searchbox', { name: 'Search for' }).fill('hoa mai');
      await expect(dialog.getByRole('link', { name: new RegExp(CUSTOMER) }).first()).toBeVisible();
      await context.close();
    });
  });
