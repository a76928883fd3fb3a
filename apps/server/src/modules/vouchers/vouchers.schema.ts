import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The devices a voucher has let in through the guest login page: a controller counts no use when an external portal
 * lets a guest in, so the console counts them to hold a voucher to its number of uses. Each device takes the next
 * use (`slot` 1, 2, …): two phones racing for the same use collide on the key, so no lock is needed. A device that
 * comes back keeps what is left of its time.
 */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    site: text('site').notNull(),
    voucherId: text('voucher_id').notNull(),
    slot: integer('slot').notNull(),
    mac: text('mac').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.site, t.voucherId, t.slot] }),
    uniqueIndex('voucher_uses_device').on(t.site, t.voucherId, t.mac),
  ],
);
