import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHeader } from '../../db/backup.ts';
import { createAudit } from '../../lib/audit.ts';
import { createLeases } from '../../lib/leases.ts';
import { createTestApp, drivers, type TestApp, tokenFor } from '../../test/helpers.ts';
import { createBackupsRepository } from './backups.repository.ts';
import { createBackupsService } from './backups.service.ts';

const HOUR = 3_600_000;

/**
 * Backups as administrators see them: Back up now makes one at once (one at a time), the folder keeps the newest
 * files, the last result is listed and in /metrics; the schedule makes one when it is due, once.
 */
describe.each(drivers)('backups, on %s', (driver) => {
  let t: TestApp;
  let dir: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'it4u-backups-'));
    t = await createTestApp(driver, { backups: { dir, everyHours: 0, keep: 2, manualGapMs: 0 } });
    admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/it4u/backups', headers: admin })).json() as {
      runs: { id: number; ok: boolean | null; file: string | null; trigger: string; by: string | null }[];
    };
  const backUpNow = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/it4u/backups', headers: admin });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as { id: number; ok: boolean | null };
    expect(started.ok).toBeNull();
    await expect
      .poll(async () => (await list()).runs.find((r) => r.id === started.id)?.ok, { timeout: 30_000 })
      .toBe(true);
    return (await list()).runs.find((r) => r.id === started.id);
  };

  it('backs up now, one at a time, keeps the newest files, and says the last result in /metrics', async () => {
    const first = await backUpNow();
    expect(first).toMatchObject({ trigger: 'manual', ok: true });
    expect(first?.by).toBeTruthy();
    const header = await readHeader(path.join(dir, first?.file ?? ''));
    expect(header.migrations.length).toBeGreaterThan(10);
    // another instance is backing up (it holds the duty's lease): refused
    const other = await createLeases(t.database.db, { holder: 'another instance' }).hold('backup');
    expect(other).toBeDefined();
    const busy = await t.app.inject({ method: 'POST', url: '/api/v1/it4u/backups', headers: admin });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('backupRunning');
    await other?.release();
    const second = await backUpNow();
    const third = await backUpNow();
    // two kept: the first one's file is gone
    expect(readdirSync(dir).sort()).toEqual([second?.file, third?.file].sort());
    expect(existsSync(path.join(dir, first?.file ?? ''))).toBe(false);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^it4u_backup_last_ok 1$/m);
    expect(metrics.body).toMatch(/^it4u_backup_last_success_timestamp_seconds \d+/m);
  });

  it('is for administrators only', async () => {
    for (const role of ['ROLE_LEAD_KT', 'ROLE_KT', 'ROLE_KH'] as const) {
      const h = (await tokenFor(t, [role])).headers;
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/it4u/backups', headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/it4u/backups', headers: h })).statusCode).toBe(403);
    }
  });

  it('refuses Back up now within a minute of the last backup (it reads the whole database)', async () => {
    let clock = Date.UTC(2026, 10, 25, 20, 30);
    const service = createBackupsService({
      repository: createBackupsRepository(t.database.db),
      leases: createLeases(t.database.db),
      database: t.database,
      masterKey: t.masterKey,
      config: { dir, everyHours: 0, keep: 2 },
      audit: createAudit(t.database.db),
      now: () => clock,
      log: () => {},
    });
    const ctx = { actor: { id: 1, username: 'admin' }, ip: '127.0.0.1', userAgent: null } as never;
    await t.database.db.execute(sql`delete from backup_runs`);
    await service.now(ctx);
    await service.idle();
    clock += 20_000;
    await expect(service.now(ctx)).rejects.toMatchObject({
      statusCode: 429,
      code: 'backupTooSoon',
      params: { seconds: 40 },
    });
    clock += 40_000;
    await service.now(ctx);
    await service.idle();
  });

  it('makes the scheduled backup when it is due, once, and at once after one cut short, said failed', async () => {
    let clock = Date.UTC(2026, 10, 25, 20, 30); // 03:30 in Vietnam
    const scheduled = mkdtempSync(path.join(tmpdir(), 'it4u-scheduled-'));
    const repository = createBackupsRepository(t.database.db);
    const service = createBackupsService({
      repository,
      leases: createLeases(t.database.db),
      database: t.database,
      masterKey: t.masterKey,
      config: { dir: scheduled, everyHours: 24, keep: 7 },
      audit: createAudit(t.database.db),
      now: () => clock,
      log: () => {},
    });
    try {
      await t.database.db.execute(sql`delete from backup_runs`);
      // one left running a minute ago by an instance killed while it wrote its file (its lease ran out): failed, its
      // half-written file gone, and it holds nobody up
      await t.database.db.execute(
        sql`insert into backup_runs (trigger, started_at) values ('schedule', ${new Date(clock - 60_000)})`,
      );
      writeFileSync(path.join(scheduled, 'it4u-2026-11-25T20-29-00-000Z-1.it4u.gz.partial'), 'cut short');
      expect(await service.runDue()).toBe(clock + 24 * HOUR);
      expect(readdirSync(scheduled)).toEqual([expect.stringMatching(/^it4u-.*\.it4u\.gz$/)]);
      clock += 23 * HOUR;
      expect(await service.runDue()).toBe(clock + HOUR); // not due yet
      expect(readdirSync(scheduled)).toHaveLength(1);
      clock += HOUR;
      await service.runDue();
      expect(readdirSync(scheduled)).toHaveLength(2);
      const runs = (await service.list()).runs;
      expect(runs.map((r) => [r.trigger, r.ok])).toEqual([
        ['schedule', true],
        ['schedule', true],
        ['schedule', false],
      ]);
      expect(runs[2]?.error).toMatch(/interrupted/);
    } finally {
      rmSync(scheduled, { recursive: true, force: true });
    }
  });
});
