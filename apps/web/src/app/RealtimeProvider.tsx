import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotificationApi } from '../components/feedback/NoticeProvider.tsx';
import { alertKeys } from '../features/alerts/alertsQueries.ts';
import { chatKeys, setPresence, useUnreadQuery, viewedChannel } from '../features/chat/chatQueries.ts';
import { RealtimeContext } from '../realtime/RealtimeContext.tsx';
import { openSocket, type RealtimeSocket } from '../realtime/socket.ts';

const TITLE = typeof document === 'undefined' ? '' : document.title;

/**
 * The signed-in shell's realtime socket and what it says to the whole app: a sign-in elsewhere sends this session to
 * /logined; a message raises the unread count (menu and tab title) and a notice unless its conversation is in front
 * of the reader; presence updates the people list; an alert's change reads the alert counts and lists again.
 */
export function RealtimeProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notices = useNotificationApi();
  const [socket, setSocket] = useState<RealtimeSocket | null>(null);
  const unread = useUnreadQuery().data ?? 0;
  // what the socket's handlers use, current without opening another socket (a language switch keeps it)
  const ui = useRef({ t, navigate, notices });
  ui.current = { t, navigate, notices };

  useEffect(() => {
    const opened = openSocket();
    const { socket } = opened;
    let connectedBefore = false;
    socket.on('connect', () => {
      // back from a lost connection: the counts and the list are read again (an open conversation catches up itself)
      if (connectedBefore) {
        void client.invalidateQueries({ queryKey: chatKeys.unread() });
        void client.invalidateQueries({ queryKey: chatKeys.contacts() });
        void client.invalidateQueries({ queryKey: alertKeys.all });
      }
      connectedBefore = true;
    });
    socket.on('session:elsewhere', () => void ui.current.navigate('/logined', { replace: true }));
    socket.on('chat:message', (event) => {
      void client.invalidateQueries({ queryKey: chatKeys.contacts() });
      if (event.fromUserId === userId) return;
      if (viewedChannel() === event.channelUuid) return;
      void client.invalidateQueries({ queryKey: chatKeys.unread() });
      const { t, notices, navigate } = ui.current;
      const key = `chat-${event.channelUuid}`;
      notices.info({
        key,
        title: t('chat.notice', { name: event.fromName }),
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notices.destroy(key);
              void navigate(`/chat?with=${event.fromUserId}`);
            }}
          >
            {t('chat.open')}
          </Button>
        ),
      });
    });
    socket.on('chat:read', (event) => {
      client.setQueryData(chatKeys.unread(), { unread: event.unread });
      void client.invalidateQueries({ queryKey: chatKeys.contacts() });
    });
    socket.on('presence', (event) => setPresence(client, event));
    // an alert opened, resolved, acknowledged or muted: the badge and the lists are read again
    socket.on('alerts:changed', () => void client.invalidateQueries({ queryKey: alertKeys.all }));
    setSocket(socket);
    return () => {
      opened.close();
      setSocket(null);
    };
  }, [client, userId]);

  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${TITLE}` : TITLE;
    return () => {
      document.title = TITLE;
    };
  }, [unread]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}
