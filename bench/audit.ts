// The audit trail at an operator's size (npm run bench:audit), on PostgreSQL: 1,000,000 lines over a year (2,000
// sites, 300 people, every kind of event), then the Audit screen's first page, its filters, a site's changes for its
// chart and an export, each timed 15 times (p50 and p95), beside a bare `select 1` route as the ceiling.
// It makes a scratch database on the server of DATABASE_URL (default: the local one) and drops it at the end.
import pg from 'pg';
import { onScratchDatabase } from './spawn.ts';

const LINES = Number(process.env.BENCH_AUDIT_LINES ?? 1_000_000);
const SITES = 2_000;
const EVENTS = [
  'signin.success',
  'contract.update',
  'supplies.out.create',
  'channel.update',
  'wireless.network.update',
  'voucher.create',
  'device.block',
  'splash.upload',
  'deviceInfo.update',
  'site.update',
];
const YEAR_MS = 365 * 86_400_000;
const END = Date.UTC(2026, 10, 1);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;

async function seed(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // one statement per 100,000 lines: who, when (spread over a year), what, about which site, and what changed
  for (let from = 0; from < LINES; from += 100_000) {
    await db.query(
      `insert into audit_events (at, actor_id, actor_name, event, target, ip, details)
       select to_timestamp(($3::bigint - (i::bigint * $4::bigint / $5::bigint)) / 1000.0), 1 + i % 300, 'user' || (i % 300),
         ($6::text[])[1 + i % 10], 'site:site' || (i % ${SITES}), '10.0.' || (i % 250) || '.' || (i % 200),
         jsonb_build_object('site', 'site' || (i % ${SITES}), 'changed',
           jsonb_build_object('phone', jsonb_build_array('0903 ' || i, '0912 ' || i)))
       from generate_series($1::int, $2::int) as i`,
      [from, Math.min(from + 100_000, LINES) - 1, END, YEAR_MS, LINES, EVENTS],
    );
  }
  await db.query('analyze audit_events');
  await db.end();
}

await onScratchDatabase(async ({ url, port, token }) => {
  const t0 = Date.now();
  await seed(url);
  console.log(`seeded ${LINES.toLocaleString('en')} audit lines in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const api = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${token}` };
  const time = async (label: string, path: string, check: (res: Response) => Promise<void>) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const s = performance.now();
      const res = await fetch(`${api}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await check(res);
      times.push(performance.now() - s);
    }
    console.log(`${label}: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms`);
  };
  const page = async (res: Response) => {
    const body = (await res.json()) as { items: unknown[] };
    if (body.items.length === 0) throw new Error('an empty page');
  };
  await time('bare route (GET /api/health), the ceiling', '/../health', async (res) => void (await res.text()));
  await time('first page, no filter', '/it4u/audit', page);
  await time('a page 500 deep', '/it4u/audit?page=500', page);
  await time('one site', '/it4u/audit?site=site42', page);
  await time('one person and an area', '/it4u/audit?actor=user1&area=contracts', page);
  await time('one week', `/it4u/audit?fromDate=${END - 14 * 86_400_000}&toDate=${END - 7 * 86_400_000}`, page);
  await time('text in the details', '/it4u/audit?q=0912%20777', page);
  await time(
    "a site's changes over a month (its chart's marks)",
    `/it4u/site42/changes?start=${END - 30 * 86_400_000}&end=${END}`,
    async (res) => void (await res.json()),
  );
  const s = performance.now();
  const file = await fetch(`${api}/it4u/audit/export?site=site42`, { headers });
  const bytes = (await file.arrayBuffer()).byteLength;
  console.log(`export of one site (${LINES / SITES} lines): ${(performance.now() - s).toFixed(0)} ms, ${bytes} bytes`);
});
