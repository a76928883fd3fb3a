// The search box at an operator's size (npm run bench:search), on PostgreSQL: 150,000 records across the registers
// (20,000 customers, 2,000 sites, 40,000 stock-outs, 20,000 channels, 15,000 device rows, 3,000 users, 30,000
// network devices and 20,000 clients the scans saw, 2,000 customer sites of the WAN report), then the
// search of an administrator (every kind) for a customer's name without marks, a contract number, a serial, a MAC in
// another notation, an address, three letters, words in another order or of two fields, twelve hex digits (a MAC
// or a serial), an access point, a WAN address, a provider and words that match nothing, each 30 times (p50 and p95), beside a bare
// route as the ceiling. A scratch database on the server of DATABASE_URL, dropped at the end.
import pg from 'pg';
import { onScratchDatabase } from './spawn.ts';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;
const NAMES = ['Khách sạn', 'Nhà hàng', 'Quán cà phê', 'Văn phòng', 'Trường', 'Kho hàng', 'Chi nhánh', 'Công ty'];
const PLACES = ['Hoa Mai', 'Biển Xanh', 'Sài Gòn', 'Đà Nẵng', 'Hà Nội', 'An Phú', 'Bình Dương', 'Quận 1', 'Hồng Hà'];

async function seed(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  // the scratch database is dropped when a query fails: its ending is not the failure to report
  db.on('error', () => {});
  await db.connect();
  const q = (text: string, values: unknown[] = []) => db.query(text, values);
  await q(
    `insert into sites (sitename, idname)
    select ($1::text[])[1 + i % 8] || ' ' || ($2::text[])[1 + i % 9] || ' ' || i, 'site' || i from generate_series(1, 2000) i`,
    [NAMES, PLACES],
  );
  await q(
    `insert into contracts (num_contract, client_name, company_name, phone, street)
    select 'HD-' || lpad(i::text, 6, '0'), ($1::text[])[1 + i % 8] || ' ' || ($2::text[])[1 + (i / 8) % 9] || ' ' || i,
      'Công ty ' || i, '09' || lpad((i * 7919 % 100000000)::text, 8, '0'), i || ' Lê Lợi'
    from generate_series(1, 20000) i`,
    [NAMES, PLACES],
  );
  await q(`insert into contract_sites (contract_id, site_id) select c.id, 1 + c.id % 2000 from contracts c`);
  await q(`insert into supply_items (item_code, name) select 'ITEM-' || i, 'Item ' || i from generate_series(1, 50) i`);
  await q(`insert into stock_records (kind, item_id, export_date, number, serial_num, mac, contract_id)
    select 'out', 1 + i % 50, now() - (i || ' minutes')::interval, 1, 'SN' || lpad(to_hex(i::bigint * 2654435 % 16777216), 6, '0') || i,
      upper(rtrim(regexp_replace(lpad(to_hex(i::bigint * 2654435761 % 281474976710656), 12, '0'), '(..)', '\\1:', 'g'), ':')),
      1 + i % 20000
    from generate_series(1, 40000) i`);
  await q(
    `insert into channel_attributes (name, username_pppoe, customer)
    select 'Kênh ' || ($1::text[])[1 + i % 9] || ' ' || i, 'pppoe_' || i, 'KH ' || i from generate_series(1, 20000) i`,
    [PLACES],
  );
  await q(`insert into device_info (contract_id, fields, search)
    select 1 + i % 20000, jsonb_build_object('ipWan1', '14.' || (i / 65536) % 256 || '.' || (i / 256) % 256 || '.' || i % 256),
      '14.' || (i / 65536) % 256 || '.' || (i / 256) % 256 || '.' || i % 256 || ' draytek vnpt'
    from generate_series(1, 15000) i`);
  await q(`insert into users (name, username, email, password_hash)
    select 'Người dùng ' || i, 'user' || i, 'user' || i || '@example.test', 'x' from generate_series(1, 3000) i`);
  // what the warehouse's scans saw: 15 network devices a site (access points by area, switches), 10 clients
  await q(
    `insert into device_sightings (mac, site_id, serial, kind, model, name, first_seen_at, last_seen_at)
    select 'F0:' || lpad(to_hex(i), 10, '0'), 1 + i % 2000, upper(lpad(to_hex(i), 12, '0')), 'device',
      ($2::text[])[1 + i % 3], 'AP ' || ($1::text[])[1 + i % 6] || ' ' || (i / 2000), now(), now()
    from generate_series(1, 30000) i`,
    [
      ['Sảnh', 'Lễ tân', 'Tầng 1', 'Hồ bơi', 'Nhà hàng', 'Sân vườn'],
      ['U6-Pro', 'U7-LR', 'USW-Lite-8-PoE'],
    ],
  );
  await q(`insert into device_sightings (mac, site_id, kind, name, first_seen_at, last_seen_at)
    select 'C0:' || lpad(to_hex(i), 10, '0'), 1 + i % 2000, 'client', 'phone ' || i, now(), now()
    from generate_series(1, 20000) i`);
  // the WAN report: a customer site per site, two links each, pushed by their routers
  await q(
    `insert into customer_sites (sitename, group_name, links, last_push_at)
    select s.sitename, 'FTTH', jsonb_build_array(
        jsonb_build_object('wan', 1, 'provider', ($1::text[])[1 + s.id % 3], 'ip', '18.161.' || (s.id / 250) || '.' || (s.id % 250), 'up', true, 'since', 0),
        jsonb_build_object('wan', 2, 'provider', ($1::text[])[1 + (s.id + 1) % 3], 'ip', '42.112.' || (s.id / 250) || '.' || (s.id % 250), 'up', true, 'since', 0)),
      now()
    from sites s`,
    [['VNPT', 'FPT', 'Viettel']],
  );
  const { rows } = await q(
    `select (select count(*) from contracts) + (select count(*) from sites) + (select count(*) from stock_records)
      + (select count(*) from channel_attributes) + (select count(*) from device_info) + (select count(*) from users)
      + (select count(*) from device_sightings) + (select count(*) from customer_sites) as n`,
  );
  await q('analyze');
  await db.end();
  return Number(rows[0].n);
}

