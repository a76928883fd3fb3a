import type { Job } from './module.ts';

/**
 * A job that does its work when it is due: `runDue` does what is due and answers when the next is (epoch ms), or
 * null when it cannot tell; the job looks again then, and at least every `lookAgainMs` (another instance may have
 * done the work or changed the schedule meanwhile). The first look is at the start, or `firstAfterMs` later (a start
 * is then never held up by the work).
 */
export function dueJob(opts: {
  runDue: () => Promise<number | null>;
  lookAgainMs: number;
  firstAfterMs?: number;
  onError: (err: unknown) => void;
  /**
   * The clock `runDue` answers in (the console's, which may be set apart from this machine's, as the demo's is):
   * the wait is the time to the next work on it. Without it, this machine's.
   */
  now?: () => number;
  /** after the timers are cleared (close what the work holds, wait for a run under way) */
  onStop?: () => void | Promise<void>;
}): Job {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<number | null> | undefined;
  async function look() {
    let next: number | null = null;
    try {
      running = opts.runDue();
      next = await running;
    } catch (err) {
      opts.onError(err);
    } finally {
      running = undefined;
    }
    if (stopped) return;
    const now = opts.now ?? Date.now;
    const wait = next === null ? opts.lookAgainMs : Math.min(opts.lookAgainMs, Math.max(0, next - now()) + 20);
    timer = setTimeout(look, wait);
    timer.unref();
  }
  return {
    async start() {
      stopped = false;
      if (opts.firstAfterMs === undefined) return look();
      timer = setTimeout(look, opts.firstAfterMs);
      timer.unref();
    },
    /** Stops looking; work under way is finished first (a mail being sent is sent, and said so). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      await opts.onStop?.();
    },
  };
}
