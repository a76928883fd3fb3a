import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import type { TerminalTarget } from '../terminal.ts';
import { TerminalView } from './TerminalView.tsx';

// xterm.js draws on a canvas the test document cannot draw: a terminal that keeps what it is told to write
const written: string[] = [];
vi.mock('@xterm/xterm', () => ({
  Terminal: class {
    cols = 97;
    rows = 37;
    loadAddon() {}
    open() {}
    focus() {}
    write(data: string | Uint8Array) {
      written.push(typeof data === 'string' ? data : new TextDecoder().decode(data));
    }
    onData() {
      return { dispose() {} };
    }
    onResize() {
      return { dispose() {} };
    }
    attachCustomKeyEventHandler() {}
    dispose() {}
  },
}));
vi.mock('@xterm/addon-fit', () => ({
  FitAddon: class {
    fit() {}
  },
}));

/** The browser's WebSocket: each one made, what it sent, whether it was closed. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static made: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.();
  }
  /** the server accepts the socket */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  tell(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

const target: TerminalTarget = { rowId: 4, host: '10.0.0.1', port: 4949, login: 'root', title: 'Hoa Mai' };

describe('the terminal view', () => {
  beforeEach(() => {
    FakeWebSocket.made = [];
    written.length = 0;
    setAccessToken('token');
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, {})),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('keeps its session when the language changes: one socket, the error said again in the new language', async () => {
    renderWithProviders(<TerminalView target={target} onBack={() => {}} />);
    await vi.waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const ws = FakeWebSocket.made[0] as FakeWebSocket;
    act(() => ws.open());
    expect(ws.sent).toEqual([
      { operate: 'connect', rowId: 4, host: '10.0.0.1', port: 4949, login: 'root', cols: 97, rows: 37 },
    ]);
    act(() =>
      ws.tell({
        type: 'error',
        code: 'terminalTooManySessions',
        params: { max: 3 },
        message: 'You already have 3 terminal sessions open: close one first.',
      }),
    );
    expect(await screen.findByText('You already have 3 terminal sessions open: close one first.')).toBeTruthy();

    await act(() => i18n.changeLanguage('vi'));
    expect(await screen.findByText(/Bạn đang mở 3 phiên terminal/)).toBeTruthy();
    expect(FakeWebSocket.made).toHaveLength(1);
    expect(ws.closed).toBe(false);

    // 'connection closed' when it ends
    act(() => ws.close());
    expect(written.join('')).toContain('connection closed');
  });
});
