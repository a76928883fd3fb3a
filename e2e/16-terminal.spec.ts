import type { Browser, Page } from '@playwright/test';
import { startSshServer } from '../apps/server/src/test/sshServer.ts';
import { adminToken, createUser } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { LoginPage, openDialog, Shell } from './support/pages.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

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
    // a technician has no Host approvals tab: the hosts' addresses and keys are for those who approve them
    await expect(tech.getByRole('tab', { name: 'Device information', exact: true })).toBeVisible();
    await expect(tech.getByRole('tab', { name: 'Host approvals' })).toHaveCount(0);

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

test("a push under another name of a site never moves the terminal's addresses, and once the site has its own token the shared one is refused under every name", async ({
  browser,
  request,
}) => {
  const auth = { authorization: `Bearer ${await adminToken(request, readState().adminNewPassword)}` };
  const shared = `e2e-shared-${RUN}`;
  const set = await request.put('/api/v1/it4u/systemConfig', {
    headers: auth,
    data: { tokenUcrm: '********', tokenDev: shared, tokenDevEnabled: true },
  });
  expect(set.ok(), await set.text()).toBe(true);
  const description = `Nhà nghỉ Hoa Sen ${RUN}`;
  const short = `hoa${RUN}`;
  const site = await request.post('/api/v1/it4u/sitename/', {
    headers: auth,
    data: { sitename: description, idname: short },
  });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const siteId = (
    (await (await request.get('/api/v1/it4u/sitenames', { headers: auth })).json()) as { id: number; idname: string }[]
  ).find((s) => s.idname === short)?.id;
  const isp = `Hoa ${RUN}`;
  const row = await request.post('/api/v1/it4u/clientDeviceInf', {
    headers: auth,
    data: { sitenameId: siteId, ispOther: isp },
  });
  expect(row.status(), await row.text()).toBe(201);
  const push = (token: string, data: Record<string, unknown>) =>
    request.post('/api/v1/it4u/customer_info', { headers: { authorization: `Bearer ${token}` }, data });

  // the site's router pushes under its description; then a push under its short name names another address
  expect(
    (await push(shared, { sitename: description, wan1Provider: 'VNPT', wan1Ip: '127.0.0.1', wan1Status: 1 })).status(),
  ).toBe(200);
  const evil = { sitename: short, wan1Provider: 'EVIL', wan1Ip: '10.66.66.66', wan1Status: 0 };
  expect((await push(shared, evil)).status()).toBe(200);

  // the technician's Connect dialog offers the router's address, not the other push's, and the router answers
  const ssh = await startSshServer({ username: 'root', password: `hoa-${RUN}` });
  const page = await deviceInfoAs(browser, 'admin', readState().adminNewPassword);
  try {
    const dialog = await connectDialog(page, description);
    await dialog.getByLabel('Host').click();
    const options = page.locator('.ant-select-item-option');
    await expect(options.filter({ hasText: 'VNPT — 127.0.0.1' })).toBeVisible();
    await expect(options.filter({ hasText: '10.66.66.66' })).toHaveCount(0);
    await options.filter({ hasText: 'VNPT — 127.0.0.1' }).click();
    await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
    await dialog.getByLabel('Username to sign in as').fill('root');
    await dialog.getByLabel('Password', { exact: true }).fill(`hoa-${RUN}`);
    await dialog.getByLabel('Port').fill(String(ssh.port));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(page.locator('.terminal-view .xterm-rows')).toContainText('$');
    await page.getByRole('button', { name: 'Back' }).click();

    // the site gets its own token: no push under any of its names goes with the shared token any more
    // (the report's copy is made anew every 15 s: the row shows there within that)
    let realId: number | undefined;
    await expect
      .poll(
        async () => {
          const report = (await (await request.get('/api/v1/it4u/customer_info', { headers: auth })).json()) as {
            id: number;
            sitename: string;
          }[];
          realId = report.find((r) => r.sitename === description)?.id;
          return realId;
        },
        { timeout: 40_000 },
      )
      .toBeDefined();
    const made = await request.post(`/api/v1/it4u/${realId}/deviceToken`, { headers: auth });
    expect(made.status(), await made.text()).toBe(201);
    for (const name of [short, short.toUpperCase(), ` ${description.toLowerCase()} `]) {
      const refused = await push(shared, { ...evil, sitename: name });
      expect(refused.status(), name).toBe(403);
      expect((await refused.json()).code).toBe('deviceTokenOwnRequired');
    }
    const own = await push((await made.json()).token, {
      sitename: short,
      wan1Provider: 'VNPT',
      wan1Ip: '127.0.0.1',
      wan1Status: 1,
    });
    expect(own.status(), await own.text()).toBe(200);
  } finally {
    await page.context().close();
    await ssh.close();
  }
});
