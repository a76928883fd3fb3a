import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Finding, step, type Unresolved } from './alerts.step.ts';

const MINUTE = 60_000;
const T = Date.parse('2026-05-06T09:00:00+07:00');
const wan: Finding = {
  kind: 'wanDown',
  subject: 'wan:1:2',
  site: 'cafe',
  customerId: 7,
  audience: 'site',
  params: { name: 'Cafe', wan: 2, provider: 'Viettel' },
};
const row = (over: Partial<Unresolved>): Unresolved => ({
  id: 1,
  kind: 'wanDown',
  subject: 'wan:1:2',
  site: 'cafe',
  customerId: 7,
  since: T,
  openedAt: null,
  clearSince: null,
  params: wan.params,
  ...over,
});
const never = () => false;

/** The open and resolve rules of one look, on a fixed clock (WAN down: 5 minutes to open, 3 clear to resolve). */
describe('a look at the alerts', () => {
  it('keeps a new condition pending, and opens one that held for its minutes already', () => {
    expect(step([], [wan], never, DEFAULT_RULES, T).add).toEqual([{ ...wan, since: T, openedAt: null }]);
    const old = { ...wan, since: T - 6 * MINUTE };
    expect(step([], [old], never, DEFAULT_RULES, T).add).toEqual([{ ...old, openedAt: T }]);
  });

  it('opens a pending one after 5 minutes, drops it when it clears before', () => {
    expect(step([row({})], [wan], never, DEFAULT_RULES, T + 4 * MINUTE).open).toEqual([]);
    expect(step([row({})], [wan], never, DEFAULT_RULES, T + 5 * MINUTE).open).toEqual([1]);
    expect(step([row({})], [], never, DEFAULT_RULES, T + 4 * MINUTE).drop).toEqual([1]);
  });

  it('resolves an open one only after 3 minutes clear, and holds it when the condition comes back', () => {
    const opened = row({ openedAt: T });
    expect(step([opened], [], never, DEFAULT_RULES, T + MINUTE).clearing).toEqual([1]);
    const clearing = row({ openedAt: T, clearSince: T + MINUTE });
    expect(step([clearing], [], never, DEFAULT_RULES, T + 3 * MINUTE).resolve).toEqual([]);
    expect(step([clearing], [], never, DEFAULT_RULES, T + 4 * MINUTE).resolve).toEqual([1]);
    expect(step([clearing], [wan], never, DEFAULT_RULES, T + 2 * MINUTE)).toMatchObject({ holding: [1], resolve: [] });
  });

  it('leaves what the sources could not see as it is', () => {
    const result = step([row({ openedAt: T })], [], () => true, DEFAULT_RULES, T + 60 * MINUTE);
    expect(result).toMatchObject({ clearing: [], resolve: [], drop: [] });
  });

  it('resolves at once the open ones of a kind switched off, and opens none', () => {
    const off = { ...DEFAULT_RULES, wanDown: { ...DEFAULT_RULES.wanDown, enabled: false } };
    const result = step([row({ openedAt: T })], [wan], never, off, T + MINUTE);
    expect(result).toMatchObject({ resolve: [1], add: [] });
  });

  it('takes what a source says anew of an open one (a renamed site)', () => {
    const renamed = { ...wan, params: { ...wan.params, name: 'Cafe Sài Gòn' } };
    expect(step([row({ openedAt: T })], [renamed], never, DEFAULT_RULES, T).facts).toEqual([
      { id: 1, params: renamed.params, site: 'cafe', customerId: 7 },
    ]);
  });
});
