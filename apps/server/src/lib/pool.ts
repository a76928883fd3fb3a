/**
 * Runs `work` on every item, `atOnce` at a time (a few controllers' calls at once, however many sites there are):
 * settles when all have run. `work` handles its own failures; one that throws stops nothing else and is rethrown
 * at the end.
 */
export async function eachAtOnce<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, queue.length)) }, worker));
  if (failure) throw failure.err;
}
