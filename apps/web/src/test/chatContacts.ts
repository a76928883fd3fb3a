import type { ChatContact } from '@it4u/shared';

/** A technician in the people list, online or not (the chat's tests). */
export const technician = (online: boolean): ChatContact => ({
  userId: 2,
  name: 'Trần Văn Kỹ',
  username: 'ky',
  site: '',
  channelUuid: null,
  unread: 0,
  lastMessageAt: null,
  online,
  lastSeen: null,
});
