import type { ChatContact, ChatMessage, CurrentUser } from '@it4u/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { RealtimeContext } from '../../../realtime/RealtimeContext.tsx';
import type { RealtimeSocket } from '../../../realtime/socket.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { Conversation } from './Conversation.tsx';

const UUID = '00000000-0000-4000-8000-000000000002';
const me: CurrentUser = {
  id: 1,
  name: 'Quản trị',
  username: 'admin',
  email: 'admin@example.test',
  gender: 'Male',
  language: 'English',
  type: 'User',
  status: 'Active',
  changePw: false,
  roles: [{ name: 'ROLE_ADMIN' }],
  sitename: [],
};
const contact: ChatContact = {
  userId: 2,
  name: 'Trần Văn Kỹ',
  username: 'ky',
  site: '',
  channelUuid: UUID,
  unread: 0,
  lastMessageAt: null,
  online: true,
  lastSeen: null,
};
const message = (id: number, contents: string): ChatMessage => ({
  id,
  channelUuid: UUID,
  fromUserId: 2,
  toUserId: 1,
  contents,
  timeSent: Date.UTC(2026, 4, 6, 3, id),
});

/** A socket that is not connected yet, and connects when the test says so (its 'connect' listeners called). */
function slowSocket() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    emit() {
      return socket;
    },
  };
  const connect = () => {
    socket.connected = true;
    for (const fn of listeners.get('connect') ?? []) fn();
  };
  /** the server's event, to this socket's listeners */
  const tell = (event: string, payload: unknown) => {
    for (const fn of listeners.get(event) ?? []) fn(payload);
  };
  return { socket: socket as unknown as RealtimeSocket, connect, tell };
}

describe('a conversation', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it('reads what was said before its socket was up once the socket connects', async () => {
    // the server holds one message when the conversation is read, a second one from then on (sent while the
    // reader's socket was still connecting, so that no event tells of it)
    let said = [message(1, 'Chào anh')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://console.test');
        if (url.pathname.endsWith(`/private-chat/channel/${UUID}`)) {
          const after = Number(url.searchParams.get('after') ?? 0);
          const items = said.filter((m) => m.id > after);
          said = [message(1, 'Chào anh'), message(2, 'Wifi ở sảnh không vào được')];
          return jsonResponse(200, { items, hasMore: false });
        }
        return jsonResponse(200, {});
      }),
    );
    const { socket, connect } = slowSocket();
    renderWithProviders(
      <RealtimeContext.Provider value={socket}>
        <Conversation me={me} contact={contact} uuid={UUID} />
      </RealtimeContext.Provider>,
    );
    expect(await screen.findByText('Chào anh')).toBeTruthy();
    expect(screen.queryByText('Wifi ở sảnh không vào được')).toBeNull();
    act(connect);
    expect(await screen.findByText('Wifi ở sảnh không vào được')).toBeTruthy();
  });

  it('reads again a message told of while its first read was on its way (that read answered before it came)', async () => {
    // the first read is answered empty but arrives late; the message is said and told of meanwhile
    let answerFirst: (() => void) | undefined;
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://console.test');
        if (!url.pathname.endsWith(`/private-chat/channel/${UUID}`)) return jsonResponse(200, {});
        reads.push(url.search);
        if (reads.length === 1) {
          await new Promise<void>((resolve) => {
            answerFirst = resolve;
          });
          return jsonResponse(200, { items: [], hasMore: false });
        }
        return jsonResponse(200, { items: [message(1, 'Tin mới')], hasMore: false });
      }),
    );
    const { socket, connect, tell } = slowSocket();
    renderWithProviders(
      <RealtimeContext.Provider value={socket}>
        <Conversation me={me} contact={contact} uuid={UUID} />
      </RealtimeContext.Provider>,
    );
    await vi.waitFor(() => expect(answerFirst).toBeDefined());
    act(connect);
    act(() => tell('chat:message', { channelUuid: UUID, fromUserId: 2, id: 1 }));
    act(() => answerFirst?.());
    expect(await screen.findByText('Tin mới')).toBeTruthy();
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });
});
