import type { Browser, Page } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { quiet, watchRequests } from './support/pages.ts';
import { readState } from './support/state.ts';
import { seedHostApprovals } from './support/terminal.ts';
import { expect, test } from './support/test.ts';

/**
 * Every screen and tab, signed in and signed out, in both languages at 1440 and 390 px: axe-core (WCAG 2.1 AA)
 * finds nothing, and the page never scrolls sideways. On a phone the open menu is checked too.
 */

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = [
  { code: 'en', profile: 'English', section: 'Section', menu: 'Users' },
  { code: 'vi', profile: 'Vietnamese', section: 'Mục', menu: 'Người dùng' },
] as const;

/** The signed-in screens; a screen with tabs is checked on each of them. */
const SCREENS = [
  '/home',
  '/dashboard',
  '/voucher',
  '/device',
  '/config',
  '/users',
  '/users/admin',
  '/user/changepassword',
  '/channel',
  '/supplies',
  '/reconciliation',
  '/clientDeviceInf',
  '/reporter',
  '/chat',
  '/audit',
  '/customers',
  '/customers/1',
  '/availability',
  '/alerts',
  '/search',
];
const SIGNED_OUT = ['/login', '/verify', '/resetPassword', '/logined', '/403'];

type Problem = string;

async function audit(page: Page, where: string, problems: Problem[]) {
  await quiet(page, where);
  for (const v of await axe(page)) {
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    problems.push(`${where}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${targets}`);
  }
  // an icon that speaks antd's English name for it ("search", "close-circle") instead of the screen's words
  const iconNames = await page.evaluate(() =>
    [...document.querySelectorAll('.anticon[aria-label]')]
      .filter((icon) => icon.closest('[aria-hidden="true"], [inert]') === null && icon.checkVisibility())
      .map((icon) => icon.getAttribute('aria-label') ?? '')
      .filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name)),
  );
  if (iconNames.length > 0) problems.push(`${where}: icons named by antd: ${[...new Set(iconNames)].join(', ')}`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (sideways > 0) problems.push(`${where}: the page scrolls sideways ${sideways} px`);
}

/**
 * Each section of the screen: its tabs, or on a phone the options of its section select (none: the screen as it is).
 */
async function eachTab(page: Page, sectionLabel: string, visit: (tab: string) => Promise<void>) {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  const select = page.getByRole('combobox', { name: sectionLabel, exact: true });
  if (count === 0 && (await select.count()) > 0) {
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await select.click();
    const names = await options.allTextContents();
    await page.keyboard.press('Escape');
    for (const name of names) {
      await select.click();
      await options.filter({ hasText: name }).first().click();
      // the section's list closed (a heavy section can hold its closing animation past the audit's wait)
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
      await visit(` [${name}]`);
    }
    return;
  }
  if (count === 0) return visit('');
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? String(i);
    await tab.click();
    await visit(` [${name}]`);
  }
}

test.describe.configure({ timeout: 600_000 });

/**
 * Opens a screen as a click on a link of the console would, without loading the page again (the walk checks each
 * screen, not the start of the app, which the first screen shows): the router follows the history's change, and the
 * screen shown until then is gone. The router keeps the old screen on view while the next one's code loads (a
 * transition): with a busy processor, a walk that waited for the address alone once read the old screen's section
 * select as the new screen's, and waited ten minutes for it after it went.
 */
