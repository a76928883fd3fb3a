import type { ChatContact } from '@it4u/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { technician as tech } from '../../test/chatContacts.ts';
import { chatKeys, setPresence } from './chatQueries.ts';

/**
 * A presence event that comes while the people list is being read: the read was answered before it and lands after
 * (the person shown away until the next read, a minute later: e2e 20 waited 20 s for "Online", busy machine).
 */
describe('presence in the people list', () => {
  it('asks the list again when an event comes while a read of it is under way', async () => {
    const client = new QueryClient();
    let release: (() => void) | undefined;
    let online = false;
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: chatKeys.contacts(),
      queryFn: async () => {
        reads++;
        // the server's answer is made now; it arrives later
        const answer = [tech(online)];
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
    });
    const seen: (boolean | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data?.[0]?.online));
    await expect.poll(() => release).toBeDefined();
    // the technician comes online after the server made its answer, before the answer arrived
    online = true;
    setPresence(client, { userId: 2, online: true, lastSeen: null });
    release?.();
    await expect.poll(() => client.getQueryData<ChatContact[]>(chatKeys.contacts())?.[0]?.online).toBe(true);
    await expect.poll(() => client.isFetching()).toBe(0);
    expect(client.getQueryData<ChatContact[]>(chatKeys.contacts())?.[0]?.online).toBe(true);
    expect(reads).toBe(2);
    unsubscribe();
    client.clear();
  });

  it('only updates the list when no read is under way', async () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.contacts(), [tech(false)]);
    setPresence(client, { userId: 2, online: true, lastSeen: null });
    expect(client.getQueryData<ChatContact[]>(chatKeys.contacts())?.[0]?.online).toBe(true);
    expect(client.isFetching()).toBe(0);
    client.clear();
  });
});
