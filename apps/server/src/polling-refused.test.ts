import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@it4u/shared';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from './test/helpers.ts';

// The realtime socket takes the websocket transport only: the HTTP long-polling transport of engine.io, which has an
// advisory without a fixed release (scripts/advisories.json), never runs. A handshake and a POST on it are refused,
// with a valid token too.
describe('the realtime socket without long polling', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${SOCKET_PATH}`;
  });
  afterAll(() => t.close());

  it('refuses the polling handshake and a polling POST', async () => {
    const { accessToken } = await tokenFor(t, ['ROLE_ADMIN']);
    const handshake = await request(`${base}?EIO=4&transport=polling`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(handshake.statusCode).toBe(400);
    expect(await handshake.body.text()).not.toContain('"sid"');
    const post = await request(`${base}?EIO=4&transport=polling&sid=abc`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '4hello',
    });
    expect(post.statusCode).toBe(400);
    await post.body.text();
  });
});
