import { describe, expect, it } from 'vitest';
import { drivers, seedUser, tokenFor } from './test/helpers.ts';
import { useControllerApp } from './test/simulator.ts';

type Json = Record<string, unknown>;

/**
 * The product's spec lists each entity's fields under its own names (mostly the controller's): a client written
 * from it sends bodies exactly so. Each test here sends one entity as the spec names it, and checks it is stored or
 * forwarded to the controller as meant, and that reads answer the spec's names too.
 */
describe.each(drivers)("the spec's request shapes on %s", (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon');
  const site = () => suite.sim.sim.state.sites[1]; // the hotel: its own groups and networks
  const admin = async () => (await tokenFor(suite.t, ['ROLE_ADMIN'])).headers;
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, headers?: Record<string, string>) => {
    const res = await call(method, url, body, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  it('wifi group: read as _id, site_id, name; created with its name and the hidden roaming defaults', async () => {
    const groups = await ok('GET', `/it4u/${site().name}/wlangroup`);
    const stored = site().wlangroups.find((g) => g._id === groups[0]._id);
    expect(stored?.site_id).toBeTruthy();
    expect(groups[0]).toMatchObject({ _id: stored?._id, site_id: stored?.site_id, name: stored?.name });

    const body = {
      name: 'Spec group',
      roam_radio: 'ng',
      roam_channel_na: 36,
      roam_channel_ng: 1,
      pmf_mode: 'optional',
    };
    const made = await ok('POST', `/it4u/${site().name}/wlangroup`, body);
    expect(made).toMatchObject({ _id: made.id, name: 'Spec group' });
    expect(site().wlangroups.find((g) => g._id === made._id)).toMatchObject(body);
  });

  it("wireless network: created with the spec's per-day schedule fields, edited with the controller's schedule strings", async () => {
    const [group] = await ok('GET', `/it4u/${site().name}/wlangroup`);
    const off = { valid: [32, 72] };
    const created = {
      name: 'Spec-SSID',
      enabled: true,
      security: 'wpapsk',
      x_passphrase: 'spec-pass-2026',
      vlan_enabled: true,
      vlan: 30,
      is_guest: true,
      usergroup_id: site().usergroupId,
      wlangroup_id: group._id,
      schedule_enabled: true,
      status_monday: true,
      valid_monday: [32, 72],
      monday_schedule: 'mon|0800-1800',
      status_tueday: true,
      valid_tueday: [28, 44],
      tueday_schedule: 'tue|0700-1100',
      status_wedday: false,
      valid_wedday: off.valid,
      wedday_schedule: 'disable',
      status_thuday: false,
      valid_thuday: off.valid,
      thuday_schedule: 'disable',
      status_friday: true,
      valid_friday: [0, 96],
      friday_schedule: 'fri|0000-2400',
      status_satday: false,
      valid_satday: off.valid,
      satday_schedule: 'disable',
      status_sunday: false,
      valid_sunday: off.valid,
      sunday_schedule: 'disable',
    };
    const made = await ok('POST', `/it4u/${site().name}/wlanconf`, created);
    const stored = () => site().wlans.find((w) => w._id === made._id);
    expect(stored()).toMatchObject({
      name: 'Spec-SSID',
      security: 'wpapsk',
      x_passphrase: 'spec-pass-2026',
      is_guest: true,
      vlan_enabled: true,
      vlan: '30',
      usergroup_id: site().usergroupId,
      wlangroup_id: group._id,
      schedule_enabled: true,
      schedule: ['mon|0800-1800', 'tue|0700-1100', 'fri|0000-2400'],
    });
    // the read answers the spec's names, the schedule as its form holds it
    const read = await ok('GET', `/it4u/${site().name}/essid/${made._id}`);
    expect(read).toMatchObject({
      _id: made.id,
      x_passphrase: 'spec-pass-2026',
      is_guest: true,
      vlan_enabled: true,
      wlangroup_id: group._id,
      usergroup_id: site().usergroupId,
      schedule_enabled: true,
      status_monday: true,
      valid_monday: [32, 72],
      monday_schedule: 'mon|0800-1800',
      status_wedday: false,
      wedday_schedule: 'disable',
      valid_friday: [0, 96],
    });

    // an edit as the controller's object: the VLAN as its string, the schedule as its strings
    const edited = {
      _id: made._id,
      name: 'Spec-SSID-2',
      enabled: true,
      security: 'wpapsk',
      x_passphrase: 'spec-pass-2027',
      vlan_enabled: true,
      vlan: '4094',
      is_guest: false,
      wlangroup_id: group._id,
      schedule_enabled: true,
      schedule: ['sat|0800-1700', 'sun|0930-1215'],
    };
    await ok('PUT', `/it4u/${site().name}/wlanconf/${made._id}`, edited);
    expect(stored()).toMatchObject({ ...edited, vlan: '4094' });

    // still strict: a VLAN out of range, a time off the quarter hours, a day's string of another day, two names
    // of one field that disagree
    const refused: Json[] = [
      { ...edited, vlan: '4095' },
      { ...edited, schedule: ['sat|0800-1710'] },
      { ...created, monday_schedule: 'tue|0800-1800' },
      { ...edited, is_guest: true, isGuest: false },
      { ...edited, wlangroup_id: undefined },
    ];
    for (const body of refused) {
      const res = await call('PUT', `/it4u/${site().name}/wlanconf/${made._id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(stored()?.name).toBe('Spec-SSID-2');
  });

  it('site create: desc with cmd add-site', async () => {
    const made = await ok('POST', `/it4u/${site().name}/sitemgr`, { desc: 'Spec site', cmd: 'add-site' });
    expect(made.sitename).toBe('Spec site');
    expect(suite.sim.sim.state.sites.some((s) => s.desc === 'Spec site' && s.name === made.idname)).toBe(true);
  });

  it('hotspot config: facebook_wifi_gw_name, auth, x_password, redirect_url', async () => {
    const body = {
      facebook_wifi_gw_name: 'Spec WiFi',
      auth: 'password',
      x_password: 'chao-spec',
      redirect_url: 'https://spec.example/promo',
    };
    const saved = await ok('POST', `/it4u/${site().name}/hotspot`, body);
    // the controller's own password portal: its hotspot with the password switch on
    expect(site().settings.find((x) => x.key === 'guest_access')).toMatchObject({
      portal_enabled: true,
      password_enabled: true,
      ...body,
      auth: 'hotspot',
      redirect_enabled: true,
    });
    expect(saved).toMatchObject({ ...body, enabled: true, portalName: 'Spec WiFi', promoUrl: body.redirect_url });
    expect(await ok('GET', `/it4u/${site().name}/hotspot`)).toMatchObject(body);
    const bad = await call('POST', `/it4u/${site().name}/hotspot`, { ...body, redirect_url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
  });

  it('mail config: the twelve fields, ccMail as a text of addresses, no sender or language', async () => {
    const headers = await admin();
    const body = {
      cronjobMail: '0 8 * * *',
      serviceMail: '',
      usernameMail: 'report@it4u.example',
      passwordMail: 'smtp-secret',
      hostMail: 'smtp.it4u.example',
      portMail: 587,
      ccMail: 'noc@it4u.example, sales@it4u.example;boss@it4u.example',
      subjectMail: 'Customer report',
      textMail: 'The daily report is attached.',
      maxMessages: 100,
      rateDelta: 1000,
      rateLimit: 5,
    };
    const saved = await ok('PUT', '/it4u/configMail', body, headers);
    expect(saved).toMatchObject({
      ...body,
      passwordMail: '********',
      ccMail: ['noc@it4u.example', 'sales@it4u.example', 'boss@it4u.example'],
      fromMail: '',
      languageMail: 'Vietnamese',
    });
    const wrong = await call(
      'PUT',
      '/it4u/configMail',
      { ...body, ccMail: 'noc@it4u.example, not an address' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalidFields');
  });

  it('voucher creation payload: cmd, n, quota, expire, expire_number, expire_unit, down, up, bytes, note', async () => {
    const body = {
      cmd: 'create-voucher',
      n: 2,
      quota: 1,
      expire: 1440,
      expire_number: 1,
      expire_unit: 1440,
      down: 150,
      up: 150,
      bytes: 2,
      note: 'Spec vouchers',
    };
    await ok('POST', `/it4u/${site().name}/createVoucher`, body);
    const made = site().vouchers.filter((v) => v.note === 'Spec vouchers');
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({ quota: 1, duration: 1440, qos_rate_max_down: 150, qos_rate_max_up: 150 });
    const listed = (await ok('GET', `/it4u/${site().name}/voucher`)) as Json[];
    const one = listed.find((v) => v.notes === 'Spec vouchers' || v.note === 'Spec vouchers');
    expect(one).toMatchObject({ _id: made[0]._id, id: made[0]._id, code: expect.any(String) });
  });

  it('sign-in payload and change password payload', async () => {
    await seedUser(suite.t.database, { username: 'spec.user', password: 'Spec-pass-2026', roles: ['ROLE_KT'] });
    const signin = await ok('POST', '/auth/signin', {
      usernameOrEmail: 'spec.user',
      password: 'Spec-pass-2026',
      remember: true,
    });
    expect(signin).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const headers = { authorization: `Bearer ${signin.accessToken}` };
    await ok(
      'PUT',
      '/user/changePassword',
      { currentPassword: 'Spec-pass-2026', newPassword: 'Spec-pass-2027!', confirmPassword: 'Spec-pass-2027!' },
      headers,
    );
    const again = await call('POST', '/auth/signin', { usernameOrEmail: 'spec.user', password: 'Spec-pass-2027!' });
    expect(again.statusCode).toBe(200);
  });

  it('system parameters: usernameUbnt, pwUbnt, tokenUcrm, tokenDev', async () => {
    const headers = await admin();
    const body = {
      usernameUbnt: 'admin',
      pwUbnt: 'sim-pass',
      tokenUcrm: 'ucrm-token-1',
      tokenDev: 'dev-token-1234567890',
    };
    await ok('PUT', '/it4u/systemConfig', body, headers);
    expect(await ok('GET', '/it4u/systemConfig', undefined, headers)).toMatchObject({
      usernameUbnt: 'admin',
      tokenUcrm: expect.any(String),
    });
  });
});
