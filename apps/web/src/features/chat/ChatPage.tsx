import type { ChatContact } from '@it4u/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Grid, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryErrorAlert } from '../../components/feedback/QueryErrorAlert.tsx';
import { useRealtimeSocket } from '../../realtime/RealtimeContext.tsx';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { chatKeys, openChannel, useContactsQuery } from './chatQueries.ts';
import { ContactList } from './components/ContactList.tsx';
import { Conversation } from './components/Conversation.tsx';
import './chat.css';

/** The channel with a contact: the one listed, or made the first time they are picked. */
function useChannel(me: number, contact: ChatContact | null) {
  const opened = useQuery({
    queryKey: chatKeys.channel(contact?.userId),
    queryFn: () => openChannel(me, contact?.userId as number),
    enabled: contact !== null && contact.channelUuid === null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { uuid: contact?.channelUuid ?? opened.data?.channelUuid ?? null, query: opened };
}

/**
 * While the people list is on screen, the socket is told who comes and goes (again after each reconnection); once
 * it is, the list is read again: someone who came or went between its first read and then was told to nobody.
 */
function usePresenceWatch() {
  const socket = useRealtimeSocket();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const watch = () =>
      socket.emit('presence:watch', true, () => void client.invalidateQueries({ queryKey: chatKeys.contacts() }));
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      socket.emit('presence:watch', false);
    };
  }, [socket, client]);
}

/**
 * /chat: the people one may talk to on the left (search, presence, unread counts), the conversation on the right. On a
 * phone one pane at a time: the list, then the conversation with a way back.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const wide = Grid.useBreakpoint().md === true;
  const [params, setParams] = useSearchParams();
  const withId = Number(params.get('with')) || null;
  const contacts = useContactsQuery();
  const contact = contacts.data?.find((c) => c.userId === withId) ?? null;
  const channel = useChannel(me?.id ?? 0, contact);
  usePresenceWatch();

  const pick = (userId: number | null) =>
    setParams(userId === null ? {} : { with: String(userId) }, { replace: !wide && userId === null });

  if (!me) return null;
  const list = (
    <ContactList
      contacts={contacts.data ?? []}
      loading={contacts.isPending}
      selected={withId}
      onPick={(id) => pick(id)}
    />
  );
  const conversation =
    contact && channel.uuid ? (
      <Conversation
        key={channel.uuid}
        me={me}
        contact={contact}
        uuid={channel.uuid}
        onBack={wide ? undefined : () => pick(null)}
      />
    ) : contact && !channel.query.isError ? (
      <div className="chat-empty">
        <Spin />
      </div>
    ) : (
      <div className="chat-empty">
        <Empty description={t('chat.pick')} />
      </div>
    );

  return (
    <Card title={t('chat.title')} className="chat-page" styles={{ body: { padding: 0 } }}>
      <QueryErrorAlert query={contacts} />
      <QueryErrorAlert query={channel.query} />
      <div className={wide ? 'chat chat-wide' : 'chat'}>
        {(wide || !contact) && list}
        {(wide || contact) && conversation}
      </div>
    </Card>
  );
}
