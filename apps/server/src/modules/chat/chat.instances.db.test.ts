import type { AddressInfo } from 'node:net';
import type { ServerEvents } from '@it4u/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import { closeSockets, next, socketOf } from '../../test/sockets.ts';

afterEach(closeSockets);

type Who = Awaited<ReturnType<typeof tokenFor>>;

/** Two instances on one PostgreSQL: what happens on one reaches the sockets of the other (PostgreSQL only). */
describe.skipIf(!process.env.DATABASE_URL)('chat across two instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: Awaited<ReturnType<typeof secondInstance>>;
  const urls: string[] = [];
  beforeAll(async () => {
    one = await createTestApp('postgres');
    two = await secondInstance(one);
    for (const { app } of [one, two]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('delivers a message, presence, unread counts and a sign-in notice from one instance to the other', async () => {
    const admin = await tokenFor(one, ['ROLE_ADMIN']);
    const kt = await tokenFor(one, ['ROLE_KT']);
    const onOne = (method: 'GET' | 'POST' | 'PUT', path: string, who: Who, payload?: object) =>
      one.app.inject({ method, url: `/api/v1${path}`, headers: who.headers, payload });
    const onTwo = (path: string, who: Who) =>
      two.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: who.headers });
    const uuid = (
      await onOne('PUT', '/private-chat/channel', admin, { userIdOne: admin.user.id, userIdTwo: kt.user.id })
    ).json().channelUuid;

    // kt is on the second instance; the first one's adapter listens once it has connected to PostgreSQL
    const ktOnTwo = await socketOf(urls[1] as string, kt.accessToken);
    let delivered: Parameters<ServerEvents['chat:message']> | undefined;
    for (let i = 0; i < 20 && !delivered; i++) {
      const heard = next(ktOnTwo, 'chat:message', 500);
      await onOne('POST', `/private-chat/channel/${uuid}/messages`, admin, { contents: `tin ${i}` });
      delivered = await heard.catch(() => undefined);
    }
    expect(delivered?.[0]).toMatchObject({ channelUuid: uuid, fromUserId: admin.user.id });
    const count = (await onOne('GET', '/private-chat/unread', kt)).json().unread;
    expect(count).toBeGreaterThan(0);
    expect((await onTwo('/private-chat/unread', kt)).json().unread).toBe(count);

    // admin comes online on the first instance: the second tells kt, and lists admin online
    const about = (e: { userId: number }) => e.userId === admin.user.id;
    ktOnTwo.emit('presence:watch', true);
    await new Promise((r) => setTimeout(r, 200));
    const came = next(ktOnTwo, 'presence', 5_000, about);
    await socketOf(urls[0] as string, admin.accessToken);
    expect((await came)[0]).toMatchObject({ userId: admin.user.id, online: true });
    const contact = (await onTwo('/private-chat/contacts', kt))
      .json()
      .find((c: { userId: number }) => c.userId === admin.user.id);
    expect(contact).toMatchObject({ online: true, unread: count });

    // kt signs in again through the first instance: kt's session on the second is told
    const told = next(ktOnTwo, 'session:elsewhere');
    await signin(one.app, kt.user.username, kt.user.password);
    await told;
  });
});
