import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { bearer, createTestApp, drivers, seedUser, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';

describe.each(drivers)('the own account on %s', (driver) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof tokenFor>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { scheduleMail: false });
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/configMail',
      headers: admin.headers,
      payload: mailSettingsFor(smtp.port),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/user/update', headers, payload });
  const changePassword = (headers: Record<string, string>, currentPassword: string, newPassword = 'Brand-new-42') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/changePassword',
      headers,
      payload: { currentPassword, newPassword, confirmPassword: newPassword },
    });

  it('changes the e-mail address only with the current password, and tells the address of before', async () => {
    const u = await seedUser(t.database, { roles: ['ROLE_KT'], email: 'lan.old@it4u.test' });
    await t.database.db.execute(sql`update users set language = 'Vietnamese' where id = ${u.id}`);
    const headers = bearer((await signin(t.app, u.username, u.password)).accessToken);

    const without = await update(headers, { email: 'thief@evil.test' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'currentPasswordRequired' });
    expect(without.json().details[0].field).toBe('currentPassword');
    const wrong = await update(headers, { email: 'thief@evil.test', currentPassword: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrongCurrentPassword' });
    const username = await update(headers, { username: `${u.username}_x` });
    expect(username.json()).toMatchObject({ code: 'currentPasswordRequired' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers })).json().email).toBe(
      'lan.old@it4u.test',
    );
    expect(smtp.received).toHaveLength(0);

    // the body as the profile page sends it: the same values back, nothing asked
    const same = await update(headers, { username: u.username, email: 'lan.old@it4u.test', gender: 'Female' });
    expect(same.statusCode, same.body).toBe(200);

    const right = await update(headers, { email: 'lan.new@it4u.test', currentPassword: u.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().email).toBe('lan.new@it4u.test');
    await smtp.waitFor(1);
    const mail = smtp.received[0];
    expect(mail?.envelopeTo).toEqual(['lan.old@it4u.test']);
    expect(mail?.subject).toBe('Thông tin đăng nhập tài khoản IT4U console của bạn đã thay đổi');
    expect(mail?.text).toContain('lan.old@it4u.test → lan.new@it4u.test');
    expect(mail?.text).toContain(u.username);
    const events = (await createAudit(t.database.db).list(1000)).filter((e) => e.target === u.username);
    expect(events.find((e) => e.event === 'user.login')?.details).toEqual({
      email: { from: 'lan.old@it4u.test', to: 'lan.new@it4u.test' },
    });
  });

  it('changes the username with the current password; the address is told in English', async () => {
    const u = await seedUser(t.database, { roles: ['ROLE_KT'] });
    const headers = bearer((await signin(t.app, u.username, u.password)).accessToken);
    const before = smtp.received.length;
    const res = await update(headers, { username: `${u.username}_new`, currentPassword: u.password });
    expect(res.statusCode, res.body).toBe(200);
    await smtp.waitFor(before + 1);
    const mail = smtp.received[before];
    expect(mail?.envelopeTo).toEqual([u.email]);
    expect(mail?.subject).toBe('The sign-in details of your IT4U console account were changed');
    expect(mail?.text).toContain(`- username: ${u.username} → ${u.username}_new`);
    await signin(t.app, `${u.username}_new`, u.password);
    // the send log names it a notice (not a reset), which is never resent
    const reader = await tokenFor(t, ['ROLE_ADMIN']);
    const kindOf = async () => {
      const log = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailLog', headers: reader.headers });
      return log.json().items.find((l: { to: string[] }) => l.to.includes(u.email))?.kind;
    };
    // the line is written once the server has answered the mail
    await expect.poll(kindOf, { timeout: 5_000 }).toBe('notice');
  });

  it('answers 429 to the sixth wrong current password of an account in 15 minutes', async () => {
    const u = await tokenFor(t, ['ROLE_KH']);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await changePassword(u.headers, `wrong-guess-${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('counts the wrong current passwords of both routes together; a right one takes back its own try only', async () => {
    const u = await seedUser(t.database, { roles: ['ROLE_KT'] });
    const headers = bearer((await signin(t.app, u.username, u.password)).accessToken);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await changePassword(headers, `wrong-guess-${i}`)).statusCode);
    // a right password takes back its own try only: the wrong ones still count
    expect(
      (await update(headers, { username: u.username, email: u.email, currentPassword: u.password })).statusCode,
    ).toBe(200);
    expect((await update(headers, { email: 'x@evil.test', currentPassword: 'not-it-1' })).statusCode).toBe(400);
    codes.push((await changePassword(headers, 'wrong-guess-4')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400]);
    const sixth = await changePassword(headers, 'wrong-guess-5');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'tooManyPasswordTries', params: { minutes: 15 } });
    // locked for the window: the right password too, on either route
    expect((await changePassword(headers, u.password)).statusCode).toBe(429);
    expect((await update(headers, { email: 'x@evil.test', currentPassword: u.password })).statusCode).toBe(429);
    // another account is not concerned
    const other = await tokenFor(t, ['ROLE_KT']);
    expect((await changePassword(other.headers, other.user.password)).statusCode).toBe(200);
  });

  it('makes a user an administrator created change the password at the first sign-in', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: admin.headers,
      payload: {
        name: 'Trần Thị Mới',
        username: 'tt_moi',
        email: 'tt_moi@example.test',
        password: 'Chosen-by-admin-7',
        confirmPassword: 'Chosen-by-admin-7',
        gender: 'Female',
        language: 'English',
        type: 'User',
        roles: ['ROLE_KT'],
        sitename: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().changePw).toBe(true);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: 'tt_moi', password: 'Chosen-by-admin-7' },
    });
    expect(first.json()).toMatchObject({ changePw: true });
    const headers = bearer(first.json().accessToken);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/getSitename/', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('changePasswordFirst');
    expect((await changePassword(headers, 'Chosen-by-admin-7', 'Own-choice-2026')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { usernameOrEmail: 'tt_moi', password: 'Own-choice-2026' },
    });
    expect(again.json()).toMatchObject({ changePw: false });
  });
});
