import { PRESENCE_TTL_MS } from '@it4u/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Realtime } from '../../plugins/realtime.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createUserDirectory } from '../users/users.module.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatService } from './chat.service.ts';

describe.each(drivers)('private chat on %s', (driver) => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 24, 3, 0);
  let admin: Awaited<ReturnType<typeof tokenFor>>;
  let kt: Awaited<ReturnType<typeof tokenFor>>;
  let customer: Awaited<ReturnType<typeof tokenFor>>;
  let otherCustomer: Awaited<ReturnType<typeof tokenFor>>;
  beforeAll(async () => {
    t = await createTestApp(driver, { now: () => clock });
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    kt = await tokenFor(t, ['ROLE_KT']);
    customer = await tokenFor(t, ['ROLE_KH']);
    otherCustomer = await tokenFor(t, ['ROLE_KH']);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
  const channel = (who: typeof admin, one: number, two: number) =>
    call('PUT', '/private-chat/channel', who.headers, { userIdOne: one, userIdTwo: two });

  it('makes one channel per pair whatever the order, for the two people in it only', async () => {
    const first = await channel(admin, admin.user.id, kt.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ channelUuid: expect.any(String), userOneFullName: expect.any(String) });
    const again = await channel(kt, kt.user.id, admin.user.id);
    expect(again.json().channelUuid).toBe(first.json().channelUuid);
    expect((await channel(admin, admin.user.id, admin.user.id)).json().code).toBe('chatSameUser');
    expect((await channel(customer, admin.user.id, kt.user.id)).statusCode).toBe(403);
    expect((await channel(admin, admin.user.id, 999_999)).json().code).toBe('chatUserNotFound');
    // a customer talks with staff, not with another customer
    expect((await channel(customer, customer.user.id, kt.user.id)).statusCode).toBe(200);
    const between = await channel(customer, customer.user.id, otherCustomer.user.id);
    expect(between.statusCode).toBe(403);
    expect(between.json().code).toBe('chatNotAllowed');
    // its messages are for its two people only
    const uuid = first.json().channelUuid;
    expect((await call('GET', `/private-chat/channel/${uuid}`, customer.headers)).statusCode).toBe(403);
    expect((await call('GET', '/private-chat/channel/not-a-uuid', admin.headers)).statusCode).toBe(400);
    expect(
      (await call('GET', '/private-chat/channel/00000000-0000-4000-8000-000000000000', admin.headers)).statusCode,
    ).toBe(404);
  });

  it('stores messages of at most 4,000 characters, pages them back, and counts what is unread', async () => {
    const uuid = (await channel(admin, admin.user.id, kt.user.id)).json().channelUuid;
    const sent = [];
    for (let i = 1; i <= 5; i++) {
      clock += 60_000;
      const res = await call('POST', `/private-chat/channel/${uuid}/messages`, admin.headers, { contents: `tin ${i}` });
      expect(res.statusCode).toBe(201);
      sent.push(res.json());
    }
    expect(sent[0]).toMatchObject({
      fromUserId: admin.user.id,
      toUserId: kt.user.id,
      contents: 'tin 1',
      timeSent: clock - 4 * 60_000,
    });
    expect(
      (await call('POST', `/private-chat/channel/${uuid}/messages`, admin.headers, { contents: 'x'.repeat(4001) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/private-chat/channel/${uuid}/messages`, admin.headers, { contents: '   ' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/private-chat/channel/${uuid}/messages`, customer.headers, { contents: 'hi' })).statusCode,
    ).toBe(403);

    // the newest first page, then the older ones, each oldest first
    const page = (await call('GET', `/private-chat/channel/${uuid}?limit=2`, kt.headers)).json();
    expect(page.items.map((m: { contents: string }) => m.contents)).toEqual(['tin 4', 'tin 5']);
    expect(page.hasMore).toBe(true);
    const older = (
      await call('GET', `/private-chat/channel/${uuid}?limit=10&before=${page.items[0].id}`, kt.headers)
    ).json();
    expect(older.items.map((m: { contents: string }) => m.contents)).toEqual(['tin 1', 'tin 2', 'tin 3']);
    expect(older.hasMore).toBe(false);

    // unread counts come from the stored read marks: they survive anything a socket forgets
    expect((await call('GET', '/private-chat/unread', kt.headers)).json()).toEqual({ unread: 5 });
    expect((await call('GET', '/private-chat/unread', admin.headers)).json()).toEqual({ unread: 0 });
    const contacts = (await call('GET', '/private-chat/contacts', kt.headers)).json();
    expect(contacts[0]).toMatchObject({ userId: admin.user.id, channelUuid: uuid, unread: 5, lastMessageAt: clock });
    expect(
      (await call('POST', `/private-chat/channel/${uuid}/read`, kt.headers, { lastReadId: sent[2].id })).json(),
    ).toEqual({
      unread: 2,
    });
    // a read mark never goes back
    await call('POST', `/private-chat/channel/${uuid}/read`, kt.headers, { lastReadId: sent[0].id });
    expect((await call('GET', '/private-chat/unread', kt.headers)).json()).toEqual({ unread: 2 });
    await call('POST', `/private-chat/channel/${uuid}/read`, kt.headers, { lastReadId: sent[4].id });
    expect((await call('GET', '/private-chat/unread', kt.headers)).json()).toEqual({ unread: 0 });
  });

  it('stores a message sent again with its key once (an answer lost behind a proxy), and both people’s keys apart', async () => {
    const uuid = (await channel(kt, kt.user.id, admin.user.id)).json().channelUuid;
    const post = (who: typeof admin, body: object) =>
      call('POST', `/private-chat/channel/${uuid}/messages`, who.headers, body);
    const key = '3f0c2b1a-6d4e-4f5a-8b9c-0d1e2f3a4b5c';
    const unread = async () => (await call('GET', '/private-chat/unread', admin.headers)).json().unread;
    const before = await unread();
    const first = await post(kt, { contents: 'một lần', clientKey: key });
    expect(first.statusCode).toBe(201);
    clock += 1000;
    const again = await post(kt, { contents: 'một lần', clientKey: key });
    expect(again.json()).toEqual(first.json());
    expect(await unread()).toBe(before + 1);
    // the other person's key is theirs: the same key from them is another message
    const theirs = await post(admin, { contents: 'của tôi', clientKey: key });
    expect(theirs.json().id).not.toBe(first.json().id);
    const page = (await call('GET', `/private-chat/channel/${uuid}?limit=10`, kt.headers)).json();
    expect(page.items.filter((m: { contents: string }) => m.contents === 'một lần')).toHaveLength(1);
    expect((await post(kt, { contents: 'x', clientKey: 'not-a-key' })).statusCode).toBe(400);
  });

  it('lists staff to a customer, everyone to staff, the newest conversation first, with a search', async () => {
    const forCustomer = (await call('GET', '/private-chat/contacts', customer.headers)).json();
    const ids = forCustomer.map((c: { userId: number }) => c.userId);
    expect(ids).toContain(kt.user.id);
    expect(ids).not.toContain(otherCustomer.user.id);
    expect(ids).not.toContain(customer.user.id);
    const forStaff = (await call('GET', '/private-chat/contacts', kt.headers)).json();
    expect(forStaff.map((c: { userId: number }) => c.userId)).toContain(otherCustomer.user.id);
    expect(forStaff[0].userId).toBe(admin.user.id);
    const found = (
      await call('GET', `/private-chat/contacts?q=${encodeURIComponent(admin.user.username)}`, kt.headers)
    ).json();
    expect(found.map((c: { userId: number }) => c.userId)).toEqual([admin.user.id]);
  });

  it('counts a user online while an instance renews them, and offline once renewals stop (a crash)', async () => {
    const told: unknown[] = [];
    const realtime = {
      toRoom: (_room: string, _e: string, event: unknown) => told.push(event),
    } as unknown as Realtime;
    const start = clock;
    const service = (instance: string) =>
      createChatService({
        chat: createChatRepository(t.database.db),
        people: createUserDirectory(t.database.db),
        realtime,
        instance,
        now: () => clock,
      });
    const crashing = service('instance-a');
    const other = service('instance-b');
    await crashing.connected(customer.user.id);
    expect(told).toEqual([{ userId: customer.user.id, online: true, lastSeen: start }]);
    clock = start + PRESENCE_TTL_MS - 1_000;
    expect(await other.presence(customer.user.id)).toEqual({ online: true, lastSeen: start });
    // renewed by its heartbeat, then the instance stops renewing
    await crashing.beat();
    const renewed = clock;
    clock = renewed + PRESENCE_TTL_MS - 1_000;
    expect((await other.presence(customer.user.id)).online).toBe(true);
    clock = renewed + PRESENCE_TTL_MS + 1_000;
    expect(await other.presence(customer.user.id)).toEqual({ online: false, lastSeen: renewed });
    // on another instance the user is back; leaving there (after the grace) says when they were last seen
    await other.connected(customer.user.id);
    expect((await crashing.presence(customer.user.id)).online).toBe(true);
    await other.disconnected(customer.user.id, 0);
    expect(await crashing.presence(customer.user.id)).toEqual({ online: false, lastSeen: clock });
    expect(told.at(-1)).toEqual({ userId: customer.user.id, online: false, lastSeen: clock });
  });
});
