/**
 * The realtime events (Socket.IO at `/socket.io/`, websocket transport only). Events carry ids and small facts, never
 * a message's text: a client reads what it was told of from the API, which also serves what a reconnecting client
 * missed (and PostgreSQL's NOTIFY, which carries events between instances, takes at most 8,000 bytes).
 */
export const SOCKET_PATH = '/socket.io/';

/** Presence: an instance renews its connected users this often; a user not renewed within PRESENCE_TTL_MS is offline. */
export const PRESENCE_BEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 60_000;
/** A 'typing…' line stays this long after the last keystroke it was told of; a client tells at most this often. */
export const TYPING_SHOW_MS = 4_000;
export const TYPING_EVERY_MS = 2_000;

export type ChatMessageEvent = {
  channelUuid: string;
  id: number;
  fromUserId: number;
  toUserId: number;
  fromName: string;
};
export type ChatReadEvent = { channelUuid: string; unread: number };
export type ChatTypingEvent = { channelUuid: string; userId: number };
export type PresenceEvent = { userId: number; online: boolean; lastSeen: number | null };

/** What the server sends. */
export type ServerEvents = {
  /** a message was stored in a conversation of this user (sent by them or to them) */
  'chat:message': (event: ChatMessageEvent) => void;
  /** this user read a conversation (on any device): their unread total now */
  'chat:read': (event: ChatReadEvent) => void;
  /** the other person of a conversation is typing */
  'chat:typing': (event: ChatTypingEvent) => void;
  /** someone came online or went offline (to the sockets that watch presence) */
  presence: (event: PresenceEvent) => void;
  /** an alert this user is told about opened, resolved, or was acknowledged or muted: the counts are read again */
  'alerts:changed': () => void;
  /** this user signed in elsewhere (the web app then goes to /logined) */
  'session:elsewhere': () => void;
};

/** What a client sends. */
export type ClientEvents = {
  'chat:typing': (event: { channelUuid: string }) => void;
  /**
   * this socket shows a people list (true) or no longer does: it is told of presence meanwhile; `done` once it is
   * (the list read before may have missed someone who came or went before the socket was told)
   */
  'presence:watch': (on: boolean, done?: (watching: boolean) => void) => void;
};

/** Why the server refused a connection (`connect_error`'s `data.code`): an API error code. */
export type SocketRefusal = { code: 'sessionExpired' | 'sessionEnded' | 'accountInactive' | 'changePasswordFirst' };
