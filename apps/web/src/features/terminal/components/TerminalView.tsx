import { ArrowLeftOutlined } from '@ant-design/icons';
import { type ErrorParams, TERMINAL, type TerminalEvent } from '@it4u/shared';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { codeText } from '../../../api/errors.ts';
import { getAccessToken } from '../../../api/tokens.ts';
import type { TerminalTarget } from '../terminal.ts';
import './terminal.css';

type Props = { target: TerminalTarget; onBack: () => void };

type Status =
  | { kind: 'connecting' }
  | { kind: 'open'; fingerprint: string; firstUse: boolean }
  /** said in the reader's language when shown: the server's code, or a text of the app, or the fixed words ('connection closed') */
  | { kind: 'failed'; code?: string; params?: ErrorParams; key?: string; text: string }
  | { kind: 'closed' };

/** A terminal of 97 columns by 37 rows (scrollback 1200) and a copy and paste that works (Ctrl+Shift+C / Ctrl+Shift+V, or the mouse). */
export function createTerminal() {
  const term = new Terminal({
    cols: TERMINAL.cols,
    rows: TERMINAL.rows,
    scrollback: TERMINAL.scrollback,
    tabStopWidth: TERMINAL.tabStopWidth,
    cursorBlink: true,
    fontFamily: 'ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace',
    fontSize: 14,
    theme: { background: '#141414' },
  });
  term.attachCustomKeyEventHandler((e) => {
    if (e.type !== 'keydown' || !e.ctrlKey || !e.shiftKey) return true;
    if (e.code === 'KeyC' && term.hasSelection()) {
      void navigator.clipboard?.writeText(term.getSelection());
      return false;
    }
    if (e.code === 'KeyV') {
      void navigator.clipboard?.readText().then((text) => term.paste(text));
      return false;
    }
    return true;
  });
  return term;
}

/** TERMINAL (/clientDeviceInf → Connect → SSH): the full-screen terminal over /webssh, with a back button. */
export function TerminalView({ target, onBack }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'connecting' });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const term = createTerminal();
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    const fitted = () => {
      try {
        fit.fit();
      } catch {
        // not laid out yet
      }
    };
    fitted();
    term.focus();
    let ws: WebSocket | undefined;
    let ended = false;
    const sendJson = (message: object) => {
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
    const closed = () => {
      if (ended) return;
      ended = true;
      term.write('\r\n\x1b[33mconnection closed\x1b[0m\r\n');
      setStatus((s) => (s.kind === 'failed' ? s : { kind: 'closed' }));
    };

    if (typeof WebSocket === 'undefined') {
      term.write('Error: WebSocket Not Supported\r\n');
      setStatus({ kind: 'failed', text: 'Error: WebSocket Not Supported' });
    } else {
      // a fresh access token: the call renews an expired one
      void call('GET /user/me')
        .catch(() => undefined)
        .then(() => {
          if (ended) return;
          const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
          ws = new WebSocket(`${scheme}://${window.location.host}/webssh`, [
            'it4u.webssh',
            `bearer.${getAccessToken() ?? ''}`,
          ]);
          ws.binaryType = 'arraybuffer';
          ws.onopen = () =>
            sendJson({
              operate: 'connect',
              rowId: target.rowId,
              host: target.host,
              port: target.port,
              login: target.login,
              ...(target.login === 'typed' ? { username: target.username, password: target.password } : {}),
              cols: term.cols,
              rows: term.rows,
            });
          ws.onmessage = (message) => {
            if (message.data instanceof ArrayBuffer) {
              term.write(new Uint8Array(message.data));
              return;
            }
            const event = JSON.parse(String(message.data)) as TerminalEvent;
            if (event.type === 'hostKey') {
              setStatus({ kind: 'open', fingerprint: event.fingerprint, firstUse: event.firstUse });
            } else if (event.type === 'error') {
              setStatus({ kind: 'failed', code: event.code, params: event.params, text: event.message });
            }
          };
          ws.onerror = () =>
            setStatus((s) => (s.kind === 'failed' ? s : { kind: 'failed', key: 'terminal.refused', text: '' }));
          ws.onclose = closed;
        });
    }

    const typed = term.onData((command) => sendJson({ operate: 'command', command }));
    const resized = term.onResize(({ cols, rows }) => sendJson({ operate: 'resize', cols, rows }));
    const observer = new ResizeObserver(fitted);
    observer.observe(element);
    return () => {
      ended = true;
      observer.disconnect();
      typed.dispose();
      resized.dispose();
      ws?.close();
      term.dispose();
    };
    // not on the language: switching it must not reconnect (a new session, audited); texts are said when shown
  }, [target]);

  const failed =
    status.kind === 'failed'
      ? status.code
        ? (codeText(t, status.code, status.params) ?? status.text)
        : status.key
          ? t(status.key)
          : status.text
      : '';

  return (
    <div className="terminal-view">
      <Space className="terminal-bar" wrap>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('terminal.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('terminal.title')}
        </Typography.Title>
        <Typography.Text>
          {target.title ? `${target.title} · ` : ''}
          {target.host}:{target.port}
        </Typography.Text>
        {status.kind === 'connecting' && <Tag>{t('terminal.connecting')}</Tag>}
        {status.kind === 'open' && (
          <Tag color="green">
            {t(status.firstUse ? 'terminal.keyPinned' : 'terminal.keyKnown', { fingerprint: status.fingerprint })}
          </Tag>
        )}
        {status.kind === 'closed' && <Tag>{t('terminal.closed')}</Tag>}
      </Space>
      {status.kind === 'failed' && (
        <Alert
          // waiting for an administrator's approval is no fault: said as a warning
          type={status.code === 'terminalAwaitingApproval' ? 'warning' : 'error'}
          showIcon
          title={failed}
          style={{ marginBottom: 8 }}
        />
      )}
      <div className="terminal-screen" ref={box} role="application" aria-label={t('terminal.screen')} />
      <Typography.Text type="secondary">{t('terminal.copyHint')}</Typography.Text>
    </div>
  );
}
