import type { ApiErrorCode, ErrorParams, StockOutInput } from '@it4u/shared';
import { useSyncExternalStore } from 'react';
import { call } from '../api/call.ts';
import { type HttpError, isHttpError, lastHeardAt } from '../api/client.ts';

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
let entries: KeptStockOut[] | null = null;
const listeners = new Set<() => void>();

function read(): KeptStockOut[] {
  if (entries) return entries;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    entries = Array.isArray(parsed) ? (parsed as KeptStockOut[]) : [];
  } catch {
    entries = [];
  }
  // a send the reload cut short is waiting again (its key keeps it from being stored twice)
  entries = entries.map((e) => (e.state === 'sending' ? { ...e, state: 'waiting' } : e));
  return entries;
}

function write(next: KeptStockOut[]): void {
  entries = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function change(ref: string, patch: Partial<KeptStockOut>): void {
  write(read().map((e) => (e.ref === ref ? { ...e, ...patch } : e)));
}

/** A new key for a stock-out about to be sent (kept with it if the network fails). */
export function newRef(): string {
  return crypto.randomUUID();
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
  write([...read().filter((e) => e.ref !== ref), entry]);
  return entry;
}

export function discard(ref: string): void {
  write(read().filter((e) => e.ref !== ref));
}

/** A refused stock-out sent again as the technician asks: without the guard, its serial is moved to this customer. */
export function sendAnyway(ref: string): void {
  change(ref, { state: 'waiting', offlineSince: 0, refusal: undefined });
}

/** The network failed (no answer, or a proxy's with no console behind it): try again later. */
export function isNetworkFailure(error: unknown): error is HttpError {
  return isHttpError(error) && (error.statusCode === 0 || (error.statusCode >= 500 && !error.code));
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

/**
 * Sends the user's waiting stock-outs, one at a time, oldest first; stops at the first network failure. A refusal is
 * kept with its reason for the technician to fix. Answers how many were stored. One send at a time.
 */
export function sendKept(user: number): Promise<number> {
  sending ??= sendWaiting(user).finally(() => {
    sending = null;
  });
  return sending;
}

async function sendWaiting(user: number): Promise<number> {
  let stored = 0;
  for (const entry of read().filter((e) => e.user === user && e.state === 'waiting')) {
    change(entry.ref, { state: 'sending' });
    const guard = entry.offlineSince > 0 ? { offlineSince: entry.offlineSince } : {};
    try {
      await call('POST /it4u/exportWarehouse', { body: { ...entry.body, clientRef: entry.ref, ...guard } });
      discard(entry.ref);
      stored += 1;
    } catch (error) {
      if (isNetworkFailure(error)) {
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
  entries = null;
  sending = null;
}
