import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupRun, Backups } from '@it4u/shared';
import { writeBackup } from '../../db/backup.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ConflictError, TooManyRequestsError } from '../../lib/errors.ts';
import type { Lease, Leases } from '../../lib/leases.ts';
import type { BackupRunRow, BackupsRepository } from './backups.repository.ts';

const HOUR = 3_600_000;
/** The backups folder's files the console made (and may remove when more than `keep` are there). */
const OURS = /^it4u-.*\.it4u\.gz$/;
/** A backup's file while it is written (db/backup.ts): one left there was cut short. */
const PARTIAL = /^it4u-.*\.it4u\.gz\.partial$/;
/** The duty's lease (lib/leases.ts): one backup at a time across the instances, taken over when its holder dies. */
const DUTY = 'backup';

export type BackupsConfig = {
  /** the folder the backups are written to */
  dir: string;
  /** hours between scheduled backups; 0 for none */
  everyHours: number;
  /** how many backup files to keep */
  keep: number;
  /**
   * the least time between two backups asked for (ms; default a minute): each reads the whole database, which on
   * the embedded one holds the console's other queries while it reads, so Back up now pressed again and again must
   * not stall the console
   */
  manualGapMs?: number;
};

const view = (row: BackupRunRow): BackupRun => ({
  id: row.id,
  trigger: row.trigger === 'manual' ? 'manual' : 'schedule',
  by: row.byUser,
  startedAt: row.startedAt.getTime(),
  finishedAt: row.finishedAt?.getTime() ?? null,
  ok: row.ok,
  file: row.file,
  bytes: row.bytes,
  rows: row.rows,
  error: row.error,
});

/**
 * The console's own backups (the file format is db/backup.ts's): made on a schedule and on an administrator's
 * demand, one at a time across the instances, into the backups folder, keeping the newest `keep` files.
 */
export function createBackupsService(deps: {
  repository: BackupsRepository;
  leases: Leases;
  database: Database;
  masterKey: Buffer;
  config: BackupsConfig;
  audit: Audit;
  now: () => number;
  log: (err: unknown, message: string) => void;
}) {
  const { repository, config } = deps;
  let running: Promise<unknown> = Promise.resolve();

  /** Removes the oldest backup files beyond `keep` (the names sort by time). */
  async function prune() {
    const files = (await readdir(config.dir)).filter((f) => OURS.test(f)).sort();
    for (const f of files.slice(0, Math.max(0, files.length - config.keep))) {
      await rm(path.join(config.dir, f), { force: true });
    }
  }

  /** Removes what backups cut short left (held under the lease: no backup is being written anywhere). */
  async function removePartials() {
    const files = await readdir(config.dir).catch(() => [] as string[]);
    for (const f of files.filter((f) => PARTIAL.test(f))) await rm(path.join(config.dir, f), { force: true });
  }

  async function make(row: BackupRunRow, lease: Lease): Promise<BackupRunRow | undefined> {
    const stamp = new Date(deps.now()).toISOString().replace(/[:.]/g, '-');
    const file = `it4u-${stamp}-${row.id}.it4u.gz`;
    try {
      await mkdir(config.dir, { recursive: true, mode: 0o700 });
      const made = await writeBackup(deps.database, deps.masterKey, path.join(config.dir, file));
      if (lease.signal.aborted) {
        // this instance stalled past its lease and another took the duty over (and said this run cut short)
        await rm(path.join(config.dir, file), { force: true });
        throw lease.signal.reason;
      }
      // the oldest files go before the run is said done: whoever reads it done finds the folder as it stays
      await prune();
      const done = await repository.finish(
        row.id,
        { ok: true, finishedAt: new Date(deps.now()), file, bytes: made.bytes, rows: made.rows },
        lease.fence,
      );
      await deps.audit.record('backup.made', {}, { target: file, details: { rows: made.rows, bytes: made.bytes } });
      return done;
    } catch (err) {
      deps.log(err, 'a backup failed');
      return repository.finish(
        row.id,
        { ok: false, finishedAt: new Date(deps.now()), error: (err as Error)?.message?.slice(0, 500) ?? 'failed' },
        lease.fence,
      );
    }
  }

  /**
   * Starts a backup under the duty's lease; undefined while another is running (here or on another instance). A run
   * still marked running when the lease is taken was cut short (its instance died): it is said so at once, and the
   * file it left half-written goes.
   */
  async function start(trigger: 'schedule' | 'manual', by: string | null) {
    const lease = await deps.leases.hold(DUTY);
    if (!lease) return undefined;
    try {
      await repository.endInterrupted(new Date(deps.now()), lease.fence);
      await removePartials();
      const row = await repository.start(trigger, by, new Date(deps.now()));
      if (!row) {
        await lease.release();
        return undefined;
      }
      const done = make(row, lease).finally(() => lease.release());
      running = done;
      return { row, done };
    } catch (err) {
      await lease.release();
      throw err;
    }
  }

  return {
    async list(): Promise<Backups> {
      const runs = await repository.latest(20);
      return { everyHours: config.everyHours, keep: config.keep, runs: runs.map(view) };
    },

    /** Back up now (an administrator): answers the backup started; 409 while another runs. */
    async now(ctx: RequestContext): Promise<BackupRun> {
      const gap = config.manualGapMs ?? 60_000;
      const [last] = await repository.latest(1);
      const since = last ? deps.now() - last.startedAt.getTime() : Number.POSITIVE_INFINITY;
      if (last?.finishedAt && since < gap) {
        throw new TooManyRequestsError('backupTooSoon', { seconds: Math.ceil((gap - since) / 1000) });
      }
      const started = await start('manual', ctx.actor.username);
      if (!started) throw new ConflictError('backupRunning');
      await deps.audit.record('backup.asked', ctx, { target: String(started.row.id) });
      return view(started.row);
    },

    /**
     * Makes the scheduled backup when one is due (none made yet, or the last good one is `everyHours` old);
     * answers when the next is due (epoch ms), or null when there is no schedule.
     */
    async runDue(): Promise<number | null> {
      if (config.everyHours <= 0) return null;
      const every = config.everyHours * HOUR;
      const last = await repository.lastOk();
      const due = last ? last.startedAt.getTime() + every : deps.now();
      if (due > deps.now()) return due;
      const started = await start('schedule', null);
      if (started) await started.done;
      return deps.now() + every;
    },

    /** The last backup that ended, for the metrics. */
    lastEnded: () => repository.lastEnded(),
    lastOk: () => repository.lastOk(),

    /** Waits for the backup running on this instance, if any, to end. */
    idle: () => running.then(() => undefined),
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
