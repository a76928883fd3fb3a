// Supplies benchmarks on PostgreSQL (npm run bench:supplies):
//  1. the report for one month with 1,000 items and 1,000,000 records, beside the bare SQL aggregate;
//  2. one page of stock out filtered by a date range, 20 connections for 10 s (p99);
//  3. importing a 50,000-row stock-in spreadsheet (time, and the server's memory).
// It makes a scratch database on the server of DATABASE_URL (default: the local one) and drops it at the end.
import autocannon from 'autocannon';
import pg from 'pg';
import { writeSheet } from '../apps/server/src/lib/spreadsheet.ts';
import { onScratchDatabase } from './spawn.ts';
import { seedSupplies } from './supplies-seed.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

await onScratchDatabase(
  async ({ url, port, token }) => {
    const t0 = Date.now();
    await seedSupplies(url);
    console.log(`seeded 1,000 items and 1,000,000 records in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const api = `http://127.0.0.1:${port}/api/v1`;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const from = Date.parse('2025-06-01T00:00:00Z');
    const to = Date.parse('2025-06-30T23:59:59.999Z');

    // 1. report vs bare aggregate
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const bareSql = `select i.id, i.number
      + coalesce(sum(r.number) filter (where r.kind = 'in' and r.export_date < $1), 0)
      - coalesce(sum(r.number) filter (where r.kind = 'out' and r.export_date < $1), 0) as opening,
      coalesce(sum(r.number) filter (where r.kind = 'in' and r.export_date >= $1), 0) as imported,
      coalesce(sum(r.number) filter (where r.kind = 'out' and r.export_date >= $1), 0) as exported
    from supply_items i left join stock_records r on r.item_id = i.id and r.export_date <= $2 group by i.id`;
    const bare: number[] = [];
    const report: number[] = [];
    for (let i = 0; i < 7; i++) {
      let s = performance.now();
      await db.query(bareSql, [new Date(from), new Date(to)]);
      bare.push(performance.now() - s);
      s = performance.now();
      const res = await fetch(`${api}/it4u/reportSupplies`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ fromDate: from, toDate: to }),
      });
      const rows = (await res.json()) as unknown[];
      report.push(performance.now() - s);
      if (rows.length !== 1000) throw new Error(`report answered ${rows.length} rows`);
    }
    await db.end();
    console.log(
      `report for one month: median ${median(report).toFixed(0)} ms (bare SQL aggregate ${median(bare).toFixed(0)} ms, ratio ${(median(report) / median(bare)).toFixed(2)})`,
    );

    // 2. a page of stock out by date range
    const pageUrl = `${api}/it4u/exportWarehouse?fromDate=${from}&toDate=${to}&page=3&pageSize=10`;
    await autocannon({ url: pageUrl, headers: auth, connections: 20, duration: 2 });
    const r = await autocannon({ url: pageUrl, headers: auth, connections: 20, duration: 10 });
    console.log(
      `stock-out page by date range, 20 connections: ${Math.round(r.requests.average)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
    );

    // 3. import of 50,000 rows, sent as the spreadsheet file
    const rows = Array.from({ length: 50_000 }, (_, i) => [
      '2025-07-01',
      `PN${i}`,
      `VT${String((i % 1000) + 1).padStart(5, '0')}`,
      '',
      '',
      1 + (i % 3),
      150000,
      'Nhà cung cấp A',
      `NEW-SN-${i}`,
      `AA:BB:${String(i % 100).padStart(2, '0')}:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase(),
      24,
      0,
      '2025-07-01',
      '',
    ]);
    const header = [
      'Ngày nhập',
      'Chứng từ',
      'Mã vật tư',
      'Tên vật tư',
      'Đơn vị',
      'Số lượng',
      'Đơn giá',
      'Nhà cung cấp',
      'Số serial',
      'MAC',
      'Thời hạn bảo hành (tháng)',
      'Thời hạn lưu kho (ngày)',
      'Mốc bảo hành',
      'Ghi chú',
    ];
    const file = writeSheet('Nhập kho', header, rows);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'stock-in-50000.xlsx');
    const rssBefore = Number(await (await fetch(`http://127.0.0.1:${port}/bench/rss`)).text());
    const s = performance.now();
    const res = await fetch(`${api}/it4u/uploadImportWarehouse`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
      body: form,
    });
    const took = (performance.now() - s) / 1000;
    const peak = Number(await (await fetch(`http://127.0.0.1:${port}/bench/rss`)).text());
    console.log(
      `import of 50,000 rows (${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx): ${res.status} ${await res.text()} in ${took.toFixed(1)} s; server peak RSS ${Math.round(peak / 1048576)} MB (before ${Math.round(rssBefore / 1048576)} MB)`,
    );
  },
  { nodeFlags: process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [] },
);
