import type { ApiErrorCode, ErrorParams, StockOutInput } from '@it4u/shared';
import { useSyncExternalStore } from 'react';
import { call } from '../api/call.ts';
import { type HttpError, isHttpError, lastHeardAt } from '../api/client.ts';
import { randomKey } from '../api/randomKey.ts';
import { accessTokenUser } from '../api/tokens.ts';

/**
 * The stock-outs a phone keeps while the console cannot be reached: in the browser's storage (a reload keeps them),
 * each with its own key (`clientRef`: sent again, the server stores it once) and the time the phone last heard the
 * console (`offlineSince`: a serial stocked out elsewhere since then is refused rather than moved).
 */
export type KeptStockOut<Row = unknown> = {
  ref: string;
  /** whose it is: another user signing in on the phone neither sees nor sends it */
  user: number;
  body: StockOutInput;
  /** the row as the technician typed it (shown while it waits, edited if it is refused) */
  row: Row;
  savedAt: number;
  offlineSince: number;
  state: 'waiting' | 'sending' | 'refused';
  /** why the server refused it */
  refusal?: { code?: ApiErrorCode; params?: ErrorParams };
};

const KEY = 'it4u.outbox';
const EMPTY: KeptStockOut[] = [];
const listeners = new Set<() => void>();
/** The storage's text last read, and what it holds: read again whenever the text changed (another tab wrote it). */
let raw: string | null | undefined;
let entries: KeptStockOut[] = [];

function notify(): void {
  for (const listener of listeners) listener();
}

// another tab (the installed app beside a browser tab) kept, sent or discarded one
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) notify();
  });
}

function read(): KeptStockOut[] {
  const text = localStorage.getItem(KEY);
  if (text === raw) return entries;
  raw = text;
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    entries = Array.isArray(parsed) ? (parsed as KeptStockOut[]) : [];
  } catch {
    entries = [];
  }
  return entries;
}

/** Every change reads the storage first: what another tab wrote meanwhile is kept. */
function update(f: (current: KeptStockOut[]) => KeptStockOut[]): void {
  const next = f(read());
  raw = JSON.stringify(next);
  entries = next;
  localStorage.setItem(KEY, raw);
  notify();
}

function change(ref: string, patch: Partial<KeptStockOut>): void {
  update((all) => all.map((e) => (e.ref === ref ? { ...e, ...patch } : e)));
}

/** A new key for a stock-out about to be sent (kept with it if the network fails). */
export function newRef(): string {
  return randomKey();
}

/** Keeps a stock-out the network could not take; answers it. */
export function keep<Row>(user: number, ref: string, body: StockOutInput, row: Row): KeptStockOut<Row> {
  const entry: KeptStockOut<Row> = {
    ref,
    user,
    body,
    row,
    savedAt: Date.now(),
    offlineSince: lastHeardAt(),
    state: 'waiting',
  };
  update((all) => [...all.filter((e) => e.ref !== ref), entry]);
  return entry;
}

export function discard(ref: string): void {
  update((all) => all.filter((e) => e.ref !== ref));
}

/** How many of a user's kept stock-outs were not sent (waiting, being sent, or refused): said before a sign-out. */
export function unsentOf(user: number): number {
  return read().filter((e) => e.user === user).length;
}

/**
 * A sign-out on this phone: the user's kept stock-outs and every draft of a new stock row go (the sign-out said so
 * first when some were not sent). Another user's kept stock-outs stay theirs.
 */
export function forgetOnSignOut(user: number): void {
  update((all) => all.filter((e) => e.user !== user));
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith('it4u.draft.')) localStorage.removeItem(key);
  }
}

/** A refused stock-out sent again as the technician asks: without the guard, its serial is moved to this customer. */
export function sendAnyway(ref: string): void {
  change(ref, { state: 'waiting', offlineSince: 0, refusal: undefined });
}

/**
 * Not taken now, to be tried again: no answer, a failure of the console or of a proxy before it (5xx), too many
 * requests, or a session to sign in again (401). Anything else is the console's answer about the record itself.
 */
export function isRetryLater(error: unknown): error is HttpError {
  if (!isHttpError(error)) return false;
  const status = error.statusCode;
  // sent under another person's session (they signed in on the phone meanwhile): it waits for its own
  if (error.code === 'keptByAnother') return true;
  return status === 0 || status >= 500 || status === 429 || status === 408 || status === 401;
}

/** The user's kept stock-outs, oldest first, live. */
export function useKeptStockOuts<Row = unknown>(user: number | undefined): KeptStockOut<Row>[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => EMPTY,
  );
  return (user === undefined ? EMPTY : all.filter((e) => e.user === user)) as KeptStockOut<Row>[];
}

let sending: Promise<number> | null = null;

/** One tab sends at a time (where the browser can say so): two would send the same records (stored once) twice. */
function exclusive<T>(f: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: { request: (name: string, f: () => Promise<T>) => Promise<T> } }).locks;
  return locks ? locks.request('it4u-outbox', f) : f();
}

/**
 * Sends the user's waiting stock-outs, one at a time, oldest first; stops at the first that is to be tried later. A
 * refusal is kept with its reason for the technician to fix. Answers how many were stored: the call that started the
 * send is told, one made meanwhile hears 0.
 */
export function sendKept(user: number): Promise<number> {
  if (sending) return sending.then(() => 0);
  sending = exclusive(() => sendWaiting(user)).finally(() => {
    sending = null;
  });
  return sending;
}

async function sendWaiting(user: number): Promise<number> {
  let stored = 0;
  // 'sending' left by a tab that was closed or reloaded mid-send: nobody else sends now (its key keeps it single)
  const due = read().filter((e) => e.user === user && (e.state === 'waiting' || e.state === 'sending'));
  for (const entry of due) {
    // discarded or refused meanwhile (in another tab): not sent
    const now = read().find((e) => e.ref === entry.ref);
    if (!now || now.state === 'refused') continue;
    // the session is another person's now (the keeper signed out, someone else in): nothing goes under their name;
    // the server refuses it too (keptBy)
    if (accessTokenUser() !== now.user) break;
    change(entry.ref, { state: 'sending' });
    const guard = now.offlineSince > 0 ? { offlineSince: now.offlineSince } : {};
    try {
      await call('POST /it4u/exportWarehouse', {
        body: { ...now.body, clientRef: now.ref, keptBy: now.user, ...guard },
      });
      discard(entry.ref);
      stored += 1;
    } catch (error) {
      if (isRetryLater(error)) {
        change(entry.ref, { state: 'waiting' });
        break;
      }
      const refusal = isHttpError(error) ? { code: error.code, params: error.params } : {};
      change(entry.ref, { state: 'refused', refusal });
    }
  }
  return stored;
}

/** For tests: forget what was read (the storage is the truth). */
export function resetOutboxForTests(): void {
  raw = undefined;
  entries = [];
  sending = null;
}
