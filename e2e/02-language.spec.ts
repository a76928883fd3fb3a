import { LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

test('switching to Tiếng Việt shows Vietnamese labels, and the choice is kept for the next sign-in', async ({
  page,
}) => {
  const { adminNewPassword } = readState();
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto();
  await login.signIn('admin', adminNewPassword);
  await expect(shell.menu().getByText('Home')).toBeVisible();

  await shell.chooseLanguage('Tiếng Việt');
  await expect(shell.menu().getByText('Trang chủ')).toBeVisible();
  await expect(shell.menu().getByText('Quản lý')).toBeVisible();
  await expect(page.getByText('Chào mừng', { exact: false })).toBeVisible();

  await shell.logout();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await login.signIn('admin', adminNewPassword);
  await expect(shell.menu().getByText('Trang chủ')).toBeVisible();

  await shell.chooseLanguage('English');
  await expect(shell.menu().getByText('Home')).toBeVisible();
});
