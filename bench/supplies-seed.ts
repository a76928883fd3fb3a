// Makes the supplies benchmark data in a PostgreSQL database: 1,000 catalogue items and 1,000,000 stock records
// (a third stock out) spread over three years, with contracts and serial numbers. Run through bench/supplies.ts.
import pg from 'pg';

export async function seedSupplies(url: string, items = 1000, records = 1_000_000): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`insert into supply_items (item_code, name, unit, number, value)
    select 'VT' || lpad(i::text, 5, '0'), 'Vật tư ' || i, case when i % 2 = 0 then 'Bộ' else 'Cái' end, i % 50, 0
    from generate_series(1, ${items}) i`);
  await c.query(`insert into contracts (num_contract, client_name, street)
    select 'HD' || i, 'Khách hàng ' || i, i || ' Lê Lợi' from generate_series(1, 5000) i`);
  await c.query(`insert into stock_records (kind, item_id, export_date, number, value, serial_num, status, contract_id)
    select case when g % 3 = 0 then 'out' else 'in' end,
      (select min(id) from supply_items) + (g * 7919) % ${items},
      timestamptz '2023-01-01' + ((g * 104729) % (3 * 365 * 86400)) * interval '1 second',
      1 + g % 5, 100000 + (g % 100) * 1000,
      'SN' || g,
      case when g % 3 = 0 then 'Đang sử dụng' end,
      case when g % 3 = 0 then (select min(id) from contracts) + g % 5000 end
    from generate_series(1::bigint, ${records}::bigint) g`);
  // as autovacuum would have done by the time a table of this size is read
  await c.query('vacuum analyze');
  await c.end();
}
