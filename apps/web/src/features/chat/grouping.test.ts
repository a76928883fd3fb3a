import type { ChatMessage } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { groupMessages } from './grouping.ts';

const at = Date.UTC(2026, 10, 25, 1, 0);
let id = 0;
const message = (fromUserId: number, minutes: number): ChatMessage => ({
  id: ++id,
  channelUuid: 'c',
  fromUserId,
  toUserId: fromUserId === 1 ? 2 : 1,
  contents: `m${id}`,
  timeSent: at + minutes * 60_000,
});

describe('message groups', () => {
  it('groups one sender until the other speaks, and splits after an hour of silence', () => {
    const groups = groupMessages([
      message(1, 0),
      message(1, 5),
      message(2, 6),
      message(2, 67),
      message(2, 68),
      message(1, 126),
      message(1, 186),
    ]);
    expect(groups.map((g) => [g.fromUserId, g.messages.length])).toEqual([
      [1, 2],
      [2, 1],
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
  });

  it('keeps a group just under an hour apart', () => {
    expect(groupMessages([message(1, 0), message(1, 59.99)])).toHaveLength(1);
    expect(groupMessages([])).toEqual([]);
  });
});
