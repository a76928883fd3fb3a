import { ArrowLeftOutlined } from '@ant-design/icons';
import { type ChatContact, type CurrentUser, TYPING_SHOW_MS } from '@it4u/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { formatDateTime, formatTime } from '../../../components/format/formatting.ts';
import { useConnected, useRealtimeEvent } from '../../../realtime/RealtimeContext.tsx';
import { catchUp, chatKeys, messagesOf, setViewedChannel, useMessagesQuery } from '../chatQueries.ts';
import { groupMessages, otherDay } from '../grouping.ts';
import { Composer } from './Composer.tsx';
import { initials } from './ContactList.tsx';
import { PresenceText } from './PresenceText.tsx';

type Props = {
  me: CurrentUser;
  contact: ChatContact;
  uuid: string;
  /** on a phone: back to the people list */
  onBack?: () => void;
};

/** Within this many pixels of the bottom, new messages keep the view at the bottom. */
const NEAR_BOTTOM = 80;

/**
 * One conversation: newest at the bottom, older messages read as the reader scrolls up, grouped by sender and split
 * after an hour; what comes in is read at once (the socket says that something came); a 'typing…' line; the
 * conversation in front of the reader is marked read.
 */
export function Conversation({ me, contact, uuid, onBack }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useMessagesQuery(uuid);
  const messages = messagesOf(query.data);
  const list = useRef<HTMLDivElement>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [, redraw] = useState(0);

  // told of a message here, or connected (first, or back from a lost connection): read what came since; while the
  // first read is still on its way (it may have been answered before what came), once it is in
  const missed = useRef(false);
  const follow = () => {
    if (client.getQueryData(chatKeys.messages(uuid)) === undefined) {
      missed.current = true;
      return;
    }
    void catchUp(client, uuid).catch(() => void client.invalidateQueries({ queryKey: chatKeys.messages(uuid) }));
  };
  const loaded = query.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the first read is in
  useEffect(() => {
    if (!loaded || !missed.current) return;
    missed.current = false;
    follow();
  }, [loaded]);
  useRealtimeEvent('chat:message', (event) => {
    if (event.channelUuid !== uuid) return;
    if (event.fromUserId === contact.userId) setTypingUntil(0);
    follow();
  });
  useConnected(follow);
  // opened again with messages kept from before: what came meanwhile is read (nothing is read twice)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the conversation opens
  useEffect(() => {
    if (loaded) follow();
  }, []);
  useRealtimeEvent('chat:typing', (event) => {
    if (event.channelUuid === uuid && event.userId === contact.userId) setTypingUntil(Date.now() + TYPING_SHOW_MS);
  });
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => redraw((n) => n + 1), Math.max(0, typingUntil - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);
  const typing = typingUntil > Date.now();

  // the conversation in front of the reader: no notice for it, and what is shown is read
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    setViewedChannel(visible ? uuid : null);
    return () => setViewedChannel(null);
  }, [uuid, visible]);
  const lastId = messages.at(-1)?.id ?? 0;
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!visible || lastId <= readUpTo.current) return;
    readUpTo.current = lastId;
    void call('POST /private-chat/channel/:channelUuid/read', {
      params: { channelUuid: uuid },
      body: { lastReadId: lastId },
    }).catch(() => {
      readUpTo.current = 0;
    });
  }, [uuid, lastId, visible]);

  // scrolling: at the bottom when opened and as messages come (unless the reader scrolled up to read); where the
  // reader was when older messages are put above
  const firstId = messages[0]?.id ?? 0;
  const before = useRef({ firstId: 0, lastId: 0, height: 0, top: 0, nearBottom: true });
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const was = before.current;
    if (was.firstId !== 0 && firstId < was.firstId && lastId === was.lastId) {
      el.scrollTop = was.top + (el.scrollHeight - was.height);
    } else if (lastId !== was.lastId && (was.nearBottom || was.lastId === 0 || messages.at(-1)?.fromUserId === me.id)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop, nearBottom: nearBottom(el) };
  });
  const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
  const older = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    before.current = { ...before.current, top: el.scrollTop, height: el.scrollHeight, nearBottom: nearBottom(el) };
    if (el.scrollTop < 40) older();
  };

  const groups = groupMessages(messages);
  const nameOf = (userId: number) => (userId === me.id ? t('chat.you') : contact.name);

  return (
    <section className="chat-conversation" aria-label={t('chat.with', { name: contact.name })}>
      <header className="chat-header">
        {onBack && (
          <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} aria-label={t('chat.back')} onClick={onBack} />
        )}
        <Avatar aria-hidden className="chat-avatar">
          {initials(contact.name)}
        </Avatar>
        <div className="chat-header-text">
          <Typography.Text strong>{contact.name}</Typography.Text>
          <Typography.Text type="secondary" className="chat-person-sub">
            {contact.site ? `${contact.site} · ` : ''}
            <PresenceText online={contact.online} lastSeen={contact.lastSeen} />
          </Typography.Text>
        </div>
      </header>
      <QueryErrorAlert query={query} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (axe scrollable-region-focusable) */}
      <div className="chat-messages" ref={list} onScroll={onScroll} role="log" aria-live="polite" tabIndex={0}>
        {query.hasNextPage && (
          <div className="chat-older">
            <Button size="small" loading={query.isFetchingNextPage} onClick={older}>
              {t('chat.older')}
            </Button>
          </div>
        )}
        {query.isPending && (
          <div className="chat-empty">
            <Spin />
          </div>
        )}
        {!query.isPending && messages.length === 0 && (
          <Typography.Paragraph type="secondary" className="chat-none">
            {t('chat.first', { name: contact.name })}
          </Typography.Paragraph>
        )}
        {groups.map((group, i) => {
          const first = group.messages[0];
          if (!first) return null;
          const previous = groups[i - 1]?.messages.at(-1);
          const mine = group.fromUserId === me.id;
          return (
            <Fragment key={first.id}>
              {(!previous || otherDay(previous.timeSent, first.timeSent)) && (
                <div className="chat-day">
                  <span>{dayjs(first.timeSent).format('LL')}</span>
                </div>
              )}
              <div className={mine ? 'chat-group chat-group-mine' : 'chat-group'}>
                <div className="chat-group-head">
                  <Typography.Text strong>{nameOf(group.fromUserId)}</Typography.Text>{' '}
                  <time dateTime={new Date(first.timeSent).toISOString()}>{formatTime(first.timeSent)}</time>
                </div>
                {group.messages.map((m) => (
                  <p key={m.id} className="chat-bubble" title={formatDateTime(m.timeSent)}>
                    {m.contents}
                  </p>
                ))}
              </div>
            </Fragment>
          );
        })}
      </div>
      <div className="chat-typing" aria-live="polite">
        {typing ? t('chat.typing', { name: contact.name }) : ''}
      </div>
      <Composer uuid={uuid} onSent={() => setTypingUntil(0)} />
    </section>
  );
}
