import { expect, type Page, test } from '@playwright/test';
import { startSshServer } from '../apps/server/src/test/sshServer.ts';
import { axe } from './support/axe.ts';
import { LoginPage, openDialog, Shell } from './support/pages.ts';

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
