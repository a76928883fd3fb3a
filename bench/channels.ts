// Channel register benchmarks on PostgreSQL (npm run bench:channels), with 50,000 channels and their details and
// 500,000 history entries:
//  1. one page of the details tab filtered by a deploy-date range and a status, 20 connections for 10 s (p99);
//  2. importing 10,000 rows, sent as the web app sends them (JSON rows), and as the spreadsheet file.
// It makes a scratch database on the server of DATABASE_URL (default: the local one) and drops it at the end.
import autocannon from 'autocannon';
import pg from 'pg';
import { writeSheet } from '../apps/server/src/lib/spreadsheet.ts';
import { CHANNEL_COLUMNS } from '../apps/server/src/modules/channels/channels.columns.ts';
import { onScratchDatabase } from './spawn.ts';

const CHANNELS = 50_000;
const HISTORY = 500_000;
const IMPORT_ROWS = 10_000;

async function seed(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`insert into channel_providers (name) select 'Nhà mạng ' || i from generate_series(1, 5) i`);
  await c.query(`insert into channel_service_packs (provider_id, service_pack, value)
    select p.id, 'Gói ' || j || '0M', j || '0 Mbps' from channel_providers p, generate_series(1, 4) j`);
  await c.query(`insert into contracts (num_contract, client_name, street)
    select 'HD' || i, 'Khách hàng ' || i, i || ' Lê Lợi' from generate_series(1, 5000) i`);
  // statuses: mostly online, the rest spread over the other five
  await c.query(`insert into channel_attributes (name, status, customer, virtual_num, username_pppoe, service_pack_id)
    select 'Kênh ' || g,
      (array['online','online','online','online','online','online','offline','moved','paused','pending','suspend'])[1 + g % 11],
      'Khách hàng ' || (1 + g % 5000), 'VN' || g, 'pppoe' || g,
      (select min(id) from channel_service_packs) + g % 20
    from generate_series(1, ${CHANNELS}) g`);
  await c.query(`insert into channel_details (attribute_id, contract_id, fees, router_type, ip_address, device_status,
      regional_engineer, deploy_request_date, date_acceptance)
    select a.id, (select min(id) from contracts) + a.id % 5000, 1000000 + (a.id % 20) * 100000, 'MikroTik',
      '10.' || (a.id / 65536) % 256 || '.' || (a.id / 256) % 256 || '.' || a.id % 256, 'Hoat dong', 'KT ' || a.id % 40,
      timestamptz '2023-01-01' + ((a.id::bigint * 104729) % (3 * 365 * 86400)) * interval '1 second',
      timestamptz '2023-01-08' + ((a.id::bigint * 104729) % (3 * 365 * 86400)) * interval '1 second'
    from channel_attributes a`);
  await c.query(`insert into channel_history (attribute_id, entity, entity_id, action, at, actor_name, changes)
    select (select min(id) from channel_attributes) + g % ${CHANNELS}, 'attribute',
      (select min(id) from channel_attributes) + g % ${CHANNELS}, 'update',
      timestamptz '2023-01-01' + g * interval '3 minutes', 'kt' || g % 10,
      jsonb_build_array(jsonb_build_object('field', 'status', 'old', 'offline', 'new', 'online'))
    from generate_series(1, ${HISTORY}) g`);
  // as autovacuum would have done by the time tables of this size are read
  await c.query('vacuum analyze');
  await c.end();
}

await onScratchDatabase(async ({ url, port, token }) => {
  const t0 = Date.now();
  await seed(url);
  console.log(
    `seeded ${CHANNELS.toLocaleString('en')} channels with details and ${HISTORY.toLocaleString('en')} history entries in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const api = `http://127.0.0.1:${port}/api/v1`;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // 1. a page of the details tab: one month of deploy requests, status online
  const body = JSON.stringify({
    fromDate: Date.parse('2025-06-01T00:00:00Z'),
    toDate: Date.parse('2025-06-30T23:59:59.999Z'),
    status: 'online',
    page: 3,
    pageSize: 10,
  });
  const probe = (await (
    await fetch(`${api}/it4u/channel/attribute.date`, { method: 'POST', headers: auth, body })
  ).json()) as { total: number; items: unknown[] };
  if (probe.items.length !== 10) throw new Error(`the page has ${probe.items.length} rows`);
  const page = { url: `${api}/it4u/channel/attribute.date`, method: 'POST' as const, headers: auth, body };
  await autocannon({ ...page, connections: 20, duration: 2 });
  const r = await autocannon({ ...page, connections: 20, duration: 10 });
  console.log(
    `details page by date range and status (${probe.total} matching), 20 connections: ${Math.round(r.requests.average)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
  );

  // 2. importing 10,000 rows
  const headers = CHANNEL_COLUMNS.map((c) => c.header);
  const cells = (i: number, batch: string): Record<string, unknown> => ({
    'Số hợp đồng': `HD${1 + (i % 5000)}`,
    'Tên kênh': `Kênh nhập ${batch} ${i}`,
    'Khách hàng': `Khách hàng ${1 + (i % 5000)}`,
    'Nhà cung cấp': `Nhà mạng ${1 + (i % 5)}`,
    'Gói dịch vụ': `Gói ${1 + (i % 4)}0M`,
    'Trạng thái': i % 7 === 0 ? 'pending' : 'online',
    'Số ảo': `VNI${i}`,
    'Tài khoản PPPoE': `imp${batch}${i}`,
    'Cước phí': 1_500_000,
    'Loại router': 'Draytek',
    'Địa chỉ IP': `172.16.${(i >> 8) & 255}.${i & 255}`,
    'Trạng thái thiết bị': 'Hoat dong',
    'Kỹ thuật khu vực': `KT ${i % 40}`,
    'Ngày yêu cầu triển khai': '2026-01-15',
    'Ngày nghiệm thu': '20-01-2026',
  });
  const json = Array.from({ length: IMPORT_ROWS }, (_, i) => cells(i, 'a'));
  let s = performance.now();
  let res = await fetch(`${api}/it4u/import/channel`, { method: 'POST', headers: auth, body: JSON.stringify(json) });
  console.log(
    `import of ${IMPORT_ROWS.toLocaleString('en')} rows as JSON: ${res.status} ${await res.text()} in ${((performance.now() - s) / 1000).toFixed(1)} s`,
  );
  const file = writeSheet(
    'Kênh truyền',
    headers,
    Array.from({ length: IMPORT_ROWS }, (_, i) => {
      const row = cells(i, 'b');
      return headers.map((h) => row[h] ?? '');
    }),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'kenh-10000.xlsx');
  s = performance.now();
  res = await fetch(`${api}/it4u/import/channel`, {
    method: 'POST',
    headers: { authorization: auth.authorization },
    body: form,
  });
  console.log(
    `import of ${IMPORT_ROWS.toLocaleString('en')} rows as a ${(file.length / 1024).toFixed(0)} KB .xlsx: ${res.status} ${await res.text()} in ${((performance.now() - s) / 1000).toFixed(1)} s`,
  );
});
