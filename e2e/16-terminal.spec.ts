import { type Browser, expect, type Page, test } from '@playwright/test';
import { startSshServer } from '../apps/server/src/test/sshServer.ts';
import { adminToken, createUser } from './support/api.ts';
import { axe } from './support/axe.ts';
import { LoginPage, openDialog, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';

async function accessible(page: Page) {
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8_000 });
  await page.waitForTimeout(300);
  expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const RUN = Date.now().toString(36).slice(-5);

test('remote terminal: add a row with the test server as WAN 1, connect as a typed user, type echo hi, see hi, go back, replay the session, EN and VI', async ({
  page,
}) => {
  const ssh = await startSshServer({ username: 'root', password: `lb-${RUN}` });
  try {
    // a row whose WAN 1 is the test server
    await new LoginPage(page).signInAsAdmin();
    await page.goto('/clientDeviceInf');
    await page.getByRole('button', { name: 'Add row' }).click();
    await page.getByLabel('IP WAN 1', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('ISP WAN 1', { exact: true }).fill(`E2E ${RUN}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Added successfully.')).toBeVisible();
    await page.getByPlaceholder('Search customer, site, IP, model…').fill(`E2E ${RUN}`);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: `E2E ${RUN}` });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Connect' }).click();
    const dialog = await openDialog(page);
    await expect(dialog.getByText(`WAN 1 (E2E ${RUN}) — 127.0.0.1`)).toBeVisible();
    await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
    await dialog.getByLabel('Username to sign in as').fill('root');
    await dialog.getByLabel('Password', { exact: true }).fill(`lb-${RUN}`);
    await dialog.getByLabel('Port').fill(String(ssh.port));
    await accessible(page);
    await dialog.getByRole('button', { name: 'Connect' }).click();

    // the terminal, full screen: the host's key is pinned, the shell answers
    const screen = page.locator('.terminal-view .xterm-rows');
    await expect(page.getByText(/New host key pinned: SHA256:/)).toBeVisible();
    await expect(screen).toContainText('$');
    await page.keyboard.type('echo hi');
    await page.keyboard.press('Enter');
    await expect(screen).toContainText(/\$ echo hi\s*hi/);
    await accessible(page);
    await page.getByRole('button', { name: 'Back' }).click();

    // the audit lists the session; its replay shows what was seen
    await page.getByRole('tab', { name: 'Terminal sessions' }).click();
    const session = page
      .getByRole('table', { name: 'Terminal sessions' })
      .getByRole('row')
      .filter({ hasText: `root@127.0.0.1:${ssh.port}` })
      .first();
    await expect(session).toContainText('Closed by the user');
    await accessible(page);
    await session.getByRole('button', { name: /^Replay the session on 127.0.0.1/ }).click();
    const replay = await openDialog(page);
    await replay.getByRole('button', { name: 'Show all at once' }).click();
    await expect(replay.locator('.xterm-rows')).toContainText(/\$ echo hi\s*hi/);
    await page.keyboard.press('Escape');

    // in Vietnamese
    await new Shell(page).chooseLanguage('Tiếng Việt');
    await expect(page.getByRole('columnheader', { name: 'Lý do kết thúc' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Phiên terminal' })
        .getByRole('row')
        .filter({ hasText: `root@127.0.0.1:${ssh.port}` })
        .first(),
    ).toContainText('Người dùng đóng');
    await accessible(page);
    await new Shell(page).chooseLanguage('English');
  } finally {
    await ssh.close();
  }
});

/** A browser of its own for a user, signed in, on the device information screen. */
async function deviceInfoAs(browser: Browser, username: string, password: string) {
  const page = await (
    await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } })
  ).newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/clientDeviceInf');
  return page;
}

/** Finds the row by its text and opens its Connect dialog, in the page's language. */
async function connectDialog(page: Page, text: string, vi = false) {
  await page
    .getByPlaceholder(vi ? 'Tìm khách hàng, site, IP, thiết bị…' : 'Search customer, site, IP, model…')
    .fill(text);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: vi ? 'Kết nối' : 'Connect' }).click();
  return openDialog(page);
}

test('a stored password waits for approval: a technician connects as root, an administrator approves the host and its key in Host approvals, the technician gets a shell, EN and VI', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const password = `lb-${RUN}`;
  const isp = `Trust ${RUN}`;
  const ssh = await startSshServer({ username: 'root', password });
  const admin = await deviceInfoAs(browser, 'admin', readState().adminNewPassword);
  const kt = { username: `e2e.trust.${RUN}`, password: 'Trust-pass-2026', roles: ['ROLE_KT'] };
  await createUser(request, await adminToken(request, readState().adminNewPassword), kt);
  const tech = await deviceInfoAs(browser, kt.username, kt.password);
  try {
    // the administrator records a row whose WAN 1 is the test server, with the load balancer's password
    await admin.getByRole('button', { name: 'Add row' }).click();
    await admin.getByLabel('IP WAN 1', { exact: true }).fill('127.0.0.1');
    await admin.getByLabel('ISP WAN 1', { exact: true }).fill(isp);
    await admin.getByLabel('Password Load balancer', { exact: true }).fill(password);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Added successfully.')).toBeVisible();

    // the technician connects as root: the host's key is learnt, no password is sent, the view says it waits
    let dialog = await connectDialog(tech, isp);
    await expect(dialog.getByRole('radio', { name: "root (the load balancer's password)" })).toBeChecked();
    await dialog.getByLabel('Port').fill(String(ssh.port));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const waiting = tech.getByRole('alert').filter({ hasText: 'is waiting for approval' });
    await expect(waiting).toContainText(
      /^127\.0\.0\.1 is waiting for approval: .*\(SHA256:\S+\) an administrator or lead technician approved for this row\. No password was sent\. Ask for the approval \(Device information → Host approvals\)/,
    );
    const fingerprint = /\((SHA256:\S+)\)/.exec((await waiting.textContent()) ?? '')?.[1] as string;
    expect(ssh.attempts.filter((a) => a.method === 'password')).toEqual([]);
    await accessible(tech);

    // the same in Vietnamese (the text is said in the reader's language)
    await tech.getByRole('button', { name: 'Back' }).click();
    await new Shell(tech).chooseLanguage('Tiếng Việt');
    dialog = await connectDialog(tech, isp, true);
    await dialog.getByLabel('Cổng').fill(String(ssh.port));
    await dialog.getByRole('button', { name: 'Kết nối' }).click();
    await expect(tech.getByRole('alert').filter({ hasText: 'đang chờ phê duyệt' })).toContainText(
      `127.0.0.1 đang chờ phê duyệt: console chỉ gửi mật khẩu đã lưu tới máy chủ có khóa (${fingerprint})`,
    );
    await tech.getByRole('button', { name: 'Quay lại' }).click();
    await new Shell(tech).chooseLanguage('English');
    // a technician sees the request, and cannot approve it
    await tech.getByRole('tab', { name: 'Host approvals' }).click();
    const asked = tech
      .getByRole('table', { name: 'Host approvals' })
      .getByRole('row')
      .filter({ hasText: fingerprint })
      .filter({ hasText: `127.0.0.1:${ssh.port}` });
    await expect(asked).toContainText('Waiting for approval');
    await expect(asked.getByRole('button')).toHaveCount(0);

    // the administrator sees the host, where its address came from and its key, and approves it
    await admin.getByRole('tab', { name: 'Host approvals' }).click();
    const pending = admin
      .getByRole('table', { name: 'Host approvals' })
      .getByRole('row')
      .filter({ hasText: fingerprint })
      .filter({ hasText: `127.0.0.1:${ssh.port}` });
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText('Waiting for approval');
    await expect(pending).toContainText('WAN 1');
    await expect(pending).toContainText(`asked by ${kt.username}`);
    await accessible(admin);
    await pending.getByRole('button', { name: `Approve 127.0.0.1:${ssh.port}` }).click();
    const confirm = admin.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(`Approve 127.0.0.1:${ssh.port} (WAN 1) with the key ${fingerprint}?`);
    await accessible(admin);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText('The host is approved.')).toBeVisible();
    await expect(pending).toContainText('Approved');
    await expect(pending).toContainText('approved by admin');

    // the technician connects again: the approved key is checked, the stored password signs in, the shell answers
    await tech.getByRole('tab', { name: 'Device information', exact: true }).click();
    dialog = await connectDialog(tech, isp);
    await dialog.getByLabel('Port').fill(String(ssh.port));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const screen = tech.locator('.terminal-view .xterm-rows');
    await expect(tech.getByText(`Host key verified: ${fingerprint}`)).toBeVisible();
    await expect(screen).toContainText('$');
    await tech.keyboard.type('echo approved');
    await tech.keyboard.press('Enter');
    await expect(screen).toContainText(/\$ echo approved\s*approved/);
    expect(ssh.attempts.filter((a) => a.method === 'password')).toEqual([
      { method: 'password', username: 'root', password },
    ]);
    await tech.getByRole('button', { name: 'Back' }).click();
  } finally {
    await admin.context().close();
    await tech.context().close();
    await ssh.close();
  }
});
