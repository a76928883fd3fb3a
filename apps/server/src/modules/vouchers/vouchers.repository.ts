import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucherUses } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql.ts';

/** How many times a phone counts again when others take the use it went for (each time one of them gets in). */
const RACES = 50;

/** The uses of vouchers on the guest login page (the controller counts none for an external portal). */
export function createVoucherUsesRepository(db: Db) {
  return {
    /** How many devices used each of a site's vouchers on the guest page, by voucher id. */
    async counts(site: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: voucherUses.voucherId, n: count() })
        .from(voucherUses)
        .where(eq(voucherUses.site, site))
        .groupBy(voucherUses.voucherId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /** Forgets a revoked voucher's uses. */
    async forget(site: string, voucherId: string): Promise<void> {
      await db.delete(voucherUses).where(and(eq(voucherUses.site, site), eq(voucherUses.voucherId, voucherId)));
    },

    /**
     * A device's use of a voucher: when it first used it (a device that comes back keeps its time), or, for a new
     * device, now if the voucher has a use left (`left` 0: no limit). Undefined when no use is left; `busy` when
     * the phone lost every race for a use (the page asks to try again). One statement, no lock: a new device takes
     * the next use, and of phones racing for it the key lets one in; the others count again.
     */
    async use(
      site: string,
      voucherId: string,
      mac: string,
      at: Date,
      left: number,
    ): Promise<Date | 'busy' | undefined> {
      const mine = sql`${voucherUses.site} = ${site} and ${voucherUses.voucherId} = ${voucherId}`;
      for (let attempt = 0; attempt < RACES; attempt++) {
        const result = await db.execute(sql`
          with had as (select ${voucherUses.firstAt} from ${voucherUses} where ${mine} and ${voucherUses.mac} = ${mac}),
          taken as (select count(*)::int as n from ${voucherUses} where ${mine}),
          made as (
            insert into ${voucherUses} (site, voucher_id, slot, mac, first_at)
            select ${site}, ${voucherId}, taken.n + 1, ${mac}, ${at.toISOString()}::timestamptz from taken
            where not exists (select 1 from had) and (${left} = 0 or taken.n < ${left})
            on conflict do nothing
            returning first_at
          )
          select first_at, false as full from had
          union all select first_at, false from made
          union all select null, true from taken where ${left} > 0 and taken.n >= ${left} and not exists (select 1 from had)`);
        const [row] = rowsOf<{ first_at: string | Date | null; full: boolean }>(result);
        if (row?.full) return undefined;
        if (row?.first_at) return new Date(row.first_at);
        // a phone took the same use meanwhile: count again
      }
      return 'busy';
    },
  };
}

export type VoucherUsesRepository = ReturnType<typeof createVoucherUsesRepository>;
