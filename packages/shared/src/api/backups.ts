import { type Static, Type } from '@sinclair/typebox';

/** What started a backup: the console's schedule, or an administrator (Back up now). */
export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** One backup the console made (or is making): when, how it ended, the file it wrote. */
export const BackupRunSchema = Type.Object({
  id: Type.Integer(),
  trigger: Type.Unsafe<BackupTrigger>({ type: 'string', enum: [...BACKUP_TRIGGERS] }),
  /** who asked for it (Back up now), else null */
  by: Type.Union([Type.String(), Type.Null()]),
  /** epoch ms */
  startedAt: Type.Integer(),
  /** epoch ms; null while it runs */
  finishedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** null while it runs */
  ok: Type.Union([Type.Boolean(), Type.Null()]),
  /** the file's name in the backups folder */
  file: Type.Union([Type.String(), Type.Null()]),
  bytes: Type.Union([Type.Integer(), Type.Null()]),
  rows: Type.Union([Type.Integer(), Type.Null()]),
  /** why it failed, in English (the operator's log says more) */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type BackupRun = Static<typeof BackupRunSchema>;

/** The backups card: the schedule, and the latest runs, newest first. */
export const BackupsSchema = Type.Object({
  /** hours between scheduled backups; 0 when the console makes none on its own */
  everyHours: Type.Integer(),
  /** how many backup files are kept (the oldest go) */
  keep: Type.Integer(),
  runs: Type.Array(BackupRunSchema),
});
export type Backups = Static<typeof BackupsSchema>;
