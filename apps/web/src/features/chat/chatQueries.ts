import type { ChatContact, ChatMessage, PresenceEvent } from '@it4u/shared';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

export type MessagePage = { items: ChatMessage[]; hasMore: boolean };

export const chatKeys = {
  all: ['chat'] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
  contacts: () => [...chatKeys.all, 'contacts'] as const,
  messages: (uuid: string) => [...chatKeys.all, 'messages', uuid] as const,
  channel: (userId: number | undefined) => [...chatKeys.all, 'channel', userId] as const,
};

/** Messages a page; older ones are read as the reader scrolls back. */
export const PAGE = 50;
/** The people list is asked again this often (presence that expired without a word, e.g. an instance that crashed). */
const CONTACTS_REFRESH_MS = 60_000;

/** The signed-in user's unread messages, all conversations together. */
export function useUnreadQuery(enabled = true) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: () => call('GET /private-chat/unread'),
    select: (data) => data.unread,
    enabled,
  });
}

export function useContactsQuery() {
  return useQuery({
    queryKey: chatKeys.contacts(),
    queryFn: () => call('GET /private-chat/contacts'),
    refetchInterval: CONTACTS_REFRESH_MS,
  });
}

export const openChannel = (me: number, other: number) =>
  call('PUT /private-chat/channel', { body: { userIdOne: me, userIdTwo: other } });

/** A conversation's messages: the newest page first, older pages after it (each page oldest first). */
export function useMessagesQuery(uuid: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(uuid ?? ''),
    queryFn: ({ pageParam }) =>
      call('GET /private-chat/channel/:channelUuid', {
        params: { channelUuid: uuid ?? '' },
        query: { limit: PAGE, before: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    enabled: uuid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every message of the loaded pages, oldest first. */
export function messagesOf(data: InfiniteData<MessagePage> | undefined): ChatMessage[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.items) : [];
}

/** Adds messages to a conversation's newest page, each once. */
export function addMessages(client: QueryClient, uuid: string, messages: ChatMessage[]) {
  client.setQueryData<InfiniteData<MessagePage>>(chatKeys.messages(uuid), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Set(data.pages.flatMap((page) => page.items.map((m) => m.id)));
    const fresh = messages.filter((m) => !known.has(m.id));
    if (fresh.length === 0) return data;
    const [newest, ...older] = data.pages as [MessagePage, ...MessagePage[]];
    const items = [...newest.items, ...fresh].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, items }, ...older] };
  });
}

/** Reads what came after the newest message held (when told of new ones, or back from a lost connection). */
export async function catchUp(client: QueryClient, uuid: string) {
  const data = client.getQueryData<InfiniteData<MessagePage>>(chatKeys.messages(uuid));
  if (!data) return;
  let after = data.pages[0]?.items.at(-1)?.id ?? 0;
  for (;;) {
    const page = await call('GET /private-chat/channel/:channelUuid', {
      params: { channelUuid: uuid },
      query: { after, limit: 200 },
    });
    addMessages(client, uuid, page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) return;
    after = last.id;
  }
}

/** Someone's presence, as the server told it, in the people list. */
export function setPresence(client: QueryClient, event: PresenceEvent) {
  const key = chatKeys.contacts();
  client.setQueryData<ChatContact[]>(key, (list) =>
    list?.map((c) => (c.userId === event.userId ? { ...c, online: event.online, lastSeen: event.lastSeen } : c)),
  );
  // a read of the list under way may have been answered before this event, and land over it (the person shown away
  // until the next read, a minute later): once it has landed, the list is read again
  const reading = client.getQueryCache().find({ queryKey: key, fetchStatus: 'fetching' })?.promise;
  if (reading) {
    void reading.then(
      () => client.invalidateQueries({ queryKey: key }),
      () => undefined,
    );
  }
}

/** Which conversation the reader has in front of them (no notice for it), if any. */
let viewing: string | null = null;
export const viewedChannel = () => viewing;
export const setViewedChannel = (uuid: string | null) => {
  viewing = uuid;
};
