import { describe, expect, it } from 'vitest';
import { createTestApp, drivers } from '../../test/helpers.ts';
import { listen } from '../../test/loopback.ts';
import { multipartFile } from '../../test/multipart.ts';
import { png } from '../../test/png.ts';
import { SIM_CLOCKS, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createVoucherUsesRepository } from '../vouchers/vouchers.repository.ts';
import { fromHere } from './portal.routes.ts';

type Json = Record<string, unknown>;
/** The console's public address in these tests: saving a hotspot points the controller's external portal there. */
const CONSOLE = '203.0.113.10';
/** A site's guest access pointed at the console's page, its form the one of the switches. */
const ours = (form: 'hotspot' | 'password' | 'none', more: Json = {}): Json => ({
  portal_enabled: true,
  auth: 'custom',
  custom_ip: CONSOLE,
  voucher_enabled: form === 'hotspot',
  password_enabled: form === 'password',
  ...more,
});
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(drivers)('the guest login page on %s', (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon', { portalAddress: CONSOLE });
  const world = () => suite.sim.sim.state.sites;
  let n = 0;
  /** A site of the simulator in the site names, its portal set as asked (before the console first reads it). */
  async function portalSite(index: number, access: Json) {
    const site = world()[index];
    if (!site) throw new Error('no such site');
    const setting = site.settings.find((x) => x.key === 'guest_access') as Json;
    Object.assign(setting, access);
    await createSitesRepository(suite.t.database.db).insert({ sitename: site.desc, idname: site.name });
    return site;
  }
  const mac = () => `02:00:00:00:00:${(++n).toString(16).padStart(2, '0')}`;
  const page = (site: string, query = '') => suite.t.app.inject({ method: 'GET', url: `/guest/s/${site}/${query}` });
  const post = (site: string, fields: Record<string, string>, ip = '10.0.0.1') =>
    suite.t.app.inject({ method: 'POST', url: `/guest/s/${site}/`, remoteAddress: ip, ...form(fields) });

  it('shows the venue and the voucher form in Vietnamese, with no script and a strict policy', async () => {
    // the controller's external portal points here; the site's choice (vouchers) is in its switches
    const site = await portalSite(1, ours('hotspot', { redirect_url: 'https://hoamai.example/uu-dai' }));
    const res = await page(
      site.name,
      `?id=${mac()}&ap=aa:bb:cc:dd:ee:ff&url=${encodeURIComponent('http://example.com/"><b>x')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    // framed by nobody (the Upload tab's preview aside)
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toContain(`Chào mừng đến với ${site.desc}`);
    expect(res.body).toContain('name="code"');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain('"><b>x');
    expect(res.body).toContain('&quot;&gt;&lt;b&gt;x');
    const [first, second] = [mac(), mac()];
    const en = await page(site.name, `?id=${first}&lang=en`);
    expect(en.body).toContain(`Welcome to ${site.desc}`);
    // the page's fixed text is shared; each guest's carries its own device
    const other = await page(site.name, `?id=${second}&lang=en`);
    expect(other.body).toContain(`name="id" value="${second}"`);
    expect(other.body).not.toContain(first);
    expect(other.body).toContain(`id=${encodeURIComponent(second)}&amp;lang=vi`);
    // the Upload tab's preview: the form without a device, framed by the console alone
    const preview = await page(site.name, '?preview=1&lang=en');
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('name="code"');
    expect(preview.body).not.toContain('name="id"');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    // a new splash image shows at once, though the page's view is kept a few seconds
    expect(preview.body).not.toContain('/images/');
    const body = multipartFile('splash.png', png(1600, 1000));
    const uploaded = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v1/upload/${site.name}/desktop`,
      headers: { ...suite.kt, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect((await page(site.name, '?preview=1&lang=en')).body).toContain(`/images/${site.name}/desktop/1.png`);
    expect((await page('nosuchsite', `?id=${mac()}`)).statusCode).toBe(404);
    expect((await page(site.name)).body).toContain('Hãy mở trang này từ mạng wifi của địa điểm.');
  });

  it('lets a guest in with a right voucher (its limits, confirmed on the controller) and sends the phone on', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const made = await call('POST', `/it4u/${site.name}/createVoucher`, {
      n: 1,
      quota: 1,
      expire: 480,
      up: 512,
      down: 2048,
      bytes: 300,
      note: 'Phòng 201',
    });
    const voucher = made.json()[0];
    const guest = mac();
    const wrongOnce = await post(site.name, { id: guest, code: '00000-00000' });
    expect(wrongOnce.statusCode).toBe(401);
    expect(wrongOnce.body).toContain('Mã voucher không đúng');
    const listReads = () => suite.sim.sim.callsFor('GET', '/api/s/{site}/stat/voucher', site.name);
    const readsBefore = listReads();
    const right = await post(site.name, {
      id: guest,
      ap: site.devices[0]?.mac ?? '',
      code: voucher.code,
      url: 'http://neverssl.com',
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('https://hoamai.example/uu-dai');
    expect(site.authorized.get(guest)).toMatchObject({
      minutes: 480,
      up: 512,
      down: 2048,
      bytes: 300,
      apMac: site.devices[0]?.mac,
    });
    // single use: spent, no other phone gets in with it
    expect(site.vouchers.some((v) => v._id === voucher.id)).toBe(false);
    const again = await post(site.name, { id: mac(), code: voucher.code, lang: 'en' }, '10.0.0.2');
    expect(again.body).toContain('This voucher code is not valid');
    // the spent voucher left the list the console keeps: neither login read the controller's list again
    expect(listReads()).toBe(readsBefore);
    // its use is kept: another instance, whose list still has it for a while, lets no other phone in with it
    const uses = createVoucherUsesRepository(suite.t.database.db);
    expect(await uses.use(site.name, voucher.id, mac(), new Date(SIM_CLOCKS.noon), 1)).toBeUndefined();
    // making vouchers forgets the uses of vouchers gone for a day, and only those
    await uses.use(site.name, 'gone-long-ago', mac(), new Date(SIM_CLOCKS.noon - 2 * 86_400_000), 1);
    await call('POST', `/it4u/${site.name}/createVoucher`, { n: 1, quota: 1, expire: 480, note: 'Phòng 202' });
    const kept = await uses.counts(site.name);
    expect(kept.get(voucher.id)).toBe(1);
    expect(kept.has('gone-long-ago')).toBe(false);
  });

  it('holds a voucher of several uses to its number of devices; a device that comes back keeps what is left of its time', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const made = await call('POST', `/it4u/${site.name}/createVoucher`, {
      n: 1,
      quota: 2,
      expire: 480,
      note: 'Nhóm 2 người',
    });
    const voucher = made.json()[0];
    const [a, b, c] = [mac(), mac(), mac()];
    // a device that first used it two hours ago (on the console's clock)
    await createVoucherUsesRepository(suite.t.database.db).use(
      site.name,
      voucher.id,
      a,
      new Date(SIM_CLOCKS.noon - 2 * 3_600_000),
      2,
    );
    expect((await post(site.name, { id: a, code: voucher.code }, '10.0.2.1')).statusCode).toBe(303);
    expect(site.authorized.get(a)?.minutes).toBe(360);
    expect((await post(site.name, { id: b, code: voucher.code }, '10.0.2.2')).statusCode).toBe(303);
    expect(site.authorized.get(b)?.minutes).toBe(480);
    // two devices: a third is refused, the first two still come back
    const third = await post(site.name, { id: c, code: voucher.code, lang: 'en' }, '10.0.2.3');
    expect(third.statusCode).toBe(403);
    expect(third.body).toContain('This voucher has been used up or has expired.');
    expect(site.authorized.has(c)).toBe(false);
    expect((await post(site.name, { id: b, code: voucher.code }, '10.0.2.2')).statusCode).toBe(303);
    // the controller was asked to let the phones in, naming no voucher (as any public client asks): its own count is
    // its own portal's; the register adds the page's uses, each device once (the one that came back too)
    expect(site.vouchers.find((v) => v._id === voucher.id)).toMatchObject({ used: 0 });
    const listed = (await call('GET', `/it4u/${site.name}/voucher`)).json();
    expect(listed.find((v: { id: string }) => v.id === voucher.id)).toMatchObject({
      used: 2,
      quota: 2,
      status: 'USED',
    });
    // a device whose time is over is told so
    const long = (
      await call('POST', `/it4u/${site.name}/createVoucher`, { n: 1, quota: 0, expire: 480, note: 'Cả ngày' })
    ).json()[0];
    const d = mac();
    await createVoucherUsesRepository(suite.t.database.db).use(
      site.name,
      long.id,
      d,
      new Date(SIM_CLOCKS.noon - 9 * 3_600_000),
      0,
    );
    expect((await post(site.name, { id: d, code: long.code }, '10.0.2.4')).statusCode).toBe(403);
  });

  it('refuses a voucher the controller says has expired, whatever its uses, and lets nobody in with it', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const made = async (note: string) =>
      (await call('POST', `/it4u/${site.name}/createVoucher`, { n: 1, quota: 0, expire: 480, note })).json()[0];
    const [old, marked, stale] = [await made('Hết giờ'), await made('Thu hồi'), await made('Cũ')];
    // first used ten hours ago: the controller's time for it (8 hours) is over; another one marked so outright
    const stored = (id: string) => site.vouchers.find((v) => v._id === id);
    const over = { start_time: SIM_CLOCKS.noon / 1000 - 36_000, end_time: SIM_CLOCKS.noon / 1000 - 7200 };
    Object.assign(stored(stale.id) ?? {}, { used: 1, status: 'USED_MULTIPLE', ...over });
    // the console's kept list still has it valid: the voucher found there is read afresh (its batch), and refused
    const batchReads = () => suite.sim.sim.callsFor('POST', '/api/s/{site}/stat/voucher', site.name);
    const readsBefore = batchReads();
    const early = mac();
    const refused = await post(site.name, { id: early, code: stale.code, lang: 'en' }, '10.0.6.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This voucher has expired.');
    expect(site.authorized.has(early)).toBe(false);
    expect(batchReads()).toBe(readsBefore + 1);
    // a voucher deleted on the controller since is a wrong code
    site.vouchers.splice(
      site.vouchers.findIndex((v) => v._id === stale.id),
      1,
    );
    expect((await post(site.name, { id: mac(), code: stale.code, lang: 'en' }, '10.0.6.4')).statusCode).toBe(401);
    Object.assign(stored(old.id) ?? {}, { used: 1, status: 'USED_MULTIPLE', ...over });
    Object.assign(stored(marked.id) ?? {}, { status: 'EXPIRED' });
    const stamgr = () => suite.sim.sim.callsFor('POST', '/api/s/{site}/cmd/stamgr', site.name);
    const before = stamgr();
    for (const [code, ip] of [
      [old.code, '10.0.6.1'],
      [marked.code, '10.0.6.2'],
    ] as const) {
      const guest = mac();
      const vi = await post(site.name, { id: guest, code }, ip);
      expect(vi.statusCode).toBe(403);
      expect(vi.body).toContain('Voucher này đã hết hạn.');
      const en = await post(site.name, { id: guest, code, lang: 'en' }, ip);
      expect(en.body).toContain('This voucher has expired.');
      expect(site.authorized.has(guest)).toBe(false);
    }
    expect(stamgr()).toBe(before);
    expect(stored(old.id)?.status).toBe('EXPIRED');
  });

  it('does not send the phone on when the controller does not show it let in, and lets it in when it tries again', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const voucher = (
      await call('POST', `/it4u/${site.name}/createVoucher`, { n: 1, quota: 1, expire: 480, note: 'Phòng 301' })
    ).json()[0];
    const guest = mac();
    // a controller that answers ok but does not hold the guest: it lists the phone, not authorized
    suite.sim.sim.misbehave({ authorizationsLost: true });
    const lost = await post(site.name, { id: guest, code: voucher.code, lang: 'en' }, '10.0.4.1').finally(() =>
      suite.sim.sim.misbehave({ authorizationsLost: false }),
    );
    expect(lost.statusCode).toBe(502);
    expect(lost.body).toContain('The connection did not go through. Please try again in a moment.');
    expect(lost.headers.location).toBeUndefined();
    // the voucher was not spent on the controller, and the phone keeps its use
    expect(site.vouchers.some((v) => v._id === voucher.id)).toBe(true);
    const again = await post(site.name, { id: guest, code: voucher.code }, '10.0.4.1');
    expect(again.statusCode).toBe(303);
    expect(site.authorized.has(guest)).toBe(true);
  });

  it('tells a guest let in that it is connected while the controller does not list the phone yet', async () => {
    // controllers list a new client a minute or two late, and some answer api.err.UnknownStation meanwhile
    const site = await portalSite(6, ours('none', { redirect_url: '' }));
    suite.sim.sim.misbehave({ lateClientsMs: 90_000, unknownStation: true });
    try {
      const guest = mac();
      const accepted = await post(site.name, { id: guest, accept: 'on', lang: 'en' }, '10.0.5.1');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body).toContain('You are connected.');
      expect(site.authorized.has(guest)).toBe(true);
    } finally {
      suite.sim.sim.misbehave({ lateClientsMs: 0, unknownStation: false });
    }
  });

  it('waits a device out after 5 wrong tries, but not the other guests behind the same address', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const guest = mac();
    for (let i = 0; i < 5; i++)
      expect((await post(site.name, { id: guest, code: `1${i}` }, '10.0.1.1')).statusCode).toBe(401);
    // the sixth wrong try waits, from whatever address
    const sixth = await post(site.name, { id: guest, code: '123' }, '10.0.1.2');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Vui lòng thử lại sau 10 phút');
    expect(site.authorized.has(guest)).toBe(false);
    // a venue's guests share its address (NAT): another phone there is not locked out by this one
    const neighbour = await post(site.name, { id: mac(), code: '1' }, '10.0.1.1');
    expect(neighbour.statusCode).toBe(401);
    expect(neighbour.body).toContain('Mã voucher không đúng');
    // made-up devices from one address: after 50 wrong tries there, every device from it waits
    for (let i = 0; i < 49; i++) await post(site.name, { id: mac(), code: '2' }, '10.0.7.7');
    expect((await post(site.name, { id: mac(), code: '3' }, '10.0.7.7')).statusCode).toBe(401);
    expect((await post(site.name, { id: mac(), code: '4' }, '10.0.7.7')).statusCode).toBe(429);
  });

  it('asks for the password of a password portal, and for the terms of a portal without one, for the time the site gives guests', async () => {
    // the site's guests stay two days (expire_number × expire_unit), or 90 minutes
    const withPassword = await portalSite(
      2,
      ours('password', {
        x_password: 'chao-ban',
        redirect_url: '',
        expire: 'custom',
        expire_number: 2,
        expire_unit: 1440,
      }),
    );
    const guest = mac();
    const wrong = await post(withPassword.name, { id: guest, password: 'sai', lang: 'en' }, '10.0.2.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The password is not correct');
    const right = await post(
      withPassword.name,
      { id: guest, password: 'chao-ban', url: 'http://neverssl.com/' },
      '10.0.2.1',
    );
    // no promotional address: the page says the guest is online, the wanted address a link, never a redirect
    expect(right.statusCode).toBe(200);
    expect(right.headers.location).toBeUndefined();
    expect(right.body).toContain('Bạn đã được kết nối.');
    expect(right.body).toContain('<a href="http://neverssl.com/" rel="noreferrer" class="wanted">');
    expect(withPassword.authorized.get(guest)).toMatchObject({ minutes: 2880 });

    const open = await portalSite(3, ours('none', { redirect_url: '', expire: 90 }));
    const other = mac();
    expect((await post(open.name, { id: other }, '10.0.3.1')).body).toContain(
      'Vui lòng đồng ý với điều khoản sử dụng.',
    );
    const accepted = await post(open.name, { id: other, accept: 'on', url: 'javascript:alert(1)' }, '10.0.3.1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('Bạn đã được kết nối.');
    // an address that is not http(s) is not linked
    expect(accepted.body).not.toContain('class="wanted"');
    expect(open.authorized.get(other)).toMatchObject({ minutes: 90 });
    expect((await post(open.name, { id: 'not-a-mac', accept: 'on' })).statusCode).toBe(400);
  });

  it("never sends the phone to the address it came with, and takes forms from the console's own pages only", async () => {
    const open = world()[3];
    if (!open) throw new Error('no site');
    // a portal link made to front a phishing page: the guest is let in, the page only shows where the link went
    const phished = mac();
    const evil = 'https://evil.example/phish?a=1&b="<x>';
    const res = await post(open.name, { id: phished, accept: 'on', url: evil, lang: 'en' }, '10.0.8.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('You are connected.');
    expect(res.body).toContain('The page you asked for:');
    expect(res.body).toContain('href="https://evil.example/phish?a=1&amp;b=&quot;&lt;x&gt;"');
    expect(res.body).not.toContain('"<x>');
    expect(res.body).not.toMatch(/http-equiv|<script/i);

    // another web site's form, a sandboxed frame's (Origin: null): refused in the guest's language, nobody let in
    const stamgr = () => suite.sim.sim.callsFor('POST', '/api/s/{site}/cmd/stamgr', open.name);
    const before = stamgr();
    for (const [origin, lang, text] of [
      ['https://evil.example', 'en', 'This request did not come from the wifi login page.'],
      ['null', 'vi', 'Yêu cầu này không đến từ trang đăng nhập wifi.'],
      ['http://203.0.113.10.evil.example', 'en', 'This request did not come from the wifi login page.'],
    ] as const) {
      const guest = mac();
      const refused = await suite.t.app.inject({
        method: 'POST',
        url: `/guest/s/${open.name}/`,
        remoteAddress: '10.0.8.2',
        headers: { host: CONSOLE, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ id: guest, accept: 'on', lang }).toString(),
      });
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.body).toContain(text);
      // the page itself again, with its form
      expect(refused.body).toContain('<form');
      expect(open.authorized.has(guest)).toBe(false);
    }
    expect(stamgr()).toBe(before);
    // the console's own page (the host the phone came to), and no Origin at all (older phones)
    for (const headers of [{ host: CONSOLE, origin: `http://${CONSOLE}` }, { host: CONSOLE }]) {
      const guest = mac();
      const ok = await suite.t.app.inject({
        method: 'POST',
        url: `/guest/s/${open.name}/`,
        remoteAddress: '10.0.8.3',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ id: guest, accept: 'on' }).toString(),
      });
      expect(ok.statusCode, JSON.stringify(headers)).toBe(200);
      expect(open.authorized.has(guest)).toBe(true);
    }
  });

  it('lets nobody in where the hotspot is off or does not send its guests to this console', async () => {
    // off; on, but the controller's own page (Facebook wifi); on, but another external portal
    const off = await portalSite(0, ours('none', { portal_enabled: false }));
    const facebook = await portalSite(4, { portal_enabled: true, auth: 'facebook_wifi', custom_ip: CONSOLE });
    const foreign = await portalSite(5, ours('none', { custom_ip: '198.51.100.7' }));
    for (const site of [off, facebook, foreign]) {
      const stamgr = () => suite.sim.sim.callsFor('POST', '/api/s/{site}/cmd/stamgr', site.name);
      const before = stamgr();
      const guest = mac();
      const shown = await page(site.name, `?id=${guest}`);
      expect(shown.statusCode, site.name).toBe(403);
      expect(shown.body).toContain('Wifi của địa điểm này hiện chưa mở đăng nhập tại đây.');
      expect(shown.body).not.toContain('<form');
      const tried = await post(site.name, { id: guest, accept: 'on', lang: 'en' }, '10.0.5.1');
      expect(tried.statusCode, site.name).toBe(403);
      expect(tried.body).toContain('wifi login is not open here at the moment.');
      expect(tried.headers.location).toBeUndefined();
      expect(site.authorized.has(guest)).toBe(false);
      expect(stamgr(), site.name).toBe(before);
    }
  });

  it("says what went wrong on the page, in the guest's language, never as JSON", async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const guest = mac();
    // a code longer than any voucher's: the form again, the code said wrong
    const long = await post(site.name, { id: guest, code: '1'.repeat(21) }, '10.0.8.1');
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toContain('text/html');
    expect(long.body).toContain('Mã voucher không đúng');
    expect(long.body).toContain(`name="id" value="${guest}"`);
    expect(long.body).not.toMatch(/invalidFields|maxLength|"code":/);
    const en = await post(site.name, { id: guest, code: '1'.repeat(21), lang: 'en' }, '10.0.8.1');
    expect(en.body).toContain('This voucher code is not valid');
    // a field the page does not know, a text with a NUL, a body too big
    const odd = await suite.t.app.inject({ method: 'GET', url: `/guest/s/${site.name}/?id=${guest}&lang=en&url=%00` });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain('What you entered could not be read.');
    expect(odd.body).not.toContain('invalidText');
    const big = await post(site.name, { id: guest, code: '1', ssid: 'x'.repeat(9000) }, '10.0.8.1');
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toContain('text/html');
    expect(big.body).toContain('Thông tin bạn nhập chưa đúng.');
    expect(site.authorized.has(guest)).toBe(false);
  });
});

