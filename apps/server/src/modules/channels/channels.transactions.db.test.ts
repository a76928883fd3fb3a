import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createContractsRepository } from '../contracts/contracts.repository.ts';
import { type ChannelsRepository, createChannelsRepository } from './channels.repository.ts';
import { createChannelsService } from './channels.service.ts';

// Issue 23: a channel's write and its history line were separate statements outside a transaction; a failure
// between them left a change with no history (or a history line of a change that was not made). Issue 27: each write
// also leaves its audit line, in the same transaction.
describe.each(drivers)('channel writes, their history and their audit lines on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: h, payload });
  const audits = async () =>
    rowsOf<{ event: string; target: string; details: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`select event, target, details from audit_events where event like 'channel.%' order by id`,
      ),
    );

  it('audits providers, service packs, channels, details and imports, with what changed; nothing refused', async () => {
    const provider = (await call('POST', '/it4u/channel/name', { name: 'Viettel' })).json();
    expect((await call('POST', '/it4u/channel/name', { name: 'VIETTEL' })).statusCode).toBe(409);
    const pack = await call('POST', '/it4u/channel/value', {
      servicePack: 'F90',
      value: '90 Mbps',
      channelName: { id: provider.id },
    });
    expect(pack.statusCode).toBe(201);
    const channel = (await call('POST', '/it4u/channel/attribute', { name: 'Kênh Lan', customer: 'Lan' })).json();
    expect((await call('PUT', `/it4u/channel/attribute.${channel.id}`, { customer: 'Lan Anh' })).statusCode).toBe(200);
    const detail = await call('POST', '/it4u/channel/detail', {
      channelAttributeId: channel.id,
      ipAddress: '10.1.1.1',
    });
    expect(detail.statusCode).toBe(201);
    expect(
      (
        await call('POST', '/it4u/channel/detail', {
          id: detail.json().id,
          channelAttributeId: channel.id,
          ipAddress: '10.1.1.2',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/it4u/channel/detail.${detail.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/it4u/channel/attribute.${channel.id}`)).statusCode).toBe(200);
    await call('POST', '/it4u/contracts', { numContract: 'HD-AUD-1', clientName: 'Mai' });
    const rows = [{ 'Số hợp đồng': 'HD-AUD-1', 'Tên kênh': 'Kênh Mai' }];
    expect((await call('POST', '/it4u/import/channel', [{ ...rows[0], 'Trạng thái': 'broken' }])).statusCode).toBe(422);
    const imported = await call('POST', '/it4u/import/channel', rows);
    expect(imported.statusCode, imported.body).toBe(200);

    const lines = await audits();
    expect(lines.map((l) => l.event)).toEqual([
      'channel.provider.create',
      'channel.pack.create',
      'channel.create',
      'channel.update',
      'channel.detail.create',
      'channel.detail.update',
      'channel.detail.delete',
      'channel.delete',
      'channel.upload',
    ]);
    expect(lines[0]).toMatchObject({ target: `provider:${provider.id}`, details: { name: 'Viettel' } });
    expect(lines[1]).toMatchObject({ details: { provider: 'Viettel', servicePack: 'F90', value: '90 Mbps' } });
    expect(lines[3]).toMatchObject({
      target: `channel:${channel.id}`,
      details: { changed: { customer: ['Lan', 'Lan Anh'] } },
    });
    expect(lines[5]?.details).toEqual({ channel: channel.id, changed: { ipAddress: ['10.1.1.1', '10.1.1.2'] } });
    expect(lines[8]?.details).toMatchObject({ rows: 1 });
  });

  it('writes neither the change nor its history when the history line fails', async () => {
    const made = await call('POST', '/it4u/channel/attribute', { name: 'Kênh Sen', customer: 'Sen' });
    expect(made.statusCode, made.body).toBe(201);
    const channel = made.json();
    const repository = createChannelsRepository(t.database.db);
    // the history line fails, whichever connection it is written on
    const failing = (r: ChannelsRepository): ChannelsRepository => ({
      ...r,
      record: async () => {
        throw new Error('injected failure of the history line');
      },
      transaction: (fn) => r.transaction((repo, tx) => fn(failing(repo as ChannelsRepository), tx)),
    });
    const service = createChannelsService({
      channels: failing(repository),
      contracts: createContractsRepository(t.database.db),
      audit: createAudit(t.database.db),
    });
    const audited = (await audits()).length;
    const ctx = { actor: { id: 1, username: 'someone' } } as unknown as RequestContext;
    await expect(service.createAttribute({ name: 'Kênh Cúc' }, ctx)).rejects.toThrow('injected');
    await expect(service.updateAttribute(channel.id, { customer: 'Sen Vàng' }, ctx)).rejects.toThrow('injected');
    await expect(service.removeAttribute(channel.id, ctx)).rejects.toThrow('injected');

    const all = (await call('GET', '/it4u/channel/attribute.all?pageSize=100')).json();
    const named = all.items.filter((a: { name: string }) => ['Kênh Sen', 'Kênh Cúc'].includes(a.name));
    expect(named.map((a: { name: string; customer: string }) => [a.name, a.customer])).toEqual([['Kênh Sen', 'Sen']]);
    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect(await audits()).toHaveLength(audited);
  });
});
