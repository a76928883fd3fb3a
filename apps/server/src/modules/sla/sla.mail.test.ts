import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import { createLeases } from '../../lib/leases.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { pdfText } from '../../test/pdf.ts';
import { mailSettingsFor, startSmtp } from '../../test/smtp.ts';
import { createChannelsRepository } from '../channels/channels.repository.ts';
import { createContractsRepository } from '../contracts/contracts.repository.ts';
import { createMailRepository } from '../mail/mail.repository.ts';
import { createMailService } from '../mail/mail.service.ts';
import { createSettingsStore } from '../settings/settings.module.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createWanLinksRepository } from '../wanLinks/wanLinks.repository.ts';
import { vn, vnpt } from './sla.fixture.ts';
import { createSlaMail } from './sla.mail.ts';
import { createSlaService } from './sla.service.ts';

type Json = Record<string, unknown>;
const NOC = 'noc@it4u.test';
const HOA_MAI = 'lettan@hoamai.vn';

describe.each(drivers)("the availability report's PDF and monthly mail on %s", (driver) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let contractId: number;
  let clock = vn('2026-11-05T10:00');

  /** Another instance of the console on the same database, as far as the monthly mail goes. */
  const instance = () => {
    const db = t.database.db;
    const wanLinks = createWanLinksRepository(db);
    const mail = createMailService({
      mail: createMailRepository(db),
      leases: createLeases(db),
      settings: createSettingsStore(db, 'mail'),
      audit: createAudit(db),
      secretKey: t.masterKey,
      now: () => clock,
      report: async () => [],
    });
    const contracts = createContractsRepository(db);
    return createSlaMail({
      sla: createSlaService({
        wanLinks: { all: () => wanLinks.list(), periodChanges: wanLinks.periodChanges },
        channels: createChannelsRepository(db),
        now: () => clock,
      }),
      mail,
      store: createSettingsStore(db, 'slaMail'),
      customerName: async (id) => (await contracts.find(id))?.clientName,
      audit: createAudit(db),
      now: () => clock,
    });
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
  const slaLines = async () =>
    ((await call('GET', '/it4u/mailLog?pageSize=50')).json().items as Json[]).filter((l) => l.kind === 'sla');

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { now: () => clock, scheduleMail: false });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await createSitesRepository(t.database.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    contractId = (
      await call('POST', '/it4u/contracts', {
        numContract: 'HD-HM-1',
        clientName: 'Khách sạn Hoa Mai',
        sitename: ['hoamai01'],
      })
    ).json().id;
    await call('POST', '/it4u/channel/name', { name: 'VNPT' });
    const pack = (
      await call('POST', '/it4u/channel/value', {
        servicePack: 'FTTH Doanh nghiệp',
        channelName: { name: 'VNPT' },
        availabilityTarget: 99.5,
        countedHours: 'business',
      })
    ).json();
    const channel = (
      await call('POST', '/it4u/channel/attribute', { name: 'Kênh Hoa Mai', channelValueId: pack.id })
    ).json();
    await call('POST', '/it4u/channel/detail', { channelAttributeId: channel.id, contractId });
    const since = new Date(vn('2026-11-01T03:00'));
    const link = { wan: 1, provider: 'VNPT', ip: '14.160.1.2', up: true, uptime: null, since };
    const wanLinks = createWanLinksRepository(t.database.db);
    await wanLinks.seed(
      {
        sitename: 'Khách sạn Hoa Mai',
        groupName: 'Leased',
        uptimeLb: null,
        lastPushAt: new Date(vn('2026-12-31T00:00')),
      },
      [link],
      vnpt.map((c) => ({ wan: 1, at: new Date(c.at), state: c.state, provider: c.provider, ip: '14.160.1.2' })),
    );
    await wanLinks.seed(
      { sitename: 'Quán Biển Xanh', groupName: 'Leased', uptimeLb: null, lastPushAt: new Date(vn('2026-12-31T00:00')) },
      [{ ...link, provider: 'Viettel' }],
      [{ wan: 1, at: new Date(vn('2026-07-01T00:00')), state: 'up', provider: 'Viettel', ip: '27.72.1.2' }],
    );
    const mail = await call('PUT', '/it4u/configMail', mailSettingsFor(smtp.port));
    expect(mail.statusCode, mail.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("makes October's PDF with the figures worked out by hand, in both languages", async () => {
    const october = `from=${vn('2026-10-01T00:00')}&to=${vn('2026-11-01T00:00')}`;
    const en = await call('GET', `/it4u/sla/pdf?${october}&lang=en`);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe('attachment; filename="availability-2026-10.pdf"');
    const text = await pdfText(en.rawPayload);
    expect(text).toContain("Providers' availability");
    expect(text).toContain('Month 10/2026');
    // Hoa Mai's VNPT link: 712.5 of 720 known hours up (98.958 %); 7.5 hours down in 4 outages, the longest 2.5 hours
    expect(text).toMatch(/VNPT\s+1\s+98\.958 %\s+7 h 30 min\s+4\s+2 h 30 min\s+1 h 53 min\s+1\s*d\s+1/);
    // against its pack, in business hours: 188 of 189 hours up, under 99.5 %
    expect(text).toMatch(
      /Khách sạn Hoa Mai\s+WAN 1\s+VNPT\s+Khách sạn Hoa Mai\s+FTTH Doanh nghiệp\s+99\.47 %\s+99\.5 %/,
    );
    const vi = await pdfText((await call('GET', `/it4u/sla/pdf?${october}&lang=vi`)).rawPayload);
    expect(vi).toContain('Độ sẵn sàng của nhà cung cấp');
    expect(vi).toMatch(/VNPT\s+1\s+98,958 %\s+7 giờ 30 phút/);
    // one customer's own: their links, no other customer's
    const own = await pdfText(
      (await call('GET', `/it4u/sla/pdf?${october}&lang=vi&customerId=${contractId}`)).rawPayload,
    );
    expect(own).toMatch(/Khách\s+sạn Hoa Mai/);
    expect(own).not.toContain('Quán Biển Xanh');
    expect((await call('GET', `/it4u/sla/pdf?${october}&customerId=999999`)).statusCode).toBe(404);
    const customer = await tokenFor(t, ['ROLE_KH']);
    expect((await call('GET', `/it4u/sla/pdf?${october}`, undefined, customer.headers)).statusCode).toBe(403);
  });

  it('keeps the addresses an administrator sets, and refuses others', async () => {
    const body = {
      enabled: true,
      to: [NOC],
      customers: [{ customerId: contractId, to: [HOA_MAI] }],
      language: 'Vietnamese',
    };
    const set = await call('PUT', '/it4u/sla/mail', body);
    expect(set.statusCode, set.body).toBe(200);
    const named = { ...body, customers: [{ ...body.customers[0], name: 'Khách sạn Hoa Mai' }] };
    expect((await call('GET', '/it4u/sla/mail')).json()).toEqual(named);
    for (const [wrong, status] of [
      [{ ...body, to: ['not an address'] }, 400],
      [{ ...body, to: [NOC, NOC] }, 400],
      [{ ...body, customers: [{ customerId: 999999, to: [HOA_MAI] }] }, 404],
      [{ ...body, customers: [body.customers[0], body.customers[0]] }, 400],
      [{ ...body, enabled: 'yes' }, 400],
    ] as const) {
      expect((await call('PUT', '/it4u/sla/mail', wrong)).statusCode, JSON.stringify(wrong)).toBe(status);
    }
    const technician = await tokenFor(t, ['ROLE_KT']);
    expect((await call('PUT', '/it4u/sla/mail', body, technician.headers)).statusCode).toBe(403);
    expect((await call('GET', '/it4u/sla/mail')).json()).toEqual(named);
  });

  it("mails November's reports once on 1 December at 08:00 whatever the number of instances, and again on demand", async () => {
    const [a, b] = [instance(), instance()];
    clock = vn('2026-12-01T07:59');
    expect(await a.runDue()).toBe(vn('2026-12-01T08:00'));
    expect(smtp.received).toHaveLength(0);
    clock = vn('2026-12-01T08:00') + 20_000;
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    await smtp.waitFor(2);
    expect(smtp.received.map((m) => m.envelopeTo).sort()).toEqual([[HOA_MAI], [NOC]]);
    const operator = smtp.received.find((m) => m.envelopeTo[0] === NOC);
    expect(operator?.subject).toBe('Độ sẵn sàng của nhà cung cấp, tháng 11/2026');
    const attached = operator?.attachments[0];
    expect(attached?.contentType).toBe('application/pdf');
    const text = await pdfText(attached?.content as Buffer);
    expect(text).toContain('Tháng 11/2026');
    expect(text).toMatch(/Viettel\s+1\s+100 %/);
    const own = await pdfText(
      smtp.received.find((m) => m.envelopeTo[0] === HOA_MAI)?.attachments[0]?.content as Buffer,
    );
    expect(own).toMatch(/Khách\s+sạn Hoa Mai/);
    expect(own).not.toContain('Quán Biển Xanh');
    // a look later that day sends nothing more
    clock += 3_600_000;
    await Promise.all([a.runDue(), b.runDue()]);
    const lines = await slaLines();
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.ok && l.runAt === vn('2026-12-01T08:00'))).toBe(true);
    // the customer's line sent again: their report only, to them only
    const theirs = lines.find((l) => l.customerId === contractId);
    const again = await call('POST', `/it4u/mailLog/${theirs?.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().ok).toBe(true);
    await smtp.waitFor(3);
    expect(smtp.received[2]?.envelopeTo).toEqual([HOA_MAI]);
    expect(smtp.received[2]?.subject).toBe('Độ sẵn sàng các đường WAN của quý khách, tháng 11/2026');
    // a month sent by hand: both reports; a month to come is refused
    const sent = await call('POST', '/it4u/sla/mail/send', { month: '2026-10' });
    expect(sent.json()).toMatchObject({ sent: 2, failed: 0 });
    await smtp.waitFor(5);
    expect(smtp.received[3]?.subject).toContain('10/2026');
    // a mail sent by hand, sent again: still October's
    const byHand = (await slaLines()).find((l) => l.actor !== null && l.customerId === null);
    expect((await call('POST', `/it4u/mailLog/${byHand?.id}/resend`)).json().ok).toBe(true);
    await smtp.waitFor(6);
    expect(smtp.received[5]?.subject).toBe('Độ sẵn sàng của nhà cung cấp, tháng 10/2026');
    expect((await call('POST', '/it4u/sla/mail/send', { month: '2027-01' })).statusCode).toBe(400);
    expect((await call('POST', '/it4u/sla/mail/send', { month: '2026-13' })).statusCode).toBe(400);
  });

  it('logs a 1st no instance reached within the day as missed, and sends nothing late', async () => {
    const a = instance();
    clock = vn('2027-01-02T09:00');
    await a.runDue();
    const lines = await slaLines();
    const missed = lines.find((l) => l.runAt === vn('2027-01-01T08:00'));
    expect(missed).toMatchObject({ ok: false, code: 'mailMissed' });
    expect(smtp.received).toHaveLength(6);
    // turned on with nobody to send to: the log says so
    const nobody = { enabled: true, to: [], customers: [], language: 'English' };
    expect((await call('PUT', '/it4u/sla/mail', nobody)).statusCode).toBe(200);
    const none = await call('POST', '/it4u/sla/mail/send', { month: '2026-12' });
    expect(none.json()).toMatchObject({ sent: 0, failed: 1, outcomes: [{ ok: false, code: 'mailNoRecipients' }] });
    // off: nothing to wait for (the job looks again in its minute, never in a tight loop)
    expect((await call('PUT', '/it4u/sla/mail', { ...nobody, enabled: false })).statusCode).toBe(200);
    expect(await a.runDue()).toBeNull();
  });
});