describe.each(drivers)('the guest login page when the controller does not answer, on %s', (driver) => {
  it("says the login is not available now, with the venue, in the guest's language", async () => {
    const gone = await listen(() => {});
    await gone.close();
    const t = await createTestApp(driver, {
      demoController: { url: gone.url, username: 'admin', password: 'x', verifyTls: true, timeoutMs: 2000 },
      now: () => SIM_CLOCKS.noon,
      portalAddress: CONSOLE,
    });
    try {
      await createSitesRepository(t.database.db).insert({ sitename: 'Quán Cà Phê Gió', idname: 'gio00001' });
      const shown = await t.app.inject({ method: 'GET', url: '/guest/s/gio00001/?id=02:00:00:00:09:01' });
      expect(shown.statusCode).toBe(503);
      expect(shown.headers['content-type']).toContain('text/html');
      expect(shown.body).toContain('Chào mừng đến với Quán Cà Phê Gió');
      expect(shown.body).toContain('Hiện chưa đăng nhập wifi được. Vui lòng thử lại sau ít phút.');
      const tried = await t.app.inject({
        method: 'POST',
        url: '/guest/s/gio00001/',
        ...form({ id: '02:00:00:00:09:01', code: '12345-67890', lang: 'en' }),
      });
      expect(tried.statusCode).toBe(503);
      expect(tried.body).toContain('The wifi login is not available right now.');
      expect(tried.body).not.toMatch(/controllerUnreachable|127\.0\.0\.1|ECONNREFUSED/);
      expect(tried.body).not.toContain('<form');
    } finally {
      await t.close();
    }
  });
});

describe("the guest page's origin check", () => {
  const req = (host: string, origin?: string) => ({ host, headers: origin === undefined ? {} : { origin } });
  it('takes the host the request came to and the public address, and nothing else', () => {
    expect(fromHere(req('203.0.113.10'))).toBe(true);
    expect(fromHere(req('203.0.113.10', 'http://203.0.113.10'))).toBe(true);
    // a proxy in front ends the TLS: the scheme differs, the host is the same
    expect(fromHere(req('wifi.example.vn', 'https://wifi.example.vn'))).toBe(true);
    expect(fromHere(req('127.0.0.1:8080', 'https://console.example.vn'), 'https://console.example.vn/')).toBe(true);
    expect(fromHere(req('127.0.0.1:8080', 'https://console.example.vn'))).toBe(false);
    expect(fromHere(req('203.0.113.10', 'http://203.0.113.10:8080'))).toBe(false);
    for (const origin of ['null', 'https://evil.example', 'file://', 'not an address', ''])
      expect(fromHere(req('203.0.113.10', origin)), origin).toBe(false);
  });
});
