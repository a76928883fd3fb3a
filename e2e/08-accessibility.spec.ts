import { expect, type Page, test } from '@playwright/test';
import { adminToken } from './support/api.ts';
import { axe } from './support/axe.ts';
import { readState } from './support/state.ts';

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
  '/clientDeviceInf',
  '/reporter',
  '/chat',
];
const SIGNED_OUT = ['/login', '/verify', '/resetPassword', '/logined', '/403'];

type Problem = string;

async function audit(page: Page, where: string, problems: Problem[]) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300); // antd's enter animations
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
      const guest = await browser.newContext({ viewport: size, locale: lang.code === 'vi' ? 'vi-VN' : 'en-US' });
      const out = await guest.newPage();
      await out.goto('/login');
      await out.evaluate((code) => localStorage.setItem('language', code), lang.code);
      for (const path of SIGNED_OUT) {
        await out.goto(path);
        await audit(out, path, problems);
      }
      await guest.close();

      // signed in
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
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
      for (const path of SCREENS) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
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
