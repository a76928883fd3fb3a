import type { Job } from '../../lib/module.ts';
import type { WanLinksRepository } from './wanLinks.repository.ts';

const DAY_MS = 86_400_000;

/**
 * How long the links' history is kept: the 400 days of the longest availability report (a year and a month, issue 28),
 * and 5 days more. Each link's last change before that is kept too (the state the link was in when a period starts).
 */
export const HISTORY_KEEP_MS = 405 * DAY_MS;
/** How often the history is pruned: a day's changes are a few lines a link. */
const PRUNE_EVERY_MS = 6 * 3_600_000;
/** The first pruning, a while after the start (not in the rush of the start). */
const FIRST_PRUNE_AFTER_MS = 60_000;
/** Lines a statement deletes: a first pruning of a long history goes in short transactions. */
const PRUNE_SLICE = 5_000;

/**
 * The links' history pruned: the lines older than HISTORY_KEEP_MS deleted, a slice at a time, every PRUNE_EVERY_MS.
 * Across instances one prunes at a time (an advisory lock taken without waiting: the others skip that turn), and a
 * pruning done twice deletes nothing more.
 */
export function createHistoryPruning(deps: {
  wanLinks: WanLinksRepository;
  now: () => number;
  onError?: (err: unknown) => void;
  /** runs a job's work counted and timed (/metrics) */
  timed?: <T>(run: () => Promise<T>) => Promise<T>;
}): Job & { run(): Promise<number> } {
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;

  /** Prunes now: answers how many lines went (0 when another instance was pruning). */
  async function run(): Promise<number> {
    const before = new Date(deps.now() - HISTORY_KEEP_MS);
    let total = 0;
    for (;;) {
      const gone = await deps.wanLinks.prune(before, PRUNE_SLICE);
      if (gone === null) return total;
      total += gone;
      if (gone < PRUNE_SLICE) return total;
    }
  }
  const runLogged = () => void (deps.timed ? deps.timed(run) : run()).catch((err: unknown) => deps.onError?.(err));

  return {
    run,
    async start() {
      first = setTimeout(runLogged, FIRST_PRUNE_AFTER_MS);
      every = setInterval(runLogged, PRUNE_EVERY_MS);
      first.unref();
      every.unref();
    },
    stop() {
      if (first) clearTimeout(first);
      if (every) clearInterval(every);
    },
  };
}
