import { hostIdOf, type Simulator, type SiteManager, startSimulator, startSiteManager } from '@it4u/unifi-sim';
import { adminToken } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { FOUR_LOOKS, openParameterTab } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

/**
 * A console behind NAT, reached through Ubiquiti's Site Manager: the administrator pastes the account's key, sees
 * the consoles it reaches (one connected, one not), adds the connected one and sees it signed in and read through
 * the cloud's connector; in both languages at 1440 px and at 390 px. On a console of its own: a configured
 * controller takes the demo's place, which the other specs count on.
 */
test.use({ consoleKind: 'cloud' });
test.describe.configure({ mode: 'serial' });

const START = Date.parse('2026-05-06T10:00:00+07:00');
const started = Date.now();
const clock = () => START + (Date.now() - started);

let sim: Simulator;
let cloud: SiteManager;

const headersOf = async (request: Parameters<typeof adminToken>[0]) => ({
  authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}`,
});

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, flavor: 'unifios', seed: 43, now: clock });
  cloud = await startSiteManager({
    consoles: [
      { id: hostIdOf('hcm'), name: 'Văn phòng HCM', url: sim.url, apiKey: sim.apiKey },
      { id: hostIdOf('hue'), name: 'Chi nhánh Huế', url: 'http://127.0.0.1:9', apiKey: 'x', connected: false },
    ],
  });
});

test.afterEach(async ({ request }) => {
  // the next test adds it again
  const headers = await headersOf(request);
  const list = await (await request.get('/api/v1/it4u/controllers', { headers })).json();
  for (const c of list.items) await request.delete(`/api/v1/it4u/controllers/${c.id}`, { headers });
});

test.afterAll(async () => {
  await cloud?.close();
  await sim?.close();
});

for (const size of FOUR_LOOKS) {
  test(`a console is added from Site Manager and read through its connector, ${size.name}`, async ({ page }) => {
    const vi = size.lang === 'vi';
    await openParameterTab(page, size);

    await page.getByRole('button', { name: vi ? 'Thêm từ Site Manager' : 'Add from Site Manager' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(vi ? 'Địa chỉ Site Manager' : 'Site Manager address').fill(cloud.url);
    const key = dialog.getByLabel(vi ? 'API key của Site Manager' : 'Site Manager API key');
    const find = dialog.getByRole('button', { name: vi ? 'Tìm bộ điều khiển' : 'Find consoles' });

    // a wrong key is said in the reader's language, and what was typed stays
    await key.fill('not-the-key');
    await find.click();
    await expect(dialog.getByRole('alert')).toContainText(
      vi ? 'Site Manager từ chối API key' : 'Site Manager refused the API key',
    );
    await expect(key).toHaveValue('not-the-key');

    await key.fill(cloud.apiKey);
    await find.click();
    const consoles = dialog.getByRole('region', {
      name: vi ? 'Các bộ điều khiển key này truy cập được' : 'Consoles this key reaches',
    });
    await expect(consoles.getByRole('checkbox')).toHaveCount(2);
    await expect(consoles).toContainText(vi ? 'Mất kết nối' : 'Not connected');
    await accessible(page, { fits: true });
    await consoles.getByRole('checkbox', { name: /Văn phòng HCM/ }).check();
    await dialog.getByRole('button', { name: vi ? 'Thêm 1 bộ điều khiển' : 'Add 1 console' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      vi ? 'Đã thêm: đăng nhập thành công.' : 'Added: signing in worked.',
    );
    await accessible(page, { fits: true });
    await dialog.getByRole('button', { name: vi ? 'Xong' : 'Done' }).click();

    // the console is a controller like the others, read through the connector
    await expect(page.getByText(cloud.connectorUrl(hostIdOf('hcm'))).first()).toBeVisible();
    await expect(page.getByText(vi ? 'Kết nối được' : 'Reachable', { exact: true }).first()).toBeVisible();
    await accessible(page, { fits: true });
  });
}
