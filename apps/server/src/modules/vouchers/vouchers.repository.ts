import { and, count, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucherUses } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql.ts';

/** How many times a phone counts again when others take the use it went for (each time one of them gets in). */
const RACES = 50;

/** The uses of vouchers on the guest login page (one row a device; the controller counts them too, later). */
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

    /**
     * Forgets the uses of the site's vouchers that are no longer on the controller (ids not in `onController`), made
     * before `before`: a spent voucher's uses outlive it a while, so that no instance whose list is older lets
     * another phone in with it.
     */
    async prune(site: string, onController: string[], before: Date): Promise<void> {
      await db
        .delete(voucherUses)
        .where(
          and(
            eq(voucherUses.site, site),
            lt(voucherUses.firstAt, before),
            onController.length ? notInArray(voucherUses.voucherId, onController) : undefined,
          ),
        );
    },

    /** When a device first used a voucher on the guest page, undefined when it never did. */
    async firstUse(site: string, voucherId: string, mac: string): Promise<Date | undefined> {
      const [had] = await db
        .select({ firstAt: voucherUses.firstAt })
        .from(voucherUses)
        .where(and(eq(voucherUses.site, site), eq(voucherUses.voucherId, voucherId), eq(voucherUses.mac, mac)));
      return had?.firstAt;
    },

    /**
     * A device's use of a voucher: when it first used it (a device that comes back keeps its time), or, for a new
     * device, now if the voucher has a use left (`left` 0: no limit). Undefined when no use is left; `busy` when
     * the phone lost every race for a use (the page asks to try again). No lock: a new device takes the next use in
     * one statement, and of phones racing for it the key lets one in; the others count again.
     */
    async use(
      site: string,
      voucherId: string,
      mac: string,
      at: Date,
      left: number,
    ): Promise<Date | 'busy' | undefined> {
      const mine = and(eq(voucherUses.site, site), eq(voucherUses.voucherId, voucherId));
      for (let attempt = 0; attempt < RACES; attempt++) {
        const made = rowsOf<{ first_at: string | Date }>(
          await db.execute(sql`
            insert into ${voucherUses} (site, voucher_id, slot, mac, first_at)
            select ${site}, ${voucherId}, count(*)::int + 1, ${mac}, ${at.toISOString()}::timestamptz
            from ${voucherUses} where ${mine}
            having ${left} = 0 or count(*) < ${left}
            on conflict do nothing
            returning first_at`),
        );
        if (made[0]) return new Date(made[0].first_at);
        // not taken: the device had a use already, or none is left, or another phone took the same one meanwhile
        const [had] = await db
          .select({ firstAt: voucherUses.firstAt })
          .from(voucherUses)
          .where(and(mine, eq(voucherUses.mac, mac)));
        if (had) return had.firstAt;
        if (left > 0) {
          const [taken] = await db.select({ n: count() }).from(voucherUses).where(mine);
          if (Number(taken?.n) >= left) return undefined;
        }
      }
      return 'busy';
    },
  };
}

export type VoucherUsesRepository = ReturnType<typeof createVoucherUsesRepository>;