async function within(page: Page, path: string) {
  if (new URL(page.url()).pathname === path) return;
  const shown = await page.evaluate((to) => {
    // the content's parts now (the screen, and what stays around it, such as the offline banner)
    const parts = [...document.querySelectorAll('main > *')];
    for (const part of parts) part.setAttribute('data-walk-before', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return parts.length;
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect
    .poll(() => page.locator('[data-walk-before]').count(), { message: `the screen before ${path} went` })
    .toBeLessThan(shown);
}

/** The administrator's tokens, and a page of a new browser context signed in with them in the language given. */
async function signedIn(browser: Browser, viewport: { width: number; height: number }, code: string) {
  const page = await (await browser.newContext({ serviceWorkers: 'block', viewport })).newPage();
  watchRequests(page);
  await page.goto('/login');
  const res = await page.request.post('/api/v1/auth/signin', {
    data: { usernameOrEmail: 'admin', password: readState().adminNewPassword },
  });
  const tokens = await res.json();
  await page.evaluate(
    ([t, language]) => {
      localStorage.setItem('accessToken', t.accessToken);
      localStorage.setItem('refreshToken', t.refreshToken);
      localStorage.setItem('language', language);
    },
    [tokens, code] as const,
  );
  return { page, token: tokens.accessToken as string };
}

// Device information → Host approvals lists a host waiting for approval and an approved one (not an empty table)
test.beforeAll(async ({ browser }) => {
  const { page, token } = await signedIn(browser, WIDTHS[0], 'en');
  await seedHostApprovals(page, page.request, token);
  await page.context().close();
});

for (const size of WIDTHS) {
  test(`Host approvals with a waiting and an approved host, and the approval's confirmation, pass axe-core and fit, ${size.name}, EN and VI`, async ({
    browser,
  }) => {
    const problems: Problem[] = [];
    for (const lang of LANGUAGES) {
      const { page } = await signedIn(browser, size, lang.code);
      const auth = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` };
      await page.request.put('/api/v1/user/update', { headers: auth, data: { language: lang.profile } });
      await page.goto('/clientDeviceInf');
      await quiet(page, '/clientDeviceInf');
      const name = lang.code === 'en' ? 'Host approvals' : 'Phê duyệt máy chủ';
      if (size.name === 'desktop') await page.getByRole('tab', { name }).click();
      else {
        await page.getByRole('combobox', { name: lang.section, exact: true }).click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
      }
      const where = `/clientDeviceInf [${name}]`;
      const approve = page.getByRole('button', { name: lang.code === 'en' ? /^Approve 127\./ : /^Phê duyệt 127\./ });
      await expect(approve.first()).toBeVisible();
      await expect(
        page.getByText(lang.code === 'en' ? 'Approved' : 'Đã phê duyệt', { exact: true }).first(),
      ).toBeVisible();
      await audit(page, where, problems);
      // the key the approver checks shows on the closed card of a phone too
      await expect(page.getByText(/^SHA256:/).first()).toBeVisible();
      // the actions are at hand without scrolling the table sideways (at 1440 px the columns fit beside the menu)
      const button = await approve.first().boundingBox();
      if (!button || button.x + button.width > (page.viewportSize()?.width ?? 0))
        problems.push(`${where}: the approve button is out of sight (${JSON.stringify(button)})`);
      await approve.first().click();
      const confirm = page.locator('.ant-popconfirm:visible');
      await expect(confirm).toBeVisible();
      await confirm.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
      );
      await audit(page, `${where} approving`, problems);
      // the confirmation, with its long key, stays inside the window
      const box = await confirm.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      if (!box || box.x < 0 || box.x + box.width > width)
        problems.push(`${where}: the confirmation leaves the window (${JSON.stringify(box)}, ${width} px)`);
      await page.keyboard.press('Escape');
      await page.request.put('/api/v1/user/update', { headers: auth, data: { language: 'English' } });
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
}

for (const size of WIDTHS) {
  for (const lang of LANGUAGES) {
    test(`every screen passes axe-core and fits, ${size.name}, ${lang.code}`, async ({ browser, request }) => {
      const { adminNewPassword } = readState();
      const token = await adminToken(request, adminNewPassword);
      const auth = { authorization: `Bearer ${token}` };
      expect((await request.put('/api/v1/user/update', { headers: auth, data: { language: lang.profile } })).ok()).toBe(
        true,
      );
      const problems: Problem[] = [];

      // signed out (the language of the sign-in page follows the browser's choice)
      const guest = await browser.newContext({
        serviceWorkers: 'block',
        viewport: size,
        locale: lang.code === 'vi' ? 'vi-VN' : 'en-US',
      });
      const out = await guest.newPage();
      watchRequests(out);
      await out.goto('/login');
      await out.evaluate((code) => localStorage.setItem('language', code), lang.code);
      for (const path of SIGNED_OUT) {
        await out.goto(path);
        await audit(out, path, problems);
      }
      await guest.close();

      // signed in
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: size });
      const page = await context.newPage();
      watchRequests(page);
      await page.goto('/login');
      const tokens = await (
        await request.post('/api/v1/auth/signin', { data: { usernameOrEmail: 'admin', password: adminNewPassword } })
      ).json();
      await page.evaluate(
        ([t, code]) => {
          localStorage.setItem('accessToken', t.accessToken);
          localStorage.setItem('refreshToken', t.refreshToken);
          localStorage.setItem('language', code);
        },
        [tokens, lang.code] as const,
      );
      await page.goto(SCREENS[0] as string);
      for (const path of SCREENS) {
        await within(page, path);
        await quiet(page, path);
        await eachTab(page, lang.section, (tab) => audit(page, `${path}${tab}`, problems));
      }
      if (size.name === 'phone') {
        await page.goto('/home');
        await page
          .getByRole('button', { name: /menu|Menu/ })
          .first()
          .click();
        await audit(page, '/home with the menu open', problems);
        // the drawer lies over the page and closes when an entry is picked
        const drawer = page.locator('.ant-drawer-section');
        await expect(drawer).toBeVisible();
        await drawer.getByRole('menuitem', { name: lang.menu === 'Users' ? 'Manage' : 'Quản lý' }).click();
        await drawer.getByRole('link', { name: lang.menu, exact: true }).click();
        await expect(page).toHaveURL(/\/users$/);
        await expect(drawer).toBeHidden();
        await audit(page, '/users after picking it in the menu', problems);
      }
      await context.close();
      // the next specs (and a rerun) find the administrator in English again
      await request.put('/api/v1/user/update', { headers: auth, data: { language: 'English' } });
      expect(problems).toEqual([]);
    });
  }
}
