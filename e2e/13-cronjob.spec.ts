import { accessible } from './support/axe.ts';
import { LoginPage, Shell } from './support/pages.ts';
import { expect, test } from './support/test.ts';

const FIRST = [
  '# WAN reporter every 4 minutes, a nightly reboot',
  'config.system_cfg.1=cron.1.job.1.cmd=*/4 * * * * /etc/persistent/wan-report.sh',
  'config.system_cfg.2=cron.1.job.2.cmd=0 3 * * * reboot',
].join('\n');
const SECOND = [
  '# WAN reporter every 4 minutes, a nightly reboot',
  'config.system_cfg.1=cron.1.job.1.cmd=*/4 * * * * /etc/persistent/wan-report.sh',
  'config.system_cfg.2=cron.1.job.2.cmd=30 2 * * * reboot',
  'config.system_cfg.3=cron.status=enabled',
].join('\n');

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

test('cronjob file: a refused file says why, two uploads make two versions, the difference between them, EN and VI', async ({
  page,
}) => {
  await new LoginPage(page).signInAsAdmin();
  await page.goto('/config');
  await page.getByRole('tab', { name: 'Cronjob' }).click();
  await expect(page.getByRole('heading', { name: 'CRONJOB UNIFI' })).toBeVisible();
  const input = page.locator('input[type="file"][accept=".properties"]');

  // a file with a bad line is refused with its line number, and nothing is kept
  await input.setInputFiles(file('bad.properties', 'a=1\nthis is not a pair'));
  await expect(page.getByRole('alert')).toContainText('Line 2 is not a key=value line');
  await input.setInputFiles(file('cron.txt', 'a=1'));
  await expect(page.getByRole('alert')).toContainText('Only .properties files are taken.');

  await input.setInputFiles(file('site.properties', FIRST));
  await expect(page.getByText('Version 1 saved.')).toBeVisible();
  await input.setInputFiles(file('site.properties', SECOND));
  await expect(page.getByText('Version 2 saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current file' })).toContainText('cron.status=enabled');
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row', { name: /v2/ })).toContainText('Kept only');

  // the difference: the changed line out, the new ones in, each marked
  const diff = page.getByRole('region', { name: 'Compare' });
  await expect(diff.getByText('removed: config.system_cfg.2=cron.1.job.2.cmd=0 3 * * * reboot')).toBeAttached();
  await expect(diff.getByText('added: config.system_cfg.3=cron.status=enabled')).toBeAttached();
  await accessible(page);

  await new Shell(page).chooseLanguage('Tiếng Việt');
  await expect(page.getByRole('table', { name: 'Các phiên bản' }).getByRole('row', { name: /v2/ })).toContainText(
    'Chỉ lưu',
  );
  await expect(
    page.getByRole('region', { name: 'So sánh' }).getByText('thêm: config.system_cfg.3=cron.status=enabled'),
  ).toBeAttached();
  await accessible(page);
  await new Shell(page).chooseLanguage('English');
});
