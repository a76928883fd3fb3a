import { describe, expect, it } from 'vitest';
import { dueJob } from './dueJob.ts';

describe('a due job', () => {
  it('finishes the work under way when it stops (a shutdown), then closes, and looks no more', async () => {
    const said: string[] = [];
    let release: () => void = () => {};
    let looks = 0;
    const job = dueJob({
      runDue: async () => {
        looks += 1;
        said.push('started');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        said.push('finished');
        return Date.now();
      },
      lookAgainMs: 10,
      firstAfterMs: 0,
      onError: (err) => said.push(`error ${String(err)}`),
      onStop: () => {
        said.push('closed');
      },
    });
    await job.start();
    await expect.poll(() => said).toEqual(['started']);
    const stopped = Promise.resolve(job.stop()).then(() => said.push('stopped'));
    await new Promise((r) => setTimeout(r, 30));
    expect(said).toEqual(['started']); // the stop waits for the work
    release();
    await stopped;
    expect(said).toEqual(['started', 'finished', 'closed', 'stopped']);
    await new Promise((r) => setTimeout(r, 50));
    expect(looks).toBe(1);
  });

  it("waits for the next work on the area's clock, not this machine's (a console set in the past looks a minute later)", async () => {
    let looks = 0;
    const past = Date.UTC(2026, 4, 5, 20, 0);
    const job = dueJob({
      runDue: async () => {
        looks += 1;
        return past + 3_600_000; // an hour from the console's now, long ago on this machine's clock
      },
      lookAgainMs: 200,
      now: () => past,
      onError: () => {},
    });
    await job.start();
    await new Promise((r) => setTimeout(r, 100));
    await job.stop();
    // on this machine's clock the work was long due: it would have looked every 20 ms
    expect(looks).toBe(1);
  });
});
