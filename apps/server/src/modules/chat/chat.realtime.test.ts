import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/secrets.ts';
import { createTestApp, drivers, seedUser, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import { arrives, closeSockets, next, socketOf } from '../../test/sockets.ts';

type Who = Awaited<ReturnType<typeof tokenFor>>;

afterEach(closeSockets);

describe.each(drivers)('chat in real time on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let admin: Who;
  let kt: Who;
  let clock = Date.UTC(2026, 10, 25, 20, 30); // 03:30 in Ho Chi Minh City
  beforeAll(async () => {
    t = await createTestApp(driver, { now: () => clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await tokenFor(t, ['ROLE_ADMIN']);
    kt = await tokenFor(t, ['ROLE_KT']);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, who: Who, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${path}`, headers: who.headers, payload });
  const channelOf = async (a: Who, b: Who) =>
    (await call('PUT', '/private-chat/channel', a, { userIdOne: a.user.id, userIdTwo: b.user.id })).json()
      .channelUuid as string;

  it('refuses a socket without a valid token, and a blocked user', async () => {
    await expect(socketOf(url, undefined)).rejects.toMatchObject({ code: 'sessionExpired' });
    await expect(socketOf(url, 'not.a.token')).rejects.toMatchObject({ code: 'sessionExpired' });
    const blocked = await tokenFor(t, ['ROLE_KT']);
    await t.database.db.execute(sql`update users set status = 'Block' where id = ${blocked.user.id}`);
    await expect(socketOf(url, blocked.accessToken)).rejects.toMatchObject({ code: 'accountInactive' });
    const socket = await socketOf(url, admin.accessToken);
    expect(socket.connected).toBe(true);
  });

  it('refuses an expired token, and closes a socket when its token expires', async () => {
    const signer = (opts: { expiresIn: number; clockTimestamp?: number }) =>
      createSigner({ key: deriveKey(t.masterKey, 'jwt'), algorithm: 'HS256', ...opts });
    const claims = { sub: String(kt.user.id), sid: JSON.parse(atob(kt.accessToken.split('.')[1] as string)).sid };
    const expired = signer({ expiresIn: 60_000, clockTimestamp: Date.now() - 120_000 })(claims);
    await expect(socketOf(url, expired)).rejects.toMatchObject({ code: 'sessionExpired' });
    const shortLived = signer({ expiresIn: 1_500 })(claims);
    const socket = await socketOf(url, shortLived);
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  it('delivers a stored message to both people, and reads it back after it', async () => {
    const uuid = await channelOf(admin, kt);
    const [toKt, toAdmin] = await Promise.all([socketOf(url, kt.accessToken), socketOf(url, admin.accessToken)]);
    const heard = Promise.all([next(toKt, 'chat:message'), next(toAdmin, 'chat:message')]);
    const sent = (await call('POST', `/private-chat/channel/${uuid}/messages`, admin, { contents: 'Xin chào' })).json();
    const [[forKt], [forAdmin]] = await heard;
    expect(forKt).toEqual({
      channelUuid: uuid,
      id: sent.id,
      fromUserId: admin.user.id,
      toUserId: kt.user.id,
      fromName: expect.any(String),
    });
    expect(forAdmin.id).toBe(sent.id);
    // the event carries no text: the client reads what came after the last message it has
    const since = (await call('GET', `/private-chat/channel/${uuid}?after=${sent.id - 1}`, kt)).json();
    expect(since.items.map((m: { contents: string }) => m.contents)).toEqual(['Xin chào']);
    expect(since.hasMore).toBe(false);
    expect((await call('GET', `/private-chat/channel/${uuid}?after=1&before=2`, kt)).statusCode).toBe(400);

    // reading on one device tells the others the new unread total
    const read = next(toKt, 'chat:read');
    await call('POST', `/private-chat/channel/${uuid}/read`, kt, { lastReadId: sent.id });
    expect((await read)[0]).toEqual({ channelUuid: uuid, unread: 0 });
  });

  it("passes 'typing…' to the other person of the channel only", async () => {
    const uuid = await channelOf(admin, kt);
    const outsider = await tokenFor(t, ['ROLE_KT']);
    const [fromAdmin, toKt, toOutsider] = await Promise.all([
      socketOf(url, admin.accessToken),
      socketOf(url, kt.accessToken),
      socketOf(url, outsider.accessToken),
    ]);
    const typing = next(toKt, 'chat:typing');
    fromAdmin.emit('chat:typing', { channelUuid: uuid });
    expect((await typing)[0]).toEqual({ channelUuid: uuid, userId: admin.user.id });
    // someone outside the channel cannot make its people see 'typing…'
    const fromOutsider = toOutsider;
    const noTyping = arrives(toKt, 'chat:typing');
    fromOutsider.emit('chat:typing', { channelUuid: uuid });
    fromOutsider.emit('chat:typing', { channelUuid: 'junk' } as never);
    expect(await noTyping).toBe(false);
  });

  it('tells the other sessions of a user who signs in again, and closes a session that logs out', async () => {
    const user = await seedUser(t.database, { roles: ['ROLE_KT'] });
    const first = await signin(t.app, user.username, user.password);
    const socket = await socketOf(url, first.accessToken);
    const told = next(socket, 'session:elsewhere');
    const second = await signin(t.app, user.username, user.password);
    await told;
    // the new session's own socket is not told
    const own = await socketOf(url, second.accessToken);
    const ownTold = arrives(own, 'session:elsewhere');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    expect(await closed).toBe('io server disconnect');
    expect(await ownTold).toBe(false);
    expect(own.connected).toBe(true);
  });

  it('shows who is online, and when they were last seen once they leave', async () => {
    const contactOf = async (who: Who, id: number) =>
      (await call('GET', '/private-chat/contacts', who)).json().find((c: { userId: number }) => c.userId === id);
    const watcher = await socketOf(url, admin.accessToken);
    const notWatching = await socketOf(url, kt.accessToken);
    // told once it watches: a list read from then on misses nobody
    expect(await watcher.emitWithAck('presence:watch', true)).toBe(true);
    const someone = await tokenFor(t, ['ROLE_CSKH']);
    expect(await contactOf(admin, someone.user.id)).toMatchObject({ online: false, lastSeen: null });
    const about = (e: { userId: number }) => e.userId === someone.user.id;
    const came = next(watcher, 'presence', 5_000, about);
    const socket = await socketOf(url, someone.accessToken);
    const unwatched = arrives(notWatching, 'presence');
    expect((await came)[0]).toEqual({ userId: someone.user.id, online: true, lastSeen: clock });
    // only a socket that shows a people list is told
    expect(await unwatched).toBe(false);
    expect(await contactOf(admin, someone.user.id)).toMatchObject({ online: true });
    clock += 60_000;
    const went = next(watcher, 'presence', 10_000, about);
    socket.disconnect();
    expect((await went)[0]).toEqual({ userId: someone.user.id, online: false, lastSeen: clock });
    expect(await contactOf(admin, someone.user.id)).toMatchObject({ online: false, lastSeen: clock });
  });

  it('tells a customer of staff coming online, never of another customer (as GET /user/online)', async () => {
    const customer = await tokenFor(t, ['ROLE_KH']);
    const watcher = await socketOf(url, customer.accessToken);
    const staffWatcher = await socketOf(url, admin.accessToken);
    watcher.emit('presence:watch', true);
    staffWatcher.emit('presence:watch', true);
    const otherCustomer = await tokenFor(t, ['ROLE_KH']);
    const staff = await tokenFor(t, ['ROLE_CSKH']);
    const aboutCustomer = (e: { userId: number }) => e.userId === otherCustomer.user.id;
    const customerSeen = next(watcher, 'presence', 1_000, aboutCustomer).then(
      () => true,
      () => false,
    );
    const staffSeesCustomer = next(staffWatcher, 'presence', 5_000, aboutCustomer);
    await socketOf(url, otherCustomer.accessToken);
    expect((await staffSeesCustomer)[0]).toMatchObject({ userId: otherCustomer.user.id, online: true });
    expect(await customerSeen).toBe(false);
    const staffCame = next(watcher, 'presence', 5_000, (e) => e.userId === staff.user.id);
    await socketOf(url, staff.accessToken);
    expect((await staffCame)[0]).toMatchObject({ userId: staff.user.id, online: true });
  });
});
