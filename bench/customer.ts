// One customer's page at an operator's size (npm run bench:customer), on PostgreSQL with a simulated controller of
// 200 sites (BENCH_SITES: 8, 200, 2000): the customer has 10 sites, 40 leased channels, 200 stock-out records, 10 device rows and a year of
// history (their links' changes every 6 hours, their channels' history, terminal sessions, settings and vouchers in
// the audit trail), among 2,000 other customers, 10,000 channels, 50,000 stock records and 1,000,000 audit lines.
// It times the page and its timeline (first page, one kind, a page six months back), 20 times each (p50 and p95),
// beside a bare route as the ceiling. A scratch database on the server of DATABASE_URL, dropped at the end.
import { startSimulator } from '@it4u/unifi-sim';
import pg from 'pg';
import { BENCH_NOON, BENCH_SIM, startServer, withScratchDatabase } from './spawn.ts';

const SITES = Number(process.env.BENCH_SITES ?? 200);
/** the customer's sites: 10, or every site of a smaller controller */
const MINE = Math.min(10, SITES);
const OTHERS = 2_000;
const AUDIT_LINES = Number(process.env.BENCH_AUDIT_LINES ?? 1_000_000);
const YEAR_MS = 365 * 86_400_000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;

/** The customer (contract 1, their 10 sites) and everyone else, set straight in the database. */
async function seed(url: string, end: number): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const q = (text: string, values: unknown[] = []) => db.query(text, values);
  const start = new Date(end - YEAR_MS).toISOString();
  const at = new Date(end).toISOString();
  const { rows: sites } = await q('select id, idname from sites order by id');
  if (sites.length < SITES) throw new Error(`the site names hold ${sites.length} sites, not ${SITES}`);
  const mine = sites.slice(0, MINE);
  // contracts: the customer's covers 10 sites; the others one site each
  const { rows: made } =
    await q(`insert into contracts (num_contract, client_name, phone, street, service_plans, segment)
    values ('HD-BENCH-1', 'Khách sạn Bench', '0903 000 001', '1 Lê Lợi', 'FTTH', 'Khách sạn') returning id`);
  const id = made[0].id as number;
  const { rows: first } =
    await q(`insert into contracts (num_contract, client_name, phone, street, service_plans, segment)
    select 'HD-' || lpad(i::text, 6, '0'), 'Khách hàng ' || i, '0903 ' || i, i || ' Lê Lợi', 'FTTH', 'Khách sạn'
    from generate_series(1, ${OTHERS}) i returning id`);
  const other0 = Math.min(...first.map((r) => r.id as number));
  await q(`insert into contract_sites (contract_id, site_id) select $2::int, id from sites where id = any($1::int[])`, [
    mine.map((s) => s.id),
    id,
  ]);
  await q(
    `insert into contract_sites (contract_id, site_id)
    select c.id, (select id from sites order by id offset (c.id % ${SITES}) limit 1)
    from contracts c where c.id >= $1::int`,
    [other0],
  );
  // the customer report: every site pushes two links; a change every 6 hours over the year
  await q(
    `insert into customer_sites (sitename, group_name, links, last_push_at, uptimes)
    select idname, 'FTTH', jsonb_build_array(
      jsonb_build_object('wan', 1, 'provider', 'VNPT', 'ip', '14.160.0.1', 'up', true, 'since', $1::bigint),
      jsonb_build_object('wan', 2, 'provider', 'Viettel', 'ip', '27.72.0.1', 'up', true, 'since', $1::bigint)),
      $2::timestamptz, '{3600,3600}'
    from sites`,
    [end - 86_400_000, at],
  );
  await q(
    `insert into wan_events (site_id, wan, at, state, provider, ip)
    select cs.id, w, $1::timestamptz + (k * interval '6 hours') + (w * interval '1 minute'),
      case when k % 2 = 0 then 'down' else 'up' end, case w when 1 then 'VNPT' else 'Viettel' end, '14.160.0.1'
    from customer_sites cs, generate_series(1, 2) w, generate_series(0, 1459) k`,
    [start],
  );
  // channels: 40 of the customer's, 10,000 others', each with a detail and a year of history
  await q(`insert into channel_providers (name) select 'Provider ' || i from generate_series(1, 5) i`);
  await q(`insert into channel_service_packs (provider_id, service_pack, value)
    select 1 + i % 5, 'Pack ' || i, (100 * i)::text from generate_series(1, 10) i`);
  await q(`insert into channel_attributes (name, status, customer, username_pppoe, service_pack_id)
    select 'Kênh ' || i, (array['online','offline','paused','pending'])[1 + i % 4], 'KH ' || i, 'pppoe_' || i, 1 + i % 10
    from generate_series(1, 10040) i`);
  await q(
    `insert into channel_details (attribute_id, contract_id, ip_address, date_online)
    select a.id, case when a.name = any($3::text[]) then $2::int else $4::int + a.id % ${OTHERS} end,
      '10.0.' || (a.id % 250) || '.1', $1::timestamptz
    from channel_attributes a`,
    [start, id, Array.from({ length: 40 }, (_, i) => `Kênh ${i + 1}`), other0],
  );
  await q(
    `insert into channel_history (attribute_id, entity, entity_id, action, at, actor_name, changes)
    select a, 'attribute', a, 'update', $1::timestamptz + (k * interval '18 days'), 'user' || (k % 30),
      jsonb_build_array(jsonb_build_object('field', 'status', 'old', 'offline', 'new', 'online'))
    from (select id as a from channel_attributes) x, generate_series(0, 19) k`,
    [start],
  );
  // the warehouse: 200 stock-outs of the customer's, 50,000 others
  await q(
    `insert into supply_items (item_code, name, unit) select 'ITEM-' || i, 'Item ' || i, 'cái' from generate_series(1, 50) i`,
  );
  await q(
    `insert into stock_records (kind, item_id, export_date, number, serial_num, mac, status, contract_id)
    select 'out', 1 + i % 50, $1::timestamptz + (i * interval '2 hours'), 1, 'SN-' || i,
      'AA:BB:CC:' || lpad(to_hex(i % 256), 2, '0') || ':00:01', 'Đang sử dụng',
      case when i <= 200 then $2::int else $3::int + i % ${OTHERS} end
    from generate_series(1, 50200) i`,
    [start, id, other0],
  );
  // device rows: 10 of the customer's (one a site), 5,000 others; 300 terminal sessions on theirs
  const { rows: devices } = await q(
    `insert into device_info (contract_id, site_id, fields)
    select $2::int, s, jsonb_build_object('ipWan1', '14.160.1.' || s, 'ispWan1', 'VNPT') from unnest($1::int[]) s
    returning id`,
    [mine.map((s) => s.id), id],
  );
  await q(
    `insert into device_info (contract_id, fields)
    select $1::int + i % ${OTHERS}, jsonb_build_object('ipWan1', '14.161.1.' || (i % 250)) from generate_series(1, 5000) i`,
    [other0],
  );
  await q(
    `insert into terminal_sessions (actor_name, device_info_id, host, port, ssh_user, cols, rows, started_at, active_at, ended_at)
    select 'user' || (i % 30), ($2::int[])[1 + i % 10], '14.160.1.1', 22, 'admin', 120, 40,
      $1::timestamptz + (i * interval '29 hours'), $1::timestamptz + (i * interval '29 hours'),
      $1::timestamptz + (i * interval '29 hours') + interval '10 minutes'
    from generate_series(1, 300) i`,
    [start, devices.map((d) => d.id)],
  );
  // the audit trail: a million lines about every site, among them the customer's sites' settings and vouchers
  const events = ['wireless.network.update', 'voucher.create', 'splash.upload', 'device.block', 'contract.update'];
  for (let from = 0; from < AUDIT_LINES; from += 100_000) {
    await q(
      `insert into audit_events (at, actor_id, actor_name, event, target, details)
       select to_timestamp(($3::bigint - (i::bigint * $4::bigint / $5::bigint)) / 1000.0), 1 + i % 300, 'user' || (i % 300),
         ($6::text[])[1 + i % 5], 'site:' || ($7::text[])[1 + i % ${SITES}], jsonb_build_object('n', 1)
       from generate_series($1::int, $2::int) as i`,
      [from, Math.min(from + 100_000, AUDIT_LINES) - 1, end, YEAR_MS, AUDIT_LINES, events, sites.map((s) => s.idname)],
    );
  }
  await q('analyze');
  await db.end();
  return id;
}

