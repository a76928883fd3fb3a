import { LoginPage } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ mode: 'serial' });
// a console of its own, at its very first start: `admin` has the generated password it printed
test.use({ consoleKind: 'first-start' });

test('a wrong password shows the message and no way in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'not-the-password');
  await expect(page.getByText('Your Username or Password is incorrect. Please try again!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields show the required messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please input your username!')).toBeVisible();
  await expect(page.getByText('Please input your Password!')).toBeVisible();
});

test('the first sign-in with the generated password forces a change of password', async ({ page, console }) => {
  const { adminNewPassword } = readState();
  const { adminPassword } = console;
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', adminPassword);
  await expect(page).toHaveURL(/\/changePasswordDefault$/);

  // the shell stays closed until the password is changed
  await page.goto('/users');
  await expect(page).toHaveURL(/\/changePasswordDefault$/);

  await page.getByLabel('Current password').fill(adminPassword);
  await page.getByLabel('New password').fill(adminNewPassword);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Two passwords that you enter is inconsistent!')).toBeVisible();

  await page.getByLabel('Confirm password').fill(adminNewPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Welcome, Administrator!')).toBeVisible();
  // the demo controller's sites were filled in on the first start: an administrator sees them all at once, and the
  // dashboard of the first one with its numbers
  await expect(page.getByText('No site is linked to your account yet.')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Choose a site' }).click();
  await expect(page.locator('.ant-select-dropdown:visible').getByText('Khách sạn Hoa Mai')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('img', { name: 'Wifi clients and traffic over the chosen range' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Clients/ }).getByRole('cell')).toHaveCount(4);
  await expect(page.getByRole('img', { name: /^Access points: \d+ connected, \d+ disconnected$/ })).toBeVisible();
});
