import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { chatKeys } from '../chatQueries.ts';
import { Composer } from './Composer.tsx';

const UUID = '00000000-0000-4000-8000-000000000001';

/**
 * The server: takes a message (or refuses it with `refusal`), and remembers what it was sent. `lost` sends go through a
 * proxy whose console went away (502), each key remembered.
 */
function server(refusal?: { status: number; body: object }, lost = 0, keys: string[] = []) {
  const sent: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/private-chat/channel/${UUID}/messages`) && init?.method === 'POST') {
      const { contents, clientKey } = JSON.parse(String(init.body));
      keys.push(clientKey);
      if (refusal) return jsonResponse(refusal.status, refusal.body);
      if (keys.length <= lost) return new Response('Bad Gateway', { status: 502 });
      sent.push(contents);
      return jsonResponse(201, {
        id: sent.length,
        channelUuid: UUID,
        fromUserId: 1,
        toUserId: 2,
        contents,
        timeSent: 0,
      });
    }
    return jsonResponse(404, { statusCode: 404, code: 'notFound' });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

describe('the message box', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('sends on Enter, makes a new line on Shift+Enter, and sends nothing blank', async () => {
    const sent = server();
    renderWithProviders(<Composer uuid={UUID} onSent={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'dòng một' } });
    // Shift+Enter is left to the text box (a new line), nothing is sent
    expect(fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })).toBe(true);
    fireEvent.change(box, { target: { value: 'dòng một\ndòng hai' } });
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(sent).toEqual(['dòng một\ndòng hai']));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps a message the server refused, with the reason in the reader’s language', async () => {
    server({ status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'chatNotAllowed', message: 'x' } });
    await i18n.changeLanguage('vi');
    renderWithProviders(<Composer uuid={UUID} onSent={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Tin nhắn' });
    fireEvent.change(box, { target: { value: 'Xin chào' } });
    fireEvent.click(screen.getByRole('button', { name: /Gửi/ }));
    expect(await screen.findByText('Khách hàng chỉ có thể trò chuyện với nhân viên.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Xin chào');
  });

  it('sends again with the same key while a proxy answers that the console went away, and stores it once', async () => {
    const keys: string[] = [];
    const sent = server(undefined, 1, keys);
    renderWithProviders(<Composer uuid={UUID} onSent={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'qua proxy' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual(['qua proxy']));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    // the next message has a key of its own
    fireEvent.change(box, { target: { value: 'tin sau' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual(['qua proxy', 'tin sau']));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('reads a message missed while the socket was away before adding its own (the next catch-up starts after it)', async () => {
    const message = (id: number, fromUserId: number, contents: string) => ({
      id,
      channelUuid: UUID,
      fromUserId,
      toUserId: 3 - fromUserId,
      contents,
      timeSent: id,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') return jsonResponse(201, message(3, 1, 'của tôi'));
        if (url.includes(`/private-chat/channel/${UUID}?`) && url.includes('after=1')) {
          return jsonResponse(200, { items: [message(2, 2, 'bị lỡ'), message(3, 1, 'của tôi')], hasMore: false });
        }
        return jsonResponse(404, { statusCode: 404, code: 'notFound' });
      }),
    );
    const { client } = renderWithProviders(<Composer uuid={UUID} onSent={() => {}} />);
    client.setQueryData(chatKeys.messages(UUID), {
      pages: [{ items: [message(1, 2, 'đầu')], hasMore: false }],
      pageParams: [undefined],
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'của tôi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(
        (client.getQueryData(chatKeys.messages(UUID)) as { pages: { items: { id: number }[] }[] }).pages[0]?.items.map(
          (m) => m.id,
        ),
      ).toEqual([1, 2, 3]),
    );
  });
});
