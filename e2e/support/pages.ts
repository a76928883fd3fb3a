import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { adminToken } from './api.ts';
import { readState } from './state.ts';

/** Stores English as the administrator's language, through the API, before a spec signs in. */
async function keepInEnglish(page: Page, password: string) {
  const token = await adminToken(page.request, password);
  const res = await page.request.put('/api/v1/user/update', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'English' },
  });
  if (!res.ok()) throw new Error(`admin language: ${res.status()} ${await res.text()}`);
}

/** The sign-in page. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
  }

  async signIn(username: string, password: string) {
    await this.page.getByLabel(/Username or e-mail|Tên đăng nhập hoặc e-mail/).fill(username);
    await this.page.getByLabel(/^(Password|Mật khẩu)$/).fill(password);
    await this.page.getByRole('button', { name: /^(Log in|Đăng nhập)$/ }).click();
  }

  /** Signs the administrator in (with the password the first spec set) and waits for /home. */
  async signInAsAdmin() {
    // the language is kept per user: a spec that failed while in Vietnamese leaves the administrator in it
    await keepInEnglish(this.page, readState().adminNewPassword);
    await this.goto();
    await this.signIn('admin', readState().adminNewPassword);
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.page.locator('html')).toHaveAttribute('lang', 'en');
  }
}

/** The shell around every signed-in screen: side menu and top bar. */
export class Shell {
  constructor(readonly page: Page) {}

  menu() {
    return this.page.getByRole('navigation');
  }

  async openAccountMenu() {
    await this.page.getByTitle(/Account menu|Menu tài khoản/).click();
  }

  async logout() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: /Logout|Đăng xuất/ }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  /** Picks the language in the top bar and waits until it is saved for the user and its texts show. */
  async chooseLanguage(label: 'English' | 'Tiếng Việt') {
    // the language already shown: nothing to choose (the select sends nothing for its own value)
    if ((await this.page.locator('html').getAttribute('lang')) === (label === 'English' ? 'en' : 'vi')) return;
    const saved = this.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/user/update') && r.ok(),
    );
    await this.page.getByLabel(/^(Language|Ngôn ngữ)$/).click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: label }).click();
    await saved;
    await expect(this.page.locator('html')).toHaveAttribute('lang', label === 'English' ? 'en' : 'vi');
  }

  accessToken() {
    return this.page.evaluate(() => localStorage.getItem('accessToken'));
  }
}

/** Picks an option of an antd select found by its exact label inside a scope (a dialog, a form). */
export async function choose(scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope
    .page()
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * Picks an option of a searchable antd select (its combobox) and checks that it took: the options of a list fetched
 * again, or still sliding in, may move under the click, so the pick is tried again until the select shows it.
 */
export async function pick(combobox: Locator, option: string) {
  const page = combobox.page();
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if ((await dropdown.count()) === 0) await combobox.click({ timeout: 2_000 });
    // (typing narrows a long list: only the options in view are drawn)
    await combobox.fill(option, { timeout: 2_000 });
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Shows more columns of the register on screen through its column chooser (the choice is kept for the user). */
export async function showColumns(page: Page, names: string[]) {
  await page.locator('button:visible', { hasText: 'Columns' }).click();
  const list = page.locator('.ant-popover:visible');
  for (const name of names) await list.getByRole('checkbox', { name, exact: true }).check();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
}

/**
 * The open dialog, once its enter animation is over: a click during antd's zoom can land beside a button that is
 * still growing, so a test that clicks first thing in a dialog waits for this.
 */
export async function openDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.evaluate((el) =>
    Promise.all(
      (el.closest('.ant-modal-root') ?? el)
        .getAnimations({ subtree: true })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return dialog;
}

/**
 * Waits until the page no longer scrolls sideways: after a resize the layout follows a moment later (antd's
 * breakpoints listen to media queries), so one measure right after it may still see the old layout.
 */
export async function fitsScreen(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page scrolls sideways (px)',
    })
    .toBeLessThanOrEqual(0);
}

/**
 * A new browser context signed in as this user (English desktop unless told), waiting on /home; `baseURL` for a
 * console elsewhere than the suite's (the proxy test's).
 */
export async function signedIn(
  browser: Browser,
  username: string,
  password: string,
  opts: { viewport?: { width: number; height: number }; baseURL?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
  });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, password);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

const inFlight = new WeakMap<Page, { open: Map<object, string>; recent: string[]; last: number }>();

/** Starts noting the page's requests (open, and the latest), so that `quiet` can name the ones that keep it busy. */
export function watchRequests(page: Page) {
  const seen = { open: new Map<object, string>(), recent: [] as string[], last: Date.now() };
  inFlight.set(page, seen);
  page.on('request', (r) => {
    seen.open.set(r, `${r.method()} ${r.url()}`);
    seen.recent.push(`${r.method()} ${r.url()}`);
    if (seen.recent.length > 8) seen.recent.shift();
    seen.last = Date.now();
  });
  const done = (r: object) => {
    seen.open.delete(r);
    seen.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the screen has loaded what it shows, at most 30 s: none of the page's requests open or begun for 250 ms
 * (a screen that asks for one part once another came), and nothing on it still spinning or drawn as a skeleton. A
 * page still busy then is said in the run's output with the requests it holds open, and the check goes on with the
 * page as it is: a full accessibility walk once hung ten minutes on a page that never settled and said nothing of which.
 * The page's requests must be watched (`watchRequests`).
 */
export async function quiet(page: Page, where: string) {
  const seen = inFlight.get(page);
  if (!seen) throw new Error('quiet: the page is not watched (watchRequests)');
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const loading = await page
      .locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible, [aria-busy="true"]:visible')
      .count();
    if (loading === 0 && seen.open.size === 0 && Date.now() - seen.last >= 250) return;
    await page.waitForTimeout(50);
  }
  const open = [...seen.open.values()].join(', ') || 'none';
  console.warn(`${where}: the page did not settle in 30 s; open: ${open}; latest: ${seen.recent.join(', ')}`);
}

/** A screen's four looks: English and Vietnamese, at 1440 px and at 390 px. */
export const FOUR_LOOKS = [
  { name: 'desktop, English', width: 1440, height: 900, lang: 'en' as const },
  { name: 'desktop, Vietnamese', width: 1440, height: 900, lang: 'vi' as const },
  { name: 'phone, English', width: 390, height: 844, lang: 'en' as const },
  { name: 'phone, Vietnamese', width: 390, height: 844, lang: 'vi' as const },
];

/** Signs the administrator in at a look's size and language and opens Settings → Parameter (a tab, or the select). */
export async function openParameterTab(page: Page, look: (typeof FOUR_LOOKS)[number]) {
  const vi = look.lang === 'vi';
  await page.setViewportSize({ width: look.width, height: look.height });
  await new LoginPage(page).signInAsAdmin();
  if (vi) await new Shell(page).chooseLanguage('Tiếng Việt');
  await page.goto('/config');
  const parameter = vi ? 'Tham số hệ thống' : 'Parameter';
  if (look.width >= 768) await page.getByRole('tab', { name: parameter }).click();
  else {
    await page.getByRole('combobox', { name: vi ? 'Mục' : 'Section' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: parameter }).click();
  }
}