await withScratchDatabase(async (url) => {
  const sim = await startSimulator({ port: 0, flavor: 'classic', ...BENCH_SIM, sites: SITES, now: () => BENCH_NOON });
  const server = await startServer('postgres', {
    env: {
      DATABASE_URL: url,
      UNIFI_DEMO_URL: sim.url,
      UNIFI_DEMO_USER: BENCH_SIM.username,
      UNIFI_DEMO_PASSWORD: BENCH_SIM.password,
      UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString(),
      BENCH_SYNC_SITES: '1',
    },
  });
  try {
    const t0 = Date.now();
    const id = await seed(url, BENCH_NOON);
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const api = `http://127.0.0.1:${server.port}/api/v1`;
    const headers = { authorization: `Bearer ${server.token}` };
    const time = async (label: string, path: string, check: (body: unknown) => void) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const s = performance.now();
        const res = await fetch(`${api}${path}`, { headers });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        check(await res.json());
        times.push(performance.now() - s);
      }
      console.log(`${label}: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms`);
    };
    await time('bare route (GET /api/health), the ceiling', '/../health', () => {});
    await time("the customer's page (cold once, then within the controller's 30 s)", `/it4u/customers/${id}`, (b) => {
      const page = b as { sites: unknown[]; channels: unknown[]; equipment: unknown[]; wanLinks: unknown[] };
      if (page.sites.length !== MINE || page.channels.length !== 40 || page.equipment.length !== 200) {
        throw new Error(`a page short of its parts: ${page.sites.length} sites, ${page.channels.length} channels`);
      }
    });
    const entries = (b: unknown) => {
      if ((b as { entries: unknown[] }).entries.length === 0) throw new Error('an empty timeline');
    };
    await time('timeline, first page (every kind)', `/it4u/customers/${id}/timeline`, entries);
    await time('timeline, links only', `/it4u/customers/${id}/timeline?kinds=wan`, entries);
    await time(
      'timeline, six months back',
      `/it4u/customers/${id}/timeline?before=${BENCH_NOON - YEAR_MS / 2}`,
      entries,
    );
    await time('the customers list, searched', '/it4u/customers?q=H%C3%A0ng%2012', () => {});
  } finally {
    server.child.kill('SIGTERM');
    await sim.close();
  }
});
