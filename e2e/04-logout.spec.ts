import { LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

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

  // the refresh token is out of any script's reach: an HttpOnly, SameSite=Strict cookie of the refresh route
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'it4u_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/refresh' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('it4u_refresh');
  // an access token that no longer works is renewed by the cookie: a reload stays signed in
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  expect(await shell.accessToken()).not.toBe('expired.access.token');

  await shell.logout();
  await expect(page.getByText("You're successfully logged out.")).toBeVisible();
  expect(await shell.accessToken()).toBeNull();
  const after = await request.get('/api/v1/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect((await page.context().cookies()).filter((c) => c.name === 'it4u_refresh')).toEqual([]);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