await onScratchDatabase(async ({ url, port, token }) => {
  const t0 = Date.now();
  const records = await seed(url);
  console.log(`seeded ${records.toLocaleString('en')} records in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const api = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${token}` };
  const time = async (label: string, path: string, hits: (n: number) => boolean) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      const res = await fetch(`${api}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { groups?: { hits: unknown[] }[] };
      const n = (body.groups ?? []).reduce((k, g) => k + g.hits.length, 0);
      if (body.groups && !hits(n)) throw new Error(`${label}: ${n} hits`);
      times.push(performance.now() - s);
    }
    console.log(`${label}: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms`);
  };
  const search = (q: string) => `/it4u/search?q=${encodeURIComponent(q)}`;
  await time('bare route (GET /api/health), the ceiling', '/../health', () => true);
  await time('a customer without marks ("khach san hoa mai")', search('khach san hoa mai'), (n) => n > 0);
  await time('the same words in another order ("hoa mai khach san")', search('hoa mai khach san'), (n) => n > 0);
  await time('words of two fields ("vnpt 14.0.42")', search('vnpt 14.0.42'), (n) => n > 0);
  await time('twelve hex digits, a MAC or a serial ("e8a1c2f570b3")', search('e8a1c2f570b3'), (n) => n >= 0);
  await time('a contract number ("HD-012345")', search('HD-012345'), (n) => n > 0);
  await time('a serial ("SN" and 8 characters)', search('SN12b7'), (n) => n >= 0);
  await time('a MAC in dotted notation', search('0000.9e37.79b1'), (n) => n >= 0);
  await time('an address ("14.0.42.")', search('14.0.42.'), (n) => n > 0);
  await time('three letters ("hoa")', search('hoa'), (n) => n > 0);
  await time('an access point, words in another order ("sanh ap")', search('sanh ap'), (n) => n > 0);
  await time('a WAN address ("18.161.2.11")', search('18.161.2.11'), (n) => n > 0);
  await time('a provider ("vnpt": some 670 customer sites)', search('vnpt'), (n) => n > 0);
  await time('nothing matches ("zzqxj")', search('zzqxj'), (n) => n === 0);
});
