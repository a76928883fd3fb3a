import type { CurrentUser } from '@it4u/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { RealtimeContext } from '../../realtime/RealtimeContext.tsx';
import type { RealtimeSocket } from '../../realtime/socket.ts';
import { technician as tech } from '../../test/chatContacts.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ChatPage } from './ChatPage.tsx';

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
describe('the chat page', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it('reads the people list again once its socket is told of presence (who came meanwhile was told to nobody)', async () => {
    // the technician comes online after the list was first read, before this socket watched: no event tells of it
    let online = false;
    const contactReads: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://console.test');
        if (url.pathname.endsWith('/user/me')) return jsonResponse(200, me);
        if (url.pathname.endsWith('/private-chat/contacts')) {
          contactReads.push(Date.now());
          const answer = [tech(online)];
          online = true;
          return jsonResponse(200, answer);
        }
        return jsonResponse(200, {});
      }),
    );
    const acks: (() => void)[] = [];
    const socket = {
      connected: true,
      on: () => socket,
      off: () => socket,
      emit: (event: string, _on: unknown, done?: () => void) => {
        if (event === 'presence:watch' && done) acks.push(done);
        return socket;
      },
    };
    renderWithProviders(
      <RealtimeContext.Provider value={socket as unknown as RealtimeSocket}>
        <ChatPage />
      </RealtimeContext.Provider>,
    );
    expect(await screen.findByText('Trần Văn Kỹ')).toBeTruthy();
    await waitFor(() => expect(contactReads).toHaveLength(1));
    expect(screen.queryByText('Online')).toBeNull();
    // the server says the socket watches now
    expect(acks).toHaveLength(1);
    acks[0]?.();
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(contactReads).toHaveLength(2);
  });
});
