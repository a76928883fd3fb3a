import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';

type Json = Record<string, unknown>;

describe.each(drivers)('the mail password and encryption on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  // a server that offers no STARTTLS, and one that offers it with a certificate nobody signed
  let plain: Awaited<ReturnType<typeof startSmtp>>;
  let selfSigned: Awaited<ReturnType<typeof startSmtp>>;
  const put = (body: Json) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/it4u/configMail', headers: admin, payload: body });
  const get = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/configMail', headers: admin })).json() as Json;
  const testMail = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/configMail/test',
        headers: admin,
        payload: { to: 'me@it4u.test' },
      })
    ).json() as Json & { params: Json };
  const login = { usernameMail: 'console@it4u.test', passwordMail: 'smtp-secret-4711' };

  beforeAll(async () => {
    plain = await startSmtp({ username: login.usernameMail, password: login.passwordMail });
    selfSigned = await startSmtp({ username: login.usernameMail, password: login.passwordMail, starttls: true });
    t = await createTestApp(driver, { scheduleMail: false });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
    await selfSigned.close();
  });

  it('never sends the password to a server without encryption, unless allowed', async () => {
    const saved = await put(mailSettingsFor(plain.port, login));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ allowInsecure: false });
    const refused = await testMail();
    expect(refused).toMatchObject({ ok: false, code: 'mailTlsRequired' });
    expect(refused.message).toMatch(/offers no encryption/);
    expect(plain.logins).toHaveLength(0);
    expect(plain.received).toHaveLength(0);

    // the administrator's tick lets it through
    expect((await put(mailSettingsFor(plain.port, { ...login, allowInsecure: true }))).json()).toMatchObject({
      allowInsecure: true,
    });
    expect(await testMail()).toMatchObject({ ok: true, code: 'mailSent' });
    expect(plain.logins).toEqual([{ username: login.usernameMail, password: login.passwordMail, secure: false }]);
    await plain.waitFor(1);
  });

  it('keeps the tick for a body without it on the same server, and drops it for another', async () => {
    expect((await put(mailSettingsFor(plain.port, { ...login, allowInsecure: true }))).statusCode).toBe(200);
    expect((await put(mailSettingsFor(plain.port, { ...login, passwordMail: '********' }))).statusCode).toBe(200);
    expect(await get()).toMatchObject({ allowInsecure: true });
    expect((await put(mailSettingsFor(selfSigned.port, login))).statusCode).toBe(200);
    expect(await get()).toMatchObject({ allowInsecure: false });
    for (const allowInsecure of ['yes', 1, null]) {
      expect((await put(mailSettingsFor(plain.port, { ...login, allowInsecure }))).statusCode).toBe(400);
    }
  });

  it('sends nothing through a STARTTLS whose certificate cannot be trusted', async () => {
    expect((await put(mailSettingsFor(selfSigned.port, login))).statusCode).toBe(200);
    const res = await testMail();
    expect(res).toMatchObject({ ok: false, code: 'mailUnreachable' });
    expect(selfSigned.logins).toHaveLength(0);
  });

  it('sends mail without a login over a server without encryption, as before', async () => {
    const open = await startSmtp();
    try {
      expect((await put(mailSettingsFor(open.port))).statusCode).toBe(200);
      expect(await testMail()).toMatchObject({ ok: true, code: 'mailSent' });
    } finally {
      await open.close();
    }
  });
});
