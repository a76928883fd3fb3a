import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { propertiesProblem } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFilePath } from '../../integrations/ssh/sftp.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';
import { startSftp, userKeyPair } from '../../test/sftpServer.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createCronjobRepository } from './cronjob.repository.ts';
import { createCronjobService } from './cronjob.service.ts';

const FILE = [
  '# WAN reporter every 4 minutes, nightly reboot',
  'config.system_cfg.1=cron.1.job.1.cmd=*/4 * * * * /etc/persistent/wan-report.sh',
  'config.system_cfg.2=cron.1.job.2.cmd=0 3 * * * reboot',
  '! a comment too',
  '',
  'config.system_cfg.3 = cron.status=enabled',
].join('\n');

describe('the properties parser', () => {
  it('takes key=value lines, comments, blank lines and continuations', () => {
    expect(propertiesProblem(FILE)).toBeNull();
    expect(propertiesProblem('a=1\\\n  still the value of a\nb:2\r\nc=')).toBeNull();
    expect(propertiesProblem('')).toBeNull();
  });
  it('names the first line that is none of them', () => {
    expect(propertiesProblem('a=1\nthis is not a pair\nb=2')).toEqual({
      code: 'propertiesSyntax',
      params: { line: 2, text: 'this is not a pair' },
    });
    expect(propertiesProblem('a=1\n=no key')).toMatchObject({ params: { line: 2 } });
    expect(propertiesProblem('a=1\u0000')).toEqual({ code: 'propertiesNotText' });
  });
});

describe("a site's file on the controller host", () => {
  it('is joined under <data dir>/sites/<site>/, and a name leading anywhere else is refused', () => {
    expect(siteFilePath('/usr/lib/unifi/data', 'hoamai01')).toBe(
      '/usr/lib/unifi/data/sites/hoamai01/config.properties',
    );
    expect(siteFilePath('/usr/lib/unifi/data/', 'default')).toBe('/usr/lib/unifi/data/sites/default/config.properties');
    for (const site of ['..', '.', '', 'a/b', '../..', 'x/../y', '../sites/x', '/etc', 'a\\b', 'a\0b', 'a/'])
      expect(siteFilePath('/usr/lib/unifi/data', site), JSON.stringify(site)).toBeUndefined();
  });
});

