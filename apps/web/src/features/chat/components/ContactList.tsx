import type { ChatContact } from '@it4u/shared';
import { Avatar, Badge, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fold } from '../../../components/format/fold.ts';
import { useSearchParts } from '../../../components/table/TableToolbar.tsx';
import { PresenceText } from './PresenceText.tsx';

type Props = {
  contacts: ChatContact[];
  loading: boolean;
  selected: number | null;
  onPick(userId: number): void;
};

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The people one may talk to, labelled by their first site, newest conversation first, with a search box. */
export function ContactList({ contacts, loading, selected, onPick }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchParts = useSearchParts(t('chat.search'), false);
  const q = fold(query).trim();
  const shown = q
    ? contacts.filter((c) => [c.name, c.username, c.site].some((text) => fold(text).includes(q)))
    : contacts;

  return (
    <section className="chat-contacts" aria-label={t('chat.people')}>
      <div className="chat-search">
        <Input.Search
          {...searchParts}
          aria-label={t('chat.search')}
          placeholder={t('chat.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {!loading && shown.length === 0 && (
        <Typography.Paragraph type="secondary" className="chat-none">
          {t(q ? 'chat.noMatch' : 'chat.nobody')}
        </Typography.Paragraph>
      )}
      <ul className="chat-people">
        {shown.map((c) => (
          <li key={c.userId}>
            <button
              type="button"
              className={c.userId === selected ? 'chat-person chat-person-selected' : 'chat-person'}
              aria-current={c.userId === selected ? 'true' : undefined}
              onClick={() => onPick(c.userId)}
            >
              <Badge dot status={c.online ? 'success' : 'default'} offset={[-4, 30]}>
                <Avatar aria-hidden className="chat-avatar">
                  {initials(c.name)}
                </Avatar>
              </Badge>
              <span className="chat-person-text">
                <span className="chat-person-name">{c.site || c.name}</span>
                <span className="chat-person-sub">
                  {c.site ? `${c.name} · ` : ''}
                  <PresenceText online={c.online} lastSeen={c.lastSeen} />
                </span>
              </span>
              {c.unread > 0 && (
                <Badge
                  count={c.unread}
                  overflowCount={99}
                  title={t('chat.unread', { count: c.unread })}
                  aria-label={t('chat.unread', { count: c.unread })}
                />
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
