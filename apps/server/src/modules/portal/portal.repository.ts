import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucherUses } from '../../db/schema.ts';

/** The uses of vouchers on the guest login page (the controller counts none for an external portal). */
export function createPortalRepository(db: Db) {
  return {
    /**
     * A device's use of a voucher: when it first used it (a device that comes back keeps its time), or, for a new
     * device, now if the voucher has a use left (`left` 0: no limit). Undefined when no use is left. One voucher's
     * uses are counted one at a time, so that two phones cannot both take its last use.
     */
    use(site: string, voucherId: string, mac: string, at: Date, left: number): Promise<Date | undefined> {
      const mine = and(eq(voucherUses.site, site), eq(voucherUses.voucherId, voucherId));
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voucher:${site}:${voucherId}`}))`);
        const [had] = await tx
          .select({ firstAt: voucherUses.firstAt })
          .from(voucherUses)
          .where(and(mine, eq(voucherUses.mac, mac)));
        if (had) return had.firstAt;
        if (left > 0) {
          const [taken] = await tx.select({ n: count() }).from(voucherUses).where(mine);
          if ((taken?.n ?? 0) >= left) return undefined;
        }
        await tx.insert(voucherUses).values({ site, voucherId, mac, firstAt: at });
        return at;
      });
    },
  };
}

export type PortalRepository = ReturnType<typeof createPortalRepository>;