describe.each(drivers)('the cronjob file on %s', (driver) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let root: string;
  let sftp: Awaited<ReturnType<typeof startSftp>>;
  const upload = (name: string, content: string | Buffer, site = 'hoamai01', headers = admin) => {
    const body = multipartFile(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/properties/${site}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const parameters = (over: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/it4u/systemConfig',
      headers: admin,
      payload: { tokenUcrm: 'ucrm', tokenDev: 'dev', ...over },
    });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'it4u-sftp-'));
    sftp = await startSftp({ root, username: 'unifi', password: 'right-pass' });
    t = await createTestApp(driver);
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    await createSitesRepository(t.database.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    await createSitesRepository(t.database.db).insert({ sitename: 'Nhà nghỉ Quyền', idname: 'quyen01' });
  });
  afterAll(async () => {
    await t.close();
    await sftp.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('is for ADMIN, LEAD_KT and KT only', async () => {
    const restore = (version: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/properties/quyen01/versions/${version}/restore`, headers });
    // LEAD_KT uploads, lists, reads and restores (on a site of its own for this test)
    const lead = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
    expect((await upload('a.properties', 'a=1', 'quyen01', lead)).statusCode).toBe(201);
    expect((await upload('a.properties', 'a=2', 'quyen01', lead)).statusCode).toBe(201);
    expect((await get('/properties/quyen01/versions', lead)).json()).toHaveLength(2);
    expect((await get('/properties/quyen01/versions/1', lead)).json()).toMatchObject({ data: 'a=1' });
    for (const role of ['ROLE_MANAGER', 'ROLE_CSKH', 'ROLE_LEAD_KD', 'ROLE_KH'] as const) {
      const { headers } = await tokenFor(t, [role]);
      expect((await get('/properties/hoamai01', headers)).statusCode, role).toBe(403);
      expect((await upload('a.properties', 'a=1', 'hoamai01', headers)).statusCode, role).toBe(403);
      expect((await get('/properties/quyen01/versions', headers)).statusCode, role).toBe(403);
      expect((await get('/properties/quyen01/versions/1', headers)).statusCode, role).toBe(403);
      expect((await restore(1, headers)).statusCode, role).toBe(403);
    }
    expect((await get('/properties/quyen01/versions', lead)).json()).toHaveLength(2);
    const restored = await restore(1, lead);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1 });
    expect((await get('/properties/quyen01', lead)).json()).toEqual({ data: 'a=1' });
    const { headers } = await tokenFor(t, ['ROLE_KT']);
    expect((await get('/properties/hoamai01', headers)).json()).toEqual({ data: '' });
  });

  it('refuses a file that is not a .properties text, or too large, or with a bad line, and keeps nothing', async () => {
    const cases: [string, string | Buffer, number, string][] = [
      ['cron.txt', 'a=1', 415, 'propertiesExtension'],
      ['cron.properties', Buffer.from([0xff, 0xfe, 0x00, 0x61]), 415, 'propertiesNotText'],
      ['cron.properties', 'a=1\n\u0001', 415, 'propertiesNotText'],
      ['cron.properties', 'a=1\nnot a pair', 400, 'propertiesSyntax'],
      ['cron.properties', `a=${'x'.repeat(64 * 1024)}`, 413, 'propertiesTooLarge'],
    ];
    for (const [name, content, status, code] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name} ${code}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await upload('cron.properties', 'a=1\nnot a pair')).json().params).toEqual({ line: 2, text: 'not a pair' });
    expect((await upload('cron.properties', 'a=1', 'nosuchsite')).statusCode).toBe(404);
    expect((await get('/properties/hoamai01/versions')).json()).toEqual([]);
  });

  it('keeps every upload as a version, says it was kept but not delivered, and restores one', async () => {
    const first = await upload('hoamai.properties', FILE);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ version: 1, delivery: 'notConfigured', deliveryCode: 'sftpNotConfigured' });
    const second = await upload('hoamai.properties', `${FILE}\nconfig.system_cfg.4=cron.1.job.3.cmd=0 4 * * 0 sync`);
    expect(second.json()).toMatchObject({ version: 2 });
    expect((await get('/properties/hoamai01')).json().data).toContain('config.system_cfg.4');
    const versions = (await get('/properties/hoamai01/versions')).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ createdBy: expect.stringMatching(/^user/), restoredFrom: null });
    expect((await get('/properties/hoamai01/versions/1')).json().data).toBe(FILE);
    expect((await get('/properties/hoamai01/versions/9')).statusCode).toBe(404);

    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/hoamai01/versions/1/restore',
      headers: admin,
    });
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1 });
    expect((await get('/properties/hoamai01')).json().data).toBe(FILE);
  });

  it('writes the file to the controller host over SFTP, pins its key, and says why when it cannot', async () => {
    const wrong = await parameters({
      sshHost: '127.0.0.1',
      sshPort: sftp.port,
      sshUser: 'unifi',
      sshPassword: 'wrong',
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const refused = await upload('hoamai.properties', FILE);
    expect(refused.json()).toMatchObject({ delivery: 'failed', deliveryCode: 'sftpLoginRefused' });

    const set = await parameters({
      sshHost: '127.0.0.1',
      sshPort: sftp.port,
      sshUser: 'unifi',
      sshPassword: 'right-pass',
      unifiDataDir: '/usr/lib/unifi/data',
    });
    expect(set.statusCode).toBe(200);
    const delivered = await upload('hoamai.properties', FILE);
    expect(delivered.json()).toMatchObject({
      delivery: 'delivered',
      deliveryCode: 'sftpDelivered',
      deliveryParams: { path: '/usr/lib/unifi/data/sites/hoamai01/config.properties' },
    });
    expect(readFileSync(path.join(root, 'usr/lib/unifi/data/sites/hoamai01/config.properties'), 'utf8')).toBe(FILE);
    const params = (await get('/it4u/systemConfig')).json();
    expect(params).toMatchObject({ sshHost: '127.0.0.1', sshUser: 'unifi', sshPassword: '********' });
    expect(params.sshHostKey).toMatch(/^SHA256:/);
    expect(JSON.stringify(params)).not.toContain('right-pass');

    // another server on the same address and port: another key, refused, nothing written
    const port = sftp.port;
    await sftp.close();
    sftp = await startSftp({ root, username: 'unifi', password: 'right-pass', port });
    const changed = await upload('hoamai.properties', 'a=changed');
    expect(changed.json()).toMatchObject({ delivery: 'failed', deliveryCode: 'sftpHostKeyChanged' });
    expect(readFileSync(path.join(root, 'usr/lib/unifi/data/sites/hoamai01/config.properties'), 'utf8')).toBe(FILE);
    // a stored password does not go to another host: it is typed again, and the new host's key is pinned anew
    const moved = await parameters({ sshHost: 'localhost', sshPort: port, sshUser: 'unifi', sshPassword: '********' });
    expect(moved.json()).toMatchObject({ code: 'sshSecretAgain' });
    expect(
      (await parameters({ sshHost: 'localhost', sshPort: port, sshUser: 'unifi', sshPassword: 'right-pass' }))
        .statusCode,
    ).toBe(200);
    expect((await get('/it4u/systemConfig')).json().sshHostKey).toBe('');
  });

  it('writes nothing for a site whose short name leads out of its folder (kept from before the rule)', async () => {
    const service = createCronjobService({
      files: createCronjobRepository(t.database.db),
      // a name the API no longer takes, stored before
      sites: { byIdname: async (name: string) => ({ id: 1, sitename: 'Up', idname: name }) } as never,
      audit: { record: async () => 0 } as never,
      target: async () => ({
        host: '127.0.0.1',
        port: sftp.port,
        username: 'unifi',
        password: 'right-pass',
        privateKey: '',
        dataDir: '/usr/lib/unifi/data',
        hostKey: '',
      }),
      pin: async () => {},
    });
    const ctx = { actor: { username: 'admin' } } as never;
    const version = await service.upload('..', 'up.properties', Buffer.from('a=escaped'), ctx);
    expect(version).toMatchObject({
      delivery: 'failed',
      deliveryCode: 'sftpPathRefused',
      deliveryParams: { site: '..' },
    });
    expect(existsSync(path.join(root, 'usr/lib/unifi/data/config.properties'))).toBe(false);
  });

  it('logs in to the controller host with a private key, and says so when the host refuses the key', async () => {
    const key = userKeyPair();
    const keyRoot = mkdtempSync(path.join(tmpdir(), 'it4u-sftp-key-'));
    // this host takes the user's key and no password
    const host = await startSftp({ root: keyRoot, username: 'unifi', publicKey: key.public });
    try {
      const set = await parameters({
        sshHost: '127.0.0.1',
        sshPort: host.port,
        sshUser: 'unifi',
        sshPassword: '',
        sshKey: key.private,
        unifiDataDir: '/srv/unifi/data',
      });
      expect(set.statusCode, set.body).toBe(200);
      const params = (await get('/it4u/systemConfig')).json();
      expect(params).toMatchObject({ sshPassword: '', sshKey: '********' });
      expect(JSON.stringify(params)).not.toContain('PRIVATE KEY');

      const delivered = await upload('hoamai.properties', FILE);
      expect(delivered.json()).toMatchObject({
        delivery: 'delivered',
        deliveryCode: 'sftpDelivered',
        deliveryParams: { path: '/srv/unifi/data/sites/hoamai01/config.properties' },
      });
      expect(readFileSync(path.join(keyRoot, 'srv/unifi/data/sites/hoamai01/config.properties'), 'utf8')).toBe(FILE);

      // another key (the same host, so the pin stays): refused, nothing written
      const other = userKeyPair();
      expect(
        (await parameters({ sshHost: '127.0.0.1', sshPort: host.port, sshUser: 'unifi', sshKey: other.private }))
          .statusCode,
      ).toBe(200);
      const refused = await upload('hoamai.properties', 'a=other key');
      expect(refused.json()).toMatchObject({ delivery: 'failed', deliveryCode: 'sftpLoginRefused' });
      expect(readFileSync(path.join(keyRoot, 'srv/unifi/data/sites/hoamai01/config.properties'), 'utf8')).toBe(FILE);
    } finally {
      await host.close();
      rmSync(keyRoot, { recursive: true, force: true });
    }
  });
});
