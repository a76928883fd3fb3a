import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export function createSettingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value as T | undefined;
    },
    async put(key: string, value: unknown, within: Db = db): Promise<void> {
      await within
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },
    /** Runs fn in one transaction (the `within` of put): a setting and its audit line, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
