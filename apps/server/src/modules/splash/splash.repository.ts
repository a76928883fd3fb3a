import type { SplashKind } from '@it4u/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { splashImages } from '../../db/schema.ts';

export type SplashImage = {
  site: string;
  kind: SplashKind;
  n: number;
  png: Buffer;
  etag: string;
  width: number;
  height: number;
};
export type SplashInfo = Omit<SplashImage, 'png'>;

export function createSplashRepository(db: Db) {
  return {
    /** Stores a site's image of a kind in place of the last one; answers its new number. */
    /** Stores a site's image of a kind (its number goes up); `inside` runs in the same transaction (its audit line). */
    async put(image: Omit<SplashImage, 'n'>, inside?: (tx: Db, n: number) => Promise<unknown>): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(splashImages)
          .values({ ...image, n: 1 })
          .onConflictDoUpdate({
            target: [splashImages.site, splashImages.kind],
            set: {
              n: sql`${splashImages.n} + 1`,
              png: image.png,
              etag: image.etag,
              width: image.width,
              height: image.height,
              updatedAt: sql`now()`,
            },
          })
          .returning({ n: splashImages.n });
        const n = row?.n ?? 1;
        await inside?.(tx, n);
        return n;
      });
    },

    async get(site: string, kind: SplashKind): Promise<SplashImage | undefined> {
      const [row] = await db
        .select()
        .from(splashImages)
        .where(and(eq(splashImages.site, site), eq(splashImages.kind, kind)));
      return row ? { ...row, kind: row.kind as SplashKind } : undefined;
    },

    /** The site's images without their bytes. */
    async infoOf(site: string): Promise<SplashInfo[]> {
      const rows = await db
        .select({
          site: splashImages.site,
          kind: splashImages.kind,
          n: splashImages.n,
          etag: splashImages.etag,
          width: splashImages.width,
          height: splashImages.height,
        })
        .from(splashImages)
        .where(eq(splashImages.site, site));
      return rows.map((r) => ({ ...r, kind: r.kind as SplashKind }));
    },
  };
}

export type SplashRepository = ReturnType<typeof createSplashRepository>;
