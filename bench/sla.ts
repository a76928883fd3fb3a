// The providers' availability at an operator's size (npm run bench:sla), on PostgreSQL: for 8, 200 and 2,000 customer
// sites (BENCH_SITES to choose), each with two WAN links through five providers, 40 days of history (each link down
// ten minutes twice a day), a customer for every ten sites holding a channel with a contracted figure through each
// of their providers; then last month's report of Vietnam, all day and in business hours, 20 times each (p50 and
// p95), beside a bare route as the ceiling; then the operator's PDF of it, with a bare route's answers meanwhile. A
// scratch database per size on the server of DATABASE_URL, dropped after.
import { vietnamMonthOf, vietnamMonthSpan } from '@it4u/shared';
import pg from 'pg';
import { onScratchDatabase } from './spawn.ts';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;
const SIZES = (process.env.BENCH_SITES ?? '8,200,2000').split(',').map(Number);
const PROVIDERS = ['VNPT', 'Viettel', 'FPT', 'CMC', 'SCTV'];

async function seed(url: string, sites: number): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  const q = (text: string, values: unknown[] = []) => db.query(text, values);
  await q(
    `insert into customer_sites (sitename, group_name, last_push_at)
    select 'Site ' || i, 'Leased', now() from generate_series(1, $1) i`,
    [sites],
  );
  // each link down for ten minutes twice a day, from 40 days ago to now
  await q(
    `insert into wan_events (site_id, wan, at, state, provider, ip)
    select cs.id, w, t.at, t.state, ($1::text[])[1 + (cs.id + w) % 5], '14.160.0.' || w
    from customer_sites cs cross join generate_series(1, 2) w cross join generate_series(0, 79) k
    cross join lateral (values
      (now() - interval '40 days' + k * interval '12 hours' + ((cs.id * 7 + w * 13) % 600) * interval '1 minute', 'down'),
      (now() - interval '40 days' + k * interval '12 hours' + ((cs.id * 7 + w * 13) % 600 + 10) * interval '1 minute', 'up')
    ) t(at, state)`,
    [PROVIDERS],
  );
  // the sites in the site names, a customer for every ten, each with a channel through each of their providers
  await q(`insert into sites (sitename, idname) select 'Site ' || i, 'site' || i from generate_series(1, $1) i`, [
    sites,
  ]);
  await q(
    `insert into contracts (num_contract, client_name)
    select 'HD-' || i, 'Khách hàng ' || i from generate_series(1, greatest(1, $1 / 10)) i`,
    [sites],
  );
  await q(`insert into contract_sites (contract_id, site_id)
    select 1 + (s.id - 1) % (select count(*) from contracts), s.id from sites s`);
  await q(`insert into channel_providers (name) select unnest($1::text[])`, [PROVIDERS]);
  await q(`insert into channel_service_packs (provider_id, service_pack, availability_target, counted_hours)
    select id, 'FTTH', 99.5, case when id % 2 = 0 then 'business' else 'all' end from channel_providers`);
  await q(`insert into channel_attributes (name, service_pack_id)
    select 'Kênh ' || c.id || ' ' || p.id, p.id from contracts c cross join channel_service_packs p`);
  await q(`insert into channel_details (attribute_id, contract_id)
    select a.id, split_part(a.name, ' ', 2)::int from channel_attributes a`);
  const { rows } = await q('select count(*)::int as n from wan_events');
  await q('analyze');
  await db.end();
  return Number(rows[0].n);
}

for (const sites of SIZES) {
  await onScratchDatabase(async ({ url, port, token }) => {
    const t0 = Date.now();
    const lines = await seed(url, sites);
    console.log(
      `${sites} sites: ${lines.toLocaleString('en')} history lines seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const api = `http://127.0.0.1:${port}/api/v1`;
    const headers = { authorization: `Bearer ${token}` };
    const [from, to] = vietnamMonthSpan(vietnamMonthOf(Date.now(), 1));
    const time = async (label: string, path: string) => {
      const times: number[] = [];
      let links = 0;
      for (let i = 0; i < 20; i++) {
        const s = performance.now();
        const res = await fetch(`${api}${path}`, { headers });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { links?: { contract: unknown }[] };
        links = body.links?.length ?? 0;
        times.push(performance.now() - s);
      }
      console.log(
        `  ${label}: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms${links ? ` (${links} links)` : ''}`,
      );
    };
    await time('bare route (GET /api/health), the ceiling', '/../health');
    // the history's query alone (as the repository asks it), on its own connection: the database's share
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const sqlTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      await db.query(
        `select coalesce(json_agg(json_build_array(l.site_id, l.wan, l.changes)), '[]')::text as rows
        from (select cs.id as site_id, w.wan,
            json_agg(json_build_array((extract(epoch from e.at) * 1000)::float8, e.state, e.provider) order by e.at) as changes
          from customer_sites cs cross join (values (1), (2), (3), (4)) w(wan)
          cross join lateral (
            (select at, state, provider from wan_events where site_id = cs.id and wan = w.wan and at < $1 order by at desc limit 1)
            union all
            (select at, state, provider from wan_events where site_id = cs.id and wan = w.wan and at >= $1 and at < $2)) e
          group by cs.id, w.wan) l`,
        [new Date(from), new Date(to)],
      );
      sqlTimes.push(performance.now() - s);
    }
    await db.end();
    console.log(
      `  the history's query alone: p50 ${pct(sqlTimes, 0.5).toFixed(1)} ms, p95 ${pct(sqlTimes, 0.95).toFixed(1)} ms`,
    );
    await time('last month, all day', `/it4u/sla?from=${from}&to=${to}`);
    await time('last month, business hours', `/it4u/sla?from=${from}&to=${to}&hours=business`);
    // the operator's PDF of last month (made on the server, as the monthly mail attaches it), and a bare route asked
    // meanwhile: how long the PDF holds up the other requests
    const pdfTimes: number[] = [];
    const meanwhile: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      const made = fetch(`${api}/it4u/sla/pdf?from=${from}&to=${to}&lang=vi`, { headers }).then(async (res) => {
        if (!res.ok) throw new Error(`pdf: ${res.status} ${await res.text()}`);
        bytes = (await res.arrayBuffer()).byteLength;
        pdfTimes.push(performance.now() - s);
      });
      let done = false;
      void made.finally(() => {
        done = true;
      });
      while (!done) {
        const h = performance.now();
        await fetch(`${api}/../health`);
        meanwhile.push(performance.now() - h);
      }
      await made;
    }
    console.log(
      `  last month's PDF (${(bytes / 1024).toFixed(0)} KB): p50 ${pct(pdfTimes, 0.5).toFixed(1)} ms, p95 ${pct(pdfTimes, 0.95).toFixed(1)} ms; a bare route meanwhile: p50 ${pct(meanwhile, 0.5).toFixed(1)} ms, max ${Math.max(...meanwhile).toFixed(1)} ms`,
    );
  });
}
