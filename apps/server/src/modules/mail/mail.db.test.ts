import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { createLeases } from '../../lib/leases.ts';
import {
  createTestApp,
  drivers,
  pushWan,
  seedUser,
  setDeviceToken,
  type TestApp,
  tokenFor,
} from '../../test/helpers.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';
import { createSettingsStore } from '../settings/settings.module.ts';
import { createWanLinksRepository } from '../wanLinks/wanLinks.repository.ts';
import { createWanLinksService } from '../wanLinks/wanLinks.service.ts';
import { createMailRepository } from './mail.repository.ts';
import { createMailService } from './mail.service.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** 07:59 in Vietnam (00:59 UTC), a Tuesday: the tests' clock, moved by hand. */
const T0 = Date.UTC(2026, 10, 24, 0, 59);
/** 08:00 in Vietnam that day: a time of the schedule '0 8 * * *'. */
const EIGHT = Date.UTC(2026, 10, 24, 1, 0);
const TOKEN = 'router-token-0123456789';

type Json = Record<string, unknown>;

describe.each(drivers)('mail on %s', (driver) => {
  let t: TestApp;
  let clock = T0;
  let admin: Record<string, string>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const settings = (over: Json = {}) =>
    mailSettingsFor(smtp.port, {
      ccMail: ['noc@it4u.test', 'lead@it4u.test'],
      subjectMail: 'Báo cáo sáng',
      textMail: 'Chào cả nhà,\nđây là báo cáo.',
      languageMail: 'Vietnamese',
      ...over,
    });
  const put = (body: Json, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/it4u/configMail', headers, payload: body });
  /**
   * An instance of the console's mail service on the same database (another instance, as far as the schedule goes),
   * with its own customer report, made when it is first read (another instance's report keeps a copy of its own).
   */
  const instance = (report?: () => Promise<never>) => {
    const wanLinks = createWanLinksService({
      audit: createAudit(t.database.db),
      wanLinks: createWanLinksRepository(t.database.db),
      siteHealth: async () => ({ bySite: new Map() }),
      now: () => clock,
    });
    return createMailService({
      mail: createMailRepository(t.database.db),
      leases: createLeases(t.database.db),
      settings: createSettingsStore(t.database.db, 'mail'),
      audit: { record: async () => 0 } as never,
      secretKey: Buffer.alloc(32),
      now: () => clock,
      report: report ?? (() => wanLinks.list()),
    });
  };
  const runs = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailRuns', headers: admin })).json() as Json[];
  const resend = (id: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/v1/it4u/mailLog/${id}/resend`, headers });
  const log = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailLog?pageSize=50', headers: admin })).json() as {
      items: Json[];
      total: number;
    };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { now: () => clock, scheduleMail: false });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await setDeviceToken(t, admin, TOKEN);
    for (const body of [
      { sitename: 'Quán Cà Phê Lá', wan1Provider: 'VNPT', wan1Ip: '14.160.1.2', wan1Status: 1 },
      {
        sitename: 'Khách sạn Biển',
        wan1Provider: 'VNPT',
        wan1Ip: '14.160.1.3',
        wan1Status: 1,
        wan2Provider: 'Viettel',
        wan2Ip: '27.72.1.9',
        wan2Status: 0,
      },
      { sitename: '=HYPERLINK("x")', wan1Provider: 'FPT', wan1Ip: '1.52.0.1', wan1Status: 0 },
    ]) {
      const res = await pushWan(t, TOKEN, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is for administrators only', async () => {
    for (const role of ['ROLE_LEAD_KT', 'ROLE_KT', 'ROLE_MANAGER', 'ROLE_KH'] as const) {
      const { headers } = await tokenFor(t, [role]);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/configMail', headers })).statusCode).toBe(403);
      expect((await put(settings(), headers)).statusCode).toBe(403);
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/configMail/test',
        headers,
        payload: { to: 'x@it4u.test' },
      });
      expect(test.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailLog', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailRuns', headers })).statusCode).toBe(403);
      expect((await resend(1, headers)).statusCode).toBe(403);
    }
  });

  it('says mail is not configured before the settings, and the test mail says so in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/configMail', headers: admin });
    expect(res.json()).toMatchObject({ configured: false, maxMessages: 100, rateDelta: 1000 });
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/configMail/test',
      headers: admin,
      payload: { to: 'me@it4u.test' },
    });
    expect(test.json()).toMatchObject({ ok: false, code: 'mailNotConfigured' });
    expect((await log()).items[0]).toMatchObject({ kind: 'test', ok: false, code: 'mailNotConfigured' });
  });

  it('refuses a bad schedule with the reason, and other bad settings naming the field', async () => {
    const cases: [Json, string, string][] = [
      [{ cronjobMail: '0 8 * *' }, 'cronjobMail', 'cronFieldCount'],
      [{ cronjobMail: '61 8 * * *' }, 'cronjobMail', 'cronFieldRange'],
      [{ cronjobMail: '0 8 * * MON-XYZ' }, 'cronjobMail', 'cronFieldInvalid'],
      [{ cronjobMail: '0 8 31 2 *' }, 'cronjobMail', 'cronNeverRuns'],
      [{ hostMail: '', serviceMail: '' }, 'hostMail', 'mailServerRequired'],
      [{ serviceMail: 'no-such-mail-service' }, 'serviceMail', 'mailServiceUnknown'],
      [{ fromMail: '', usernameMail: 'apikey' }, 'fromMail', 'mailFromRequired'],
    ];
    for (const [over, field, code] of cases) {
      const res = await put(settings(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toMatchObject({ code, details: [{ field, code }] });
    }
    // an empty schedule is said as the mailer tab says it (Please_input_your_cronjob), missing or blank too
    const { cronjobMail: _cron, ...noSchedule } = settings() as Json;
    for (const body of [settings({ cronjobMail: '' }), settings({ cronjobMail: '   ' }), noSchedule] as Json[]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body.cronjobMail)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'cronRequired',
        message: 'Please input your cronjob!',
        details: [{ field: 'cronjobMail', code: 'cronRequired' }],
      });
    }
    for (const over of [{ ccMail: ['not-an-address'] }, { portMail: 0 }, { portMail: '25' }, { rateLimit: -1 }]) {
      const res = await put(settings(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/it4u/configMail', headers: admin });
    expect(res.json().configured).toBe(false);
  });

  it('keeps the password encrypted and masked, and asks for it again when the server changes', async () => {
    const saved = await put(settings({ usernameMail: 'console@it4u.test', passwordMail: 'smtp-secret-1' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ passwordMail: '********', configured: true });
    expect(saved.body).not.toContain('smtp-secret-1');
    const moved = await put(
      settings({ usernameMail: 'console@it4u.test', passwordMail: '********', hostMail: '10.0.0.9' }),
    );
    expect(moved.json()).toMatchObject({ code: 'mailPasswordAgain' });
    expect((await put(settings())).statusCode).toBe(200);
  });

  it('sends a test mail and says what the server answered; the log has it, and resend sends it again', async () => {
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/it4u/configMail/test',
      headers: admin,
      payload: { to: 'me@it4u.test' },
    });
    expect(res.json()).toMatchObject({ ok: true, code: 'mailSent' });
    expect(res.json().message).toMatch(/^The mail server accepted the mail: 250/);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo).toEqual(['me@it4u.test']);
    expect(mail?.from?.text).toBe('console@it4u.test');
    const line = (await log()).items[0] as Json;
    expect(line).toMatchObject({ kind: 'test', ok: true, to: ['me@it4u.test'], code: 'mailSent' });
    expect(line.response).toMatch(/^250/);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/it4u/mailLog/${line.id}/resend`, headers: admin });
    expect(again.json()).toMatchObject({ ok: true });
    await smtp.waitFor(before + 2);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/it4u/mailLog/999999/resend', headers: admin })).statusCode,
    ).toBe(404);
  });

  it('logs why a server that refuses the login or the recipients did not take the mail', async () => {
    const strict = await startSmtp({ username: 'u', password: 'right' });
    const refusing = await startSmtp({ refuseRecipients: true });
    try {
      expect(
        // the loopback server offers no encryption: allowed here, so that the login is tried
        (await put(settings({ portMail: strict.port, usernameMail: 'u', passwordMail: 'wrong', allowInsecure: true })))
          .statusCode,
      ).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/configMail/test',
        headers: admin,
        payload: { to: 'me@it4u.test' },
      });
      expect(res.json()).toMatchObject({ ok: false, code: 'mailAuthRefused' });
      expect(res.json().params.response).toMatch(/535/);
      expect((await log()).items[0]).toMatchObject({ ok: false, code: 'mailAuthRefused' });

      expect((await put(settings({ portMail: refusing.port }))).statusCode).toBe(200);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/configMail/test',
        headers: admin,
        payload: { to: 'me@it4u.test' },
      });
      expect(refused.json()).toMatchObject({ ok: false, code: 'mailRecipientsRefused' });
      expect(refused.json().params.response).toMatch(/550/);

      // nothing listens here any more
      const port = strict.port;
      await strict.close();
      expect((await put(settings({ portMail: port }))).statusCode).toBe(200);
      const down = await t.app.inject({
        method: 'POST',
        url: '/api/v1/it4u/configMail/test',
        headers: admin,
        payload: { to: 'me@it4u.test' },
      });
      expect(down.json()).toMatchObject({ ok: false, code: 'mailUnreachable' });
      expect(strict.received).toHaveLength(0);
    } finally {
      await refusing.close();
      expect((await put(settings())).statusCode).toBe(200);
    }
  });

  it('sends the scheduled report once whatever the number of instances, with the table attached', async () => {
    clock = T0;
    // the schedule counts from when it is set
    expect((await put(settings({ cronjobMail: '30 7 * * *' }))).statusCode).toBe(200);
    expect((await put(settings())).statusCode).toBe(200);
    const before = smtp.received.length;
    const [a, b] = [instance(), instance()];
    expect(await a.runDue()).toBe(EIGHT);
    expect(smtp.received.length).toBe(before);

    clock = EIGHT + 30_000;
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 1);
    expect(mail?.subject).toBe('Báo cáo sáng');
    expect(mail?.envelopeTo.sort()).toEqual(['lead@it4u.test', 'noc@it4u.test']);
    expect(mail?.html).toContain('Chào cả nhà,<br>đây là báo cáo.');
    expect(mail?.html).toContain('3 điểm khách hàng: 2 sự cố, 0 không cập nhật, 2 đường WAN mất kết nối');
    expect(mail?.html).toContain('WAN2 Viettel 27.72.1.9');
    expect(mail?.html).not.toContain('Quán Cà Phê Lá');
    const sheet = mail?.attachments.find((f) => f.filename?.endsWith('.xlsx'));
    expect(sheet?.filename).toBe('bao-cao-khach-hang-2026-11-24.xlsx');
    const book = XLSX.read(sheet?.content);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows[0]?.[0]).toBe('Điểm');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['\'=HYPERLINK("x")', 'Khách sạn Biển']);
    const runs = (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailRuns', headers: admin })).json();
    expect(runs[0]).toEqual({ at: EIGHT, status: 'sent' });
    expect((await log()).items[0]).toMatchObject({ kind: 'report', ok: true, runAt: EIGHT });

    // a retry of the same time sends nothing
    await a.runDue();
    expect(smtp.received.length).toBe(before + 1);
    a.close();
    b.close();
  });

  it('records the times no instance was up for as missed, and sends none of them late', async () => {
    const before = smtp.received.length;
    clock = EIGHT + 3 * DAY + 60 * MIN;
    const c = instance();
    const next = await c.runDue();
    c.close();
    expect(next).toBe(EIGHT + 4 * DAY);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
    const runs = (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/mailRuns', headers: admin })).json();
    expect(runs.slice(0, 4)).toEqual([
      { at: EIGHT + 3 * DAY, status: 'missed' },
      { at: EIGHT + 2 * DAY, status: 'missed' },
      { at: EIGHT + DAY, status: 'missed' },
      { at: EIGHT, status: 'sent' },
    ]);
    const missed = (await log()).items.filter((l) => l.code === 'mailMissed');
    expect(missed).toHaveLength(3);
  });

  it('logs a report without recipients as failed', async () => {
    expect((await put(settings({ ccMail: [] }))).statusCode).toBe(200);
    clock = EIGHT + 4 * DAY + MIN;
    const d = instance();
    await d.runDue();
    d.close();
    expect((await log()).items[0]).toMatchObject({ kind: 'report', ok: false, code: 'mailNoRecipients' });
    expect((await runs())[0]).toEqual({ at: EIGHT + 4 * DAY, status: 'failed' });
    expect((await put(settings())).statusCode).toBe(200);
  });

  it('logs a report that cannot be made as failed with the reason, and does not send it later', async () => {
    const before = smtp.received.length;
    clock = EIGHT + 5 * DAY + MIN;
    const broken = instance(async () => {
      throw new Error('the report query failed: relation "wan_sites" does not exist');
    });
    await broken.runDue();
    expect((await log()).items[0]).toMatchObject({
      kind: 'report',
      ok: false,
      code: 'mailFailed',
      params: { reason: 'the report query failed: relation "wan_sites" does not exist' },
      to: ['noc@it4u.test', 'lead@it4u.test'],
      runAt: EIGHT + 5 * DAY,
    });
    expect((await runs())[0]).toEqual({ at: EIGHT + 5 * DAY, status: 'failed' });
    // the time was decided: another look, or another instance, sends nothing for it
    const e = instance();
    await Promise.all([broken.runDue(), e.runDue()]);
    broken.close();
    e.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
    expect((await log()).items.filter((l) => l.runAt === EIGHT + 5 * DAY)).toHaveLength(1);
  });

  it('leaves a time to the instance sending it however long it takes, and fails it once that instance died', async () => {
    const before = smtp.received.length;
    const at = EIGHT + 6 * DAY;
    // an instance holds the report's lease (renewing it) and took the time 10 s after it: it is still sending
    const sending = await createLeases(t.database.db, { holder: 'sending' }).hold('mail.report');
    expect(sending).toBeDefined();
    expect(await createMailRepository(t.database.db).claim('report', at, 'running', at + 10_000)).toBe(true);
    const [f, g] = [instance(), instance()];
    // half an hour later it is still at it: left alone, and the time not taken again
    clock = at + 30 * MIN;
    await Promise.all([f.runDue(), g.runDue()]);
    expect((await runs())[0]).toEqual({ at, status: 'running' });
    expect((await log()).items.filter((l) => l.runAt === at)).toHaveLength(0);

    // it died: its lease runs out on the database's clock (nothing renews it), and the next look fails its time once
    await sending?.release();
    await t.database.db.execute(sql`insert into duty_leases (name, holder, token, until)
      values ('mail.report', 'died', 1, now() - interval '1 second')
      on conflict (name) do update set holder = 'died', token = duty_leases.token + 1, until = excluded.until`);
    await Promise.all([f.runDue(), g.runDue(), f.runDue()]);
    expect((await runs())[0]).toEqual({ at, status: 'failed' });
    const lines = (await log()).items.filter((l) => l.runAt === at);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'report', ok: false, code: 'mailInterrupted', runAt: at });
    f.close();
    g.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('never lets a late end of a time overwrite what the instance that took over said of it', async () => {
    const at = EIGHT + 7 * DAY;
    const repository = createMailRepository(t.database.db);
    const stalled = await createLeases(t.database.db, { holder: 'stalled' }).hold('mail.report', { ttlMs: 600 });
    expect(await repository.claim('report', at, 'running', at + 1_000)).toBe(true);
    // it stalls past its lease; another instance takes the job over and says the time interrupted
    await t.database.db.execute(
      sql`update duty_leases set until = now() - interval '1 second' where name = 'mail.report'`,
    );
    clock = at + 2 * MIN;
    const h = instance();
    await h.runDue();
    h.close();
    expect((await runs())[0]).toEqual({ at, status: 'failed' });
    // the stalled one wakes and says the mail went out: refused, the log keeps one line of that time
    if (!stalled) throw new Error('no lease');
    await repository.finish('report', at, 'sent', null, stalled.fence);
    expect((await runs())[0]).toEqual({ at, status: 'failed' });
    expect((await log()).items.filter((l) => l.runAt === at)).toHaveLength(1);
    await stalled.release();
  });

  it('resends a report line as the report as of now, and will not resend a reset mail', async () => {
    const before = smtp.received.length;
    const report = (await log()).items.find((l) => l.kind === 'report' && l.runAt === EIGHT) as Json;
    const again = await resend(report.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ ok: true, code: 'mailSent' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo.sort()).toEqual(['lead@it4u.test', 'noc@it4u.test']);
    expect(mail?.subject).toBe('Báo cáo sáng');
    expect(mail?.attachments.some((f) => f.filename?.endsWith('.xlsx'))).toBe(true);
    // a resend is the report as of now, sent by the administrator, not a time of the schedule
    expect((await log()).items[0]).toMatchObject({ kind: 'report', ok: true, runAt: null, actor: expect.any(String) });

    const user = await seedUser(t.database, { roles: ['ROLE_KT'], email: 'reset.me@it4u.test' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotPassword',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    await smtp.waitFor(before + 2);
    let line: Json | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      line = (await log()).items.find((l) => l.kind === 'reset');
      if (!line) await new Promise((r) => setTimeout(r, 50));
    }
    expect(line).toMatchObject({ kind: 'reset', ok: true, to: ['reset.me@it4u.test'] });
    const total = (await log()).total;
    const refused = await resend(line?.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'mailResendReset' });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 2);
    expect((await log()).total).toBe(total);
  });
});
