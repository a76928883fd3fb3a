import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../lib/context.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createContractsRepository } from '../contracts/contracts.repository.ts';
import { type ChannelsRepository, createChannelsRepository } from './channels.repository.ts';
import { createChannelsService } from './channels.service.ts';

// Issue 23: a channel's write and its history line were separate statements outside a transaction; a failure
// between them left a change with no history (or a history line of a change that was not made).
describe.each(drivers)('channel writes and their history on %s', (driver) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    h = (await tokenFor(t, ['ROLE_LEAD_KT'])).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: h, payload });

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
      transaction: (fn) => r.transaction((tx) => fn(failing(tx as ChannelsRepository))),
    });
    const service = createChannelsService({
      channels: failing(repository),
      contracts: createContractsRepository(t.database.db),
    });
    const ctx = { actor: { id: 1, username: 'someone' } } as unknown as RequestContext;
    await expect(service.createAttribute({ name: 'Kênh Cúc' }, ctx)).rejects.toThrow('injected');
    await expect(service.updateAttribute(channel.id, { customer: 'Sen Vàng' }, ctx)).rejects.toThrow('injected');
    await expect(service.removeAttribute(channel.id, ctx)).rejects.toThrow('injected');

    const all = (await call('GET', '/it4u/channel/attribute.all?pageSize=100')).json();
    expect(all.items.map((a: { name: string; customer: string }) => [a.name, a.customer])).toEqual([
      ['Kênh Sen', 'Sen'],
    ]);
    const history = (await call('GET', `/it4u/history/channel/${channel.id}`)).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['create']);
  });
});
