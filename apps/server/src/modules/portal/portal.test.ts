import { describe, expect, it } from 'vitest';
import { drivers } from '../../test/helpers.ts';
import { SIM_CLOCKS, useControllerApp } from '../../test/simulator.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createVoucherUsesRepository } from '../vouchers/vouchers.repository.ts';

type Json = Record<string, unknown>;
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(drivers)('the guest login page on %s', (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon');
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
    const site = await portalSite(1, {
      auth: 'custom',
      custom_ip: '203.0.113.10',
      voucher_enabled: true,
      password_enabled: false,
      redirect_url: 'https://hoamai.example/uu-dai',
    });
    const res = await page(
      site.name,
      `?id=${mac()}&ap=aa:bb:cc:dd:ee:ff&url=${encodeURIComponent('http://example.com/"><b>x')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
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
    expect(site.vouchers.some((v) => v._id === voucher.id)).toBe(true);
    // the register counts the uses made on the guest page (the controller counts none of them)
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

  it('does not send the phone on when the controller does not show it let in, and lets it in when it tries again', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const voucher = (
      await call('POST', `/it4u/${site.name}/createVoucher`, { n: 1, quota: 1, expire: 480, note: 'Phòng 301' })
    ).json()[0];
    const guest = mac();
    // a controller that answers ok but does not hold the guest
    const keep = site.authorized.set.bind(site.authorized);
    site.authorized.set = () => site.authorized;
    const lost = await post(site.name, { id: guest, code: voucher.code, lang: 'en' }, '10.0.4.1');
    site.authorized.set = keep;
    expect(lost.statusCode).toBe(502);
    expect(lost.body).toContain('The connection did not go through. Please try again in a moment.');
    expect(lost.headers.location).toBeUndefined();
    // the voucher was not spent on the controller, and the phone keeps its use
    expect(site.vouchers.some((v) => v._id === voucher.id)).toBe(true);
    const again = await post(site.name, { id: guest, code: voucher.code }, '10.0.4.1');
    expect(again.statusCode).toBe(303);
    expect(site.authorized.has(guest)).toBe(true);
  });

  it('waits a guest out after 5 wrong tries from a device, and from an address', async () => {
    const site = world()[1];
    if (!site) throw new Error('no site');
    const guest = mac();
    for (let i = 0; i < 5; i++)
      expect((await post(site.name, { id: guest, code: `1${i}` }, '10.0.1.1')).statusCode).toBe(401);
    const sixth = await post(site.name, { id: guest, code: '123' }, '10.0.1.2');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Vui lòng thử lại sau 10 phút');
    // the address that tried five times waits too, whatever the device
    expect((await post(site.name, { id: mac(), code: '1' }, '10.0.1.1')).statusCode).toBe(429);
    expect(site.authorized.has(guest)).toBe(false);
  });

  it('asks for the password of a password portal, and for the terms of a portal without one', async () => {
    const withPassword = await portalSite(2, { auth: 'password', x_password: 'chao-ban', redirect_url: '' });
    const guest = mac();
    const wrong = await post(withPassword.name, { id: guest, password: 'sai', lang: 'en' }, '10.0.2.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The password is not correct');
    const right = await post(
      withPassword.name,
      { id: guest, password: 'chao-ban', url: 'http://neverssl.com/' },
      '10.0.2.1',
    );
    expect(right.headers.location).toBe('http://neverssl.com/');
    expect(withPassword.authorized.has(guest)).toBe(true);

    const open = await portalSite(3, { auth: 'none', redirect_url: '' });
    const other = mac();
    expect((await post(open.name, { id: other }, '10.0.3.1')).body).toContain(
      'Vui lòng đồng ý với điều khoản sử dụng.',
    );
    const accepted = await post(open.name, { id: other, accept: 'on', url: 'javascript:alert(1)' }, '10.0.3.1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('Bạn đã được kết nối.');
    expect(open.authorized.has(other)).toBe(true);
    expect((await post(open.name, { id: 'not-a-mac', accept: 'on' })).statusCode).toBe(400);
  });
});
