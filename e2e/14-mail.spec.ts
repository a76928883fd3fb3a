import type { Page } from '@playwright/test';
import { adminToken, createUser } from './support/api.ts';
import { accessible } from './support/axe.ts';
import { LoginPage, Shell } from './support/pages.ts';
import { startSmtp } from './support/smtp.ts';
import { readState } from './support/state.ts';
import { expect, test } from './support/test.ts';

// the viewer is in Paris: the next runs are said in Vietnam's time and in Paris's
test.use({ timezoneId: 'Europe/Paris' });

/** Day/month/year and hour:minute of a time in a zone, as en-GB writes them. */
function dateAndTime(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

async function openMailer(page: Page) {
  await page.goto('/config');
  await page.getByRole('tab', { name: 'Mailer' }).click();
}

test('mail: save the settings, send a test mail the SMTP server receives, see it in the log; reset a password from /verify through the link', async ({
  page,
  browser,
  request,
}) => {
  const smtp = await startSmtp();
  try {
    await new LoginPage(page).signInAsAdmin();
    await openMailer(page);
    const form = page.locator('form[id="mailer"]');
    // mail is not configured yet: reset mails cannot go out
    await expect(page.getByText(/Mail is not configured/)).toBeVisible();
    // a schedule the console cannot run is refused with the reason
    await form.getByLabel('Schedule (cron)').fill('0 25 * * *');
    await expect(form.getByText('In the hour field of the schedule, 25 is outside 0 to 23.')).toBeVisible();
    await form.getByLabel('Schedule (cron)').fill('0 8 * * 1-5');
    const runs = page.getByRole('region', { name: 'Next five runs' }).getByRole('row');
    await expect(runs).toHaveCount(6);
    await expect(runs.first()).toContainText('Your time (Europe/Paris)');
    for (let i = 1; i <= 5; i++) {
      const [vietnam, paris] = await runs.nth(i).getByRole('cell').allTextContents();
      // 08:00 in Vietnam (UTC+7) is 01:00 UTC: 02:00 in Paris in winter, 03:00 in summer, by Paris's own rules
      const m = /(\d\d)\/(\d\d)\/(\d{4}), 08:00$/.exec(vietnam ?? '');
      expect(m, vietnam).toBeTruthy();
      const [, day, month, year] = m as RegExpExecArray;
      const expected = dateAndTime(Date.UTC(Number(year), Number(month) - 1, Number(day), 1, 0), 'Europe/Paris');
      expect(paris).toContain(expected.date);
      expect(paris).toMatch(new RegExp(`${expected.time}$`));
      expect(expected.time).toMatch(/^0[23]:00$/);
    }
    await form.getByLabel('Mail server (host)').fill('127.0.0.1');
    await form.getByRole('spinbutton', { name: 'Port' }).fill(String(smtp.port));
    await form.getByLabel('Sender address').fill('console@it4u.test');
    const recipients = form.getByLabel('Recipients of the report (cc)');
    await recipients.fill('noc@it4u.test');
    await recipients.press('Enter');
    await form.getByLabel('Subject', { exact: true }).fill('Báo cáo khách hàng');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await expect(page.getByText(/Mail is not configured/)).toBeHidden();

    // the test mail: the SMTP server receives it and the tab says what the server answered
    const test = page.locator('form[id="mailTest"]');
    await test.getByLabel('Send to').fill('me@it4u.test');
    await test.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The mail server accepted the mail: 250' })).toBeVisible();
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]?.to).toEqual(['me@it4u.test']);
    const log = page.getByRole('table', { name: 'Send log' });
    await expect(log.getByRole('row', { name: /Test mail.*me@it4u\.test/ })).toContainText('Sent');
    await accessible(page);

    await new Shell(page).chooseLanguage('Tiếng Việt');
    await expect(page.getByRole('table', { name: 'Nhật ký gửi thư' })).toContainText('Máy chủ thư đã nhận thư: 250');
    await accessible(page);
    await new Shell(page).chooseLanguage('English');

    // forgot password: the user asks on /verify, the mail's link opens the reset form, the new password signs in
    const token = await adminToken(request, readState().adminNewPassword);
    await createUser(request, token, {
      username: 'e2e_reset',
      password: 'Old-Pass-2026!',
      roles: ['ROLE_KT'],
      language: 'Vietnamese',
    });
    const guest = await browser.newPage();
    await guest.goto('/verify');
    await guest.getByLabel('E-mail').fill('e2e_reset@example.test');
    await guest.getByRole('button', { name: 'Send reset link' }).click();
    await expect(guest.getByRole('status')).toContainText('If an account has this address');
    await accessible(guest);
    await expect.poll(() => smtp.received.length).toBe(2);
    const mail = smtp.received[1];
    expect(mail?.subject).toBe('Đặt lại mật khẩu IT4U console');
    const link = /\/resetPassword\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await guest.goto(link as string);
    await guest.getByLabel('New password', { exact: true }).fill('Mây-trắng-bay-2026');
    await guest.getByLabel('Confirm password').fill('Mây-trắng-bay-2026');
    await accessible(guest);
    await guest.getByRole('button', { name: 'Reset password' }).click();
    await expect(guest.getByRole('status')).toContainText('Your password has been changed');
    // the link works once
    await guest.goto(link as string);
    await guest.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
    await guest.getByLabel('Confirm password').fill('Another-pass-2026');
    await guest.getByRole('button', { name: 'Reset password' }).click();
    await expect(guest.getByRole('alert')).toContainText('This reset link is not valid');
    const signin = await request.post('/api/v1/auth/signin', {
      data: { usernameOrEmail: 'e2e_reset', password: 'Mây-trắng-bay-2026' },
    });
    expect(signin.status()).toBe(200);
    await guest.close();
  } finally {
    await smtp.close();
  }
});
