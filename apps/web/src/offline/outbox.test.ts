import type { StockOutInput } from '@it4u/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../api/tokens.ts';
import { jsonResponse } from '../test/renderWithProviders.tsx';
import {
  discard,
  forgetOnSignOut,
  keep,
  newRef,
  resetOutboxForTests,
  sendAnyway,
  sendKept,
  unsentOf,
} from './outbox.ts';

const BODY: StockOutInput = {
  exportDate: Date.UTC(2026, 4, 6),
  itemCode: 'AP-1',
  number: 1,
  value: 0,
  serialNum: 'SN-1',
};
/** An access token as the console signs it, of a user (only its payload's `sub` is read here). */
const tokenOf = (user: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: String(user) })).replace(/=+$/, '')}.sig`;
const stored = () => JSON.parse(localStorage.getItem('it4u.outbox') ?? '[]') as { ref: string; state: string }[];

/** The server: answers each POST with the next of `answers` (an Error: no network), and records what it was sent. */
function server(answers: (Response | Error)[]) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      const answer = answers.shift() ?? new Error('no answer left');
      if (answer instanceof Error) throw new TypeError('Failed to fetch');
      return answer;
    }),
  );
  return sent;
}

describe('the stock-outs kept on a phone', () => {
  beforeEach(() => {
    localStorage.clear();
    resetOutboxForTests();
    setAccessToken(tokenOf(7));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits through a network failure, then is sent once with its key and the time the phone last heard the console', async () => {
    const ref = newRef();
    keep(7, ref, BODY, { shown: 'row' });
    const sent = server([new Error(), jsonResponse(201, { id: 1 })]);
    expect(await sendKept(7)).toBe(0);
    expect(stored()).toMatchObject([{ ref, state: 'waiting' }]);
    expect(await sendKept(7)).toBe(1);
    expect(stored()).toEqual([]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(sent[1]);
    expect(sent[1]).toMatchObject({ ...BODY, clientRef: ref, keptBy: 7 });
    expect(typeof sent[1]?.offlineSince).toBe('number');
  });

  it('keeps a refusal with its reason; sent anyway it goes without the guard; discarded it is gone', async () => {
    const ref = newRef();
    keep(7, ref, BODY, {});
    server([
      jsonResponse(409, {
        statusCode: 409,
        error: 'Conflict',
        code: 'serialIssuedElsewhere',
        params: { serial: 'SN-1', customer: 'Nhà hàng Sen', on: '05-03-2024' },
        message: '',
      }),
    ]);
    expect(await sendKept(7)).toBe(0);
    expect(stored()).toMatchObject([
      { ref, state: 'refused', refusal: { code: 'serialIssuedElsewhere', params: { customer: 'Nhà hàng Sen' } } },
    ]);
    // a refused one is not sent again by itself
    const none = server([]);
    expect(await sendKept(7)).toBe(0);
    expect(none).toEqual([]);
    sendAnyway(ref);
    const sent = server([jsonResponse(201, { id: 2 })]);
    expect(await sendKept(7)).toBe(1);
    expect(sent[0]).not.toHaveProperty('offlineSince');
    keep(7, newRef(), BODY, {});
    discard(stored()[0]?.ref ?? '');
    expect(stored()).toEqual([]);
  });

  it("is the keeper's only: another user on the phone neither lists nor sends it; a reload mid-send waits again", async () => {
    const ref = newRef();
    keep(7, ref, BODY, {});
    const sent = server([]);
    expect(await sendKept(8)).toBe(0);
    expect(sent).toEqual([]);
    // a send cut short by a reload
    localStorage.setItem('it4u.outbox', JSON.stringify(stored().map((e) => ({ ...e, state: 'sending' }))));
    resetOutboxForTests();
    server([jsonResponse(201, { id: 3 })]);
    expect(await sendKept(7)).toBe(1);
    expect(stored()).toEqual([]);
  });

  it('waits, not refused, through a failure that may pass: the console down, too many requests', async () => {
    const ref = newRef();
    keep(7, ref, BODY, {});
    server([
      jsonResponse(503, { statusCode: 503, error: 'Service Unavailable', code: 'databaseUnavailable', message: '' }),
      jsonResponse(429, { statusCode: 429, error: 'Too Many Requests', code: 'tooManyRequests', message: '' }),
    ]);
    expect(await sendKept(7)).toBe(0);
    expect(await sendKept(7)).toBe(0);
    expect(stored()).toMatchObject([{ ref, state: 'waiting' }]);
  });

  it('keeps what another tab kept meanwhile, and sends from one call at a time', async () => {
    const mine = newRef();
    keep(7, mine, BODY, {});
    // another tab (the installed app) writes the storage: its record joins, mine stays
    const theirs = newRef();
    const other = [...JSON.parse(localStorage.getItem('it4u.outbox') ?? '[]'), { ...stored()[0], ref: theirs }];
    localStorage.setItem('it4u.outbox', JSON.stringify(other));
    keep(7, newRef(), BODY, {});
    expect(
      stored()
        .map((e) => e.ref)
        .slice(0, 2),
    ).toEqual([mine, theirs]);
    const sent = server([jsonResponse(201, { id: 1 }), jsonResponse(201, { id: 2 }), jsonResponse(201, { id: 3 })]);
    // two calls at once: one send; the second call is told 0
    expect(await Promise.all([sendKept(7), sendKept(7)])).toEqual([3, 0]);
    expect(sent).toHaveLength(3);
    expect(stored()).toEqual([]);
  });

  it("never goes under another person's name: a send under way stops when its keeper signs out and someone else signs in", async () => {
    keep(7, newRef(), BODY, {});
    keep(7, newRef(), { ...BODY, serialNum: 'SN-2' }, {});
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        // while the first is on its way, the technician signs out and a colleague signs in on the phone
        setAccessToken(tokenOf(8));
        return jsonResponse(201, { id: 1 });
      }),
    );
    expect(await sendKept(7)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ keptBy: 7 });
    expect(stored()).toMatchObject([{ state: 'waiting' }]);
    // the server's own guard, should one go all the same: it waits for its keeper, it is not refused
    setAccessToken(tokenOf(7));
    server([jsonResponse(403, { statusCode: 403, error: 'Forbidden', code: 'keptByAnother', message: '' })]);
    expect(await sendKept(7)).toBe(0);
    expect(stored()).toMatchObject([{ state: 'waiting' }]);
  });

  it("goes with its keeper's sign-out, with the rows being typed; another user's stay", () => {
    keep(7, newRef(), BODY, {});
    keep(7, newRef(), BODY, {});
    const theirs = newRef();
    keep(9, theirs, BODY, {});
    localStorage.setItem('it4u.draft.stock.out.7', JSON.stringify({ serialNum: 'SN-9' }));
    expect(unsentOf(7)).toBe(2);
    forgetOnSignOut(7);
    expect(unsentOf(7)).toBe(0);
    expect(stored().map((e) => e.ref)).toEqual([theirs]);
    expect(localStorage.getItem('it4u.draft.stock.out.7')).toBeNull();
  });
});
