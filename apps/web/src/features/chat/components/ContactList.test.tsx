import type { ChatContact } from '@it4u/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactList } from './ContactList.tsx';

const person = (userId: number, name: string, site: string, extra: Partial<ChatContact> = {}): ChatContact => ({
  userId,
  name,
  username: name.toLowerCase().replace(/\s+/g, '.'),
  site,
  channelUuid: null,
  unread: 0,
  lastMessageAt: null,
  online: false,
  lastSeen: null,
  ...extra,
});

describe('the people list', () => {
  const people = [
    person(1, 'Trần Thị Lan', 'Quán Cà Phê Hồ Gươm', { unread: 3, online: true }),
    person(2, 'Lê Văn Minh', '', { lastSeen: Date.now() - 5 * 60_000 }),
  ];

  it('labels people by their first site, says who is online, their unread count, and searches without marks', () => {
    const onPick = vi.fn();
    render(<ContactList contacts={people} loading={false} selected={null} onPick={onPick} />);
    const lan = screen.getByRole('button', { name: /Quán Cà Phê Hồ Gươm/ });
    expect(lan.textContent).toContain('Trần Thị Lan');
    expect(lan.textContent).toContain('Online');
    expect(screen.getByLabelText('3 unread messages')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Lê Văn Minh/ }).textContent).toContain('Last seen 5 minutes ago');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'ho guom' } });
    expect(screen.queryByRole('button', { name: /Lê Văn Minh/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Quán Cà Phê/ }));
    expect(onPick).toHaveBeenCalledWith(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'nobody' } });
    expect(screen.getByText('Nobody matches your search.')).toBeTruthy();
  });
});
