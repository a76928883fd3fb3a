import { adminToken, createUser } from './support/api.ts';
import { choose, LoginPage, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

// the tests follow each other: a later one reads what an earlier one made
test.describe.configure({ mode: 'serial' });

test('an administrator adds a ROLE_KT user, who sees the Manage menu but not Users', async ({ page }) => {
  const { adminNewPassword } = readState();
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto();
  await login.signIn('admin', adminNewPassword);

  await shell.menu().getByText('Manage').click();
  await shell.menu().getByText('Users').click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Lê Văn Kỹ Thuật');
  await dialog.getByLabel('Username', { exact: true }).fill('kythuat1');
  await dialog.getByLabel('E-mail', { exact: true }).fill('kythuat1@example.test');
  await dialog.getByLabel('Password', { exact: true }).fill('Kt-pass-2026');
  await dialog.getByLabel('Confirm password').fill('Kt-pass-2026');
  await choose(dialog, 'Gender', 'Male');
  await choose(dialog, 'Language', 'English');
  await choose(dialog, 'Type', 'User');
  await choose(dialog, 'Roles', 'Technician');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'kythuat1', exact: true })).toBeVisible();
  await shell.logout();

  // the password the administrator chose is the user's only until they choose their own, at once
  await login.signIn('kythuat1', 'Kt-pass-2026');
  await expect(page).toHaveURL(/\/changePasswordDefault$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/changePasswordDefault$/);
  await page.getByLabel('Current password').fill('Kt-pass-2026');
  await page.getByLabel('New password').fill('Kt-own-pass-2026');
  await page.getByLabel('Confirm password').fill('Kt-own-pass-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.menu().getByText('Manage')).toBeVisible();
  await shell.menu().getByText('Manage').click();
  await expect(shell.menu().getByText('Device information')).toBeVisible();
  await expect(shell.menu().getByText('Users')).toHaveCount(0);
  // and the server agrees
  await page.goto('/users');
  await expect(page.getByText('Access Forbidden')).toBeVisible();
});

test('a ROLE_KH user sees no Manage menu', async ({ page, request }) => {
  const { adminNewPassword } = readState();
  const token = await adminToken(request, adminNewPassword);
  await createUser(request, token, {
    username: 'khach1',
    password: 'Kh-pass-2026',
    roles: ['ROLE_KH'],
    type: 'Client',
  });
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto();
  await login.signIn('khach1', 'Kh-pass-2026');
  await expect(shell.menu().getByText('Home')).toBeVisible();
  await expect(shell.menu().getByText('Manage')).toHaveCount(0);
});

test("the server's refusals are said in the reader's language, under the field they concern", async ({ page }) => {
  const { adminNewPassword } = readState();
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.goto();
  await login.signIn('admin', adminNewPassword);
  await expect(shell.menu().getByText('Home')).toBeVisible();
  await shell.chooseLanguage('Tiếng Việt');
  await page.goto('/users');
  await page.getByRole('button', { name: 'Thêm người dùng' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Họ tên', { exact: true }).fill('Lê Văn Trùng');
  await dialog.getByLabel('Tên đăng nhập', { exact: true }).fill('kythuat1'); // taken by the first test
  await dialog.getByLabel('E-mail', { exact: true }).fill('trung@example.test');
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill('12345678');
  await dialog.getByLabel('Xác nhận mật khẩu').fill('12345678');
  await choose(dialog, 'Giới tính', 'Nam');
  await choose(dialog, 'Ngôn ngữ', 'Tiếng Việt');
  await choose(dialog, 'Loại', 'Nhân viên');
  await choose(dialog, 'Vai trò', 'Kỹ thuật viên');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Tạo' }).click();
  // a common password first (the server checks it before the names)
  await expect(dialog.getByText('Mật khẩu này quá phổ biến: hãy chọn mật khẩu khó đoán hơn.')).toBeVisible();
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill('Trung-pass-2026');
  await dialog.getByLabel('Xác nhận mật khẩu').fill('Trung-pass-2026');
  await dialog.getByRole('button', { name: 'Tạo' }).click();
  await expect(dialog.getByText('Tên đăng nhập đã được sử dụng!')).toBeVisible();
  await expect(page.getByText('Username is already taken!')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shell.chooseLanguage('English');
});
