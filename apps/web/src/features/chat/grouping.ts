import { CHAT_GROUP_SPLIT_MS, type ChatMessage } from '@it4u/shared';

export type MessageGroup = { fromUserId: number; messages: ChatMessage[] };

/**
 * Consecutive messages of one sender make a group; an hour of silence starts a new one even from the
 * same sender.
 */
export function groupMessages(messages: readonly ChatMessage[], splitMs = CHAT_GROUP_SPLIT_MS): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let last: ChatMessage | undefined;
  for (const message of messages) {
    const group = groups.at(-1);
    if (group && last && last.fromUserId === message.fromUserId && message.timeSent - last.timeSent < splitMs) {
      group.messages.push(message);
    } else {
      groups.push({ fromUserId: message.fromUserId, messages: [message] });
    }
    last = message;
  }
  return groups;
}

/** Whether two times fall on different calendar days where the reader is (a day line between them). */
export function otherDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() !== y.getFullYear() || x.getMonth() !== y.getMonth() || x.getDate() !== y.getDate();
}
