import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cronjobFiles } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/sql.ts';

export type CronjobRow = typeof cronjobFiles.$inferSelect;
type Delivery = { delivery: 'delivered' | 'failed' | 'notConfigured'; deliveryMessage: string };

const listed = {
  id: cronjobFiles.id,
  site: cronjobFiles.site,
  version: cronjobFiles.version,
  createdAt: cronjobFiles.createdAt,
  createdBy: cronjobFiles.createdBy,
  restoredFrom: cronjobFiles.restoredFrom,
  delivery: cronjobFiles.delivery,
  deliveryMessage: cronjobFiles.deliveryMessage,
  bytes: sql<number>`octet_length(${cronjobFiles.text})`.mapWith(Number),
};

export function createCronjobRepository(db: Db) {
  return {
    async latest(site: string): Promise<CronjobRow | undefined> {
      const [row] = await db
        .select()
        .from(cronjobFiles)
        .where(eq(cronjobFiles.site, site))
        .orderBy(desc(cronjobFiles.version))
        .limit(1);
      return row;
    },

    async version(site: string, version: number): Promise<CronjobRow | undefined> {
      const [row] = await db
        .select()
        .from(cronjobFiles)
        .where(and(eq(cronjobFiles.site, site), eq(cronjobFiles.version, version)));
      return row;
    },

    versions: (site: string) =>
      db.select(listed).from(cronjobFiles).where(eq(cronjobFiles.site, site)).orderBy(desc(cronjobFiles.version)),

    /**
     * A new version (the next number of the site; two uploads at once both get theirs), and `also` (its audit line)
     * in the same transaction: both or neither. Answers the stored row.
     */
    async add(
      row: { site: string; text: string; createdBy: string; restoredFrom: number | null } & Delivery,
      also: (added: CronjobRow, tx: Db) => Promise<unknown>,
    ): Promise<CronjobRow> {
      // a number taken meanwhile fails the statement, and with it the transaction: the next attempt is a new one
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const [added] = await tx
              .insert(cronjobFiles)
              .values({
                ...row,
                version: sql`(select coalesce(max(version), 0) + 1 from cronjob_files where site = ${row.site})`,
              })
              .returning();
            await also(added as CronjobRow, tx as unknown as Db);
            return added as CronjobRow;
          });
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 5) throw err;
        }
      }
    },
  };
}

export type CronjobRepository = ReturnType<typeof createCronjobRepository>;
