import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export function createSettingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value as T | undefined;
    },
    async put(key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
