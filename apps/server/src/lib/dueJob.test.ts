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
});
