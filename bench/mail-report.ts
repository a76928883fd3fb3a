// The scheduled report mail (npm run bench:mail): 10,000 customer sites on a scratch PostgreSQL database, a fifth of
// them down or not updating; the time from the schedule's time to the SMTP server (on loopback) having the whole
// mail, the memory the process holds meanwhile, and how long the event loop stalled (the workbook is made in a
// worker). Figures in docs/benchmarks.md.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { migrate, openPostgres } from '../apps/server/src/db/client.ts';
import { createAudit } from '../apps/server/src/lib/audit.ts';
import { createLeases } from '../apps/server/src/lib/leases.ts';
import { createMailRepository } from '../apps/server/src/modules/mail/mail.repository.ts';
import { createMailService } from '../apps/server/src/modules/mail/mail.service.ts';
import { createSettingsStore } from '../apps/server/src/modules/settings/settings.module.ts';
import { createWanLinksRepository } from '../apps/server/src/modules/wanLinks/wanLinks.repository.ts';
import { createWanLinksService } from '../apps/server/src/modules/wanLinks/wanLinks.service.ts';
import { withScratchDatabase } from './spawn.ts';

const SITES = Number(process.env.BENCH_SITES ?? 10_000);
/** 08:00 in Vietnam on a Tuesday: the schedule's time the run is for. */
const EIGHT = Date.UTC(2026, 10, 24, 1, 0);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

let bytes = 0;
let arrived = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  size: 200 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.pipe(
      new Writable({
        write(chunk, _enc, done) {
          bytes += chunk.length;
          done();
        },
        final(done) {
          arrived = performance.now();
          done();
          callback();
        },
      }),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as { port: number }).port;

try {
  await withScratchDatabase(async (url) => {
    const database = await openPostgres(url, 10);
    try {
      await migrate(database);
      let clock = EIGHT - 3_600_000;
      const wanLinks = createWanLinksRepository(database.db);
      const service = createWanLinksService({
        audit: createAudit(database.db),
        wanLinks,
        siteHealth: async () => ({ bySite: new Map() }),
        now: () => clock,
      });
      // 10,000 sites pushed an hour before; 1 in 10 has a link down, and 1 in 10 stopped pushing (stale by 08:00)
      const t0 = performance.now();
      for (let i = 0; i < SITES; i += 200) {
        await Promise.all(
          Array.from({ length: Math.min(200, SITES - i) }, (_, k) => {
            const n = i + k;
            clock = n % 10 === 1 ? EIGHT - 3_600_000 : EIGHT - 60_000;
            return service.record(
              {
                sitename: `Bench site ${String(n).padStart(5, '0')}`,
                groupClient: ['FTTH', 'Leased line', 'Wifi Marketing'][n % 3],
                wan1Provider: 'VNPT',
                wan1Ip: `10.${(n >> 8) & 255}.${n & 255}.1`,
                wan1Status: 1,
                wan1Uptime: 86_400,
                wan2Provider: 'Viettel',
                wan2Ip: `10.${(n >> 8) & 255}.${n & 255}.2`,
                wan2Status: n % 10 === 0 ? 0 : 1,
                wan2Uptime: 3_600,
              },
              clock,
            );
          }),
        );
      }
      console.log(`${SITES} sites pushed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

      const settings = createSettingsStore(database.db, 'mail');
      await settings.write(
        {
          cronjobMail: '0 8 * * *',
          serviceMail: '',
          usernameMail: '',
          passwordMail: '',
          hostMail: '127.0.0.1',
          portMail: port,
          fromMail: 'console@it4u.test',
          ccMail: ['noc@it4u.test', 'lead@it4u.test'],
          subjectMail: 'Báo cáo khách hàng',
          textMail: 'Báo cáo sáng.',
          languageMail: 'Vietnamese',
          maxMessages: 100,
          rateDelta: 1000,
          rateLimit: 0,
          scheduleSince: EIGHT - 86_400_000,
        },
        async () => undefined,
      );
      clock = EIGHT + 1_000;
      const mail = createMailService({
        mail: createMailRepository(database.db),
        leases: createLeases(database.db),
        settings,
        audit: { record: async () => 0 } as never,
        secretKey: Buffer.alloc(32),
        now: () => clock,
        report: () => service.list(),
      });

      global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 20);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const start = performance.now();
      await mail.runDue();
      const sent = performance.now();
      loop.disable();
      clearInterval(sampler);
      const log = await createMailRepository(database.db).page(0, 1);
      const line = log.items[0];
      const delivered = line?.kind === 'report' && line.ok && arrived > 0;
      console.log(
        `the mail: ${delivered ? 'sent' : `NOT SENT (${line?.code} ${line?.response})`}, ${mb(bytes)} MB on the wire`,
      );
      // a run that sent nothing is a failed benchmark, not a figure
      if (!delivered) process.exitCode = 1;
      console.log(
        `from the schedule's time to the SMTP server having it: ${delivered ? `${((arrived - start) / 1000).toFixed(2)} s` : 'never'} (runDue returned after ${((sent - start) / 1000).toFixed(2)} s; aim at most 30 s)`,
      );
      console.log(
        `memory: RSS ${mb(before.rss)} MB before, peak ${mb(peakRss)} MB; heap ${mb(before.heapUsed)} MB before, peak ${mb(peakHeap)} MB`,
      );
      console.log(
        `event loop delay while it ran: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
      );
      mail.close();
    } finally {
      await database.close();
    }
  });
} finally {
  smtp.close();
}
