import { FastForwardOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TerminalSession } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../../api/call.ts';
import { request } from '../../../api/client.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { parseRecording, playbackDelays } from '../replay.ts';
import { createTerminal } from './TerminalView.tsx';

type Props = { session: TerminalSession; onClose: () => void };

/** Plays a session's recording back in a terminal, as it was seen (long silences shortened), or all at once. */
export function ReplayModal({ session, onClose }: Props) {
  const { t } = useTranslation();
  const [run, setRun] = useState(0);
  const [instant, setInstant] = useState(false);
  const recording = useQuery({
    queryKey: ['terminal', 'recording', session.id],
    // a recording of the header alone reads as one JSON object
    queryFn: async () => {
      const path = pathOf('GET /it4u/webssh/sessions/:id/recording', { params: { id: session.id } });
      // the contract says text; the client parses an answer that reads as JSON
      const body = await request<unknown>(path);
      return typeof body === 'string' ? body : JSON.stringify(body);
    },
  });

  return (
    <Modal
      open
      width="min(1000px, 96vw)"
      title={t('terminal.replay.title', { user: session.sshUser, host: session.host })}
      onCancel={onClose}
      footer={null}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text>
          {session.actorName} · {formatDateTime(session.startedAt)}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => {
            setInstant(false);
            setRun((n) => n + 1);
          }}
        >
          {t('terminal.replay.again')}
        </Button>
        <Button icon={<FastForwardOutlined aria-hidden />} onClick={() => setInstant(true)}>
          {t('terminal.replay.all')}
        </Button>
      </Space>
      <QueryErrorAlert query={recording} />
      {session.truncated && (
        <Typography.Paragraph type="warning">{t('terminal.replay.truncated')}</Typography.Paragraph>
      )}
      {recording.data !== undefined && (
        <RecordingPlayer
          key={`${run}-${instant}`}
          text={recording.data}
          instant={instant}
          label={t('terminal.replay.screen')}
        />
      )}
    </Modal>
  );
}

/** The recording played in a terminal of its own size; `instant`: all at once. */
function RecordingPlayer({ text, instant, label }: { text: string; instant: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { cols, rows, events } = parseRecording(text);
    const term = createTerminal();
    term.resize(cols, rows);
    term.open(element);
    const delays = playbackDelays(events);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const play = (i: number) => {
      const event = events[i];
      if (!event) return;
      if (event.kind === 'o') term.write(event.data);
      else {
        const [c, r] = event.data.split('x').map(Number);
        if (c && r) term.resize(c, r);
      }
      if (instant) play(i + 1);
      else timer = setTimeout(() => play(i + 1), (delays[i + 1] ?? 0) * 1000);
    };
    timer = setTimeout(() => play(0), instant ? 0 : (delays[0] ?? 0) * 1000);
    return () => {
      clearTimeout(timer);
      term.dispose();
    };
  }, [text, instant]);

  return (
    <div className="terminal-screen" ref={box} role="application" aria-label={label} style={{ overflowX: 'auto' }} />
  );
}
