import { expect, test } from '@playwright/test';
import { LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';

test('logout returns to /login and the old token no longer works', async ({ page, request }) => {
  const { adminNewPassword } = readState();
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto();
  await login.signIn('admin', adminNewPassword);
  await expect(page).toHaveURL(/\/home$/);
  const token = await shell.accessToken();
  expect(token).toBeTruthy();
  const before = await request.get('/api/v1/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);

  await shell.logout();
  await expect(page.getByText("You're successfully logged out.")).toBeVisible();
  expect(await shell.accessToken()).toBeNull();
  const after = await request.get('/api/v1/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
