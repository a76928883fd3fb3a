import type { EventRow, LinkRow, SiteChange, SitePush, WanLinksRepository } from './wanLinks.repository.ts';

/**
 * What a push changes on its site, worked out from the site's links as they were and the time of its push before
 * (null: none): its links from now on, and its history's new lines (none: the push changed nothing).
 */
export type Decide = (
  push: SitePush,
  before: LinkRow[],
  previousPush: Date | null,
) => { links: LinkRow[]; events: EventRow[] };

/** A push's answer: its site, how many lines its history gained, and whether the site is in the site names. */
export type PushAnswer = { id: number; changes: number; known: boolean };

/** The repository's two statements a batch runs: the sites first, then the changes of those that changed. */
export type PushStore = Pick<WanLinksRepository, 'writeSites' | 'writeChanges'>;

type Waiting = { push: SitePush; done: (answer: PushAnswer) => void; failed: (err: unknown) => void };

/** The most pushes one statement writes, and the statements under way at once. */
const BATCH_MAX = 200;
const BATCHES_AT_ONCE = 2;

/**
 * The push writer. It gets pushes (`push`), one at a time, and answers each with a promise of its site's id, its
 * number of changes and whether the site is known; a batch's failure fails each push of it.
 *
 * It writes them in batches: a push that comes while BATCHES_AT_ONCE batches are under way waits for one of them, and
 * then goes with every other push that waited, in one statement for all (`store.writeSites`) and a second for all
 * their changes (`store.writeChanges`, only when one changed something). At a push now and then each is written at
 * once, alone; at a thousand a second PostgreSQL parses, plans and commits a statement per few pushes, not per push,
 * and the console makes one round trip for them. A batch holds one push per site, and no site is in two batches under
 * way: a site's pushes are decided (`decide`, between the two statements) one after the other, in their order.
 */
export function createPushWriter(deps: { store: PushStore; decide: Decide }) {
  const queue: Waiting[] = [];
  const underWay = new Set<string>();
  let running = 0;

  async function write(batch: Waiting[]): Promise<void> {
    const sites = await deps.store.writeSites(batch.map((w) => w.push));
    const bySite = new Map(sites.map((s) => [s.sitename, s]));
    const changes: SiteChange[] = [];
    const answers = batch.map((w): PushAnswer => {
      const site = bySite.get(w.push.sitename);
      if (!site) throw new Error('the customer site was not written');
      const { links, events } = deps.decide(w.push, site.links, site.previousPush);
      if (events.length > 0) changes.push({ siteId: site.id, at: w.push.at, links, events });
      return { id: site.id, changes: events.length, known: site.known };
    });
    if (changes.length > 0) await deps.store.writeChanges(changes);
    batch.forEach((w, i) => {
      w.done(answers[i] as PushAnswer);
    });
  }

  function next() {
    while (running < BATCHES_AT_ONCE && queue.length > 0) {
      const batch: Waiting[] = [];
      const names = new Set<string>();
      const rest: Waiting[] = [];
      for (const w of queue) {
        const name = w.push.sitename;
        if (batch.length < BATCH_MAX && !underWay.has(name) && !names.has(name)) {
          names.add(name);
          batch.push(w);
        } else rest.push(w);
      }
      queue.splice(0, queue.length, ...rest);
      // every push waiting is of a site under way: it goes when that batch is done
      if (batch.length === 0) return;
      running++;
      for (const name of names) underWay.add(name);
      write(batch)
        .catch((err: unknown) => {
          for (const w of batch) w.failed(err);
        })
        .finally(() => {
          running--;
          for (const name of names) underWay.delete(name);
          next();
        });
    }
  }

  return {
    /**
     * Records a push: the site (made on its first push) with its group, load balancer and uptimes; then, only when
     * `decide` finds a change, the new links with their history's new lines.
     */
    push: (push: SitePush): Promise<PushAnswer> =>
      new Promise((done, failed) => {
        queue.push({ push, done, failed });
        next();
      }),
  };
}

export type PushWriter = ReturnType<typeof createPushWriter>;
