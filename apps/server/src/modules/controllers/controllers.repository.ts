import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { controllers } from '../../db/schema.ts';

export type ControllerRow = typeof controllers.$inferSelect;
export type ControllerValues = Omit<ControllerRow, 'id' | 'createdAt'>;

export function createControllersRepository(db: Db) {
  return {
    /** Every controller, first first. */
    all(): Promise<ControllerRow[]> {
      return db.select().from(controllers).orderBy(asc(controllers.id));
    },

    async find(id: number, within: Db = db): Promise<ControllerRow | undefined> {
      const [row] = await within.select().from(controllers).where(eq(controllers.id, id));
      return row;
    },

    async first(within: Db = db): Promise<ControllerRow | undefined> {
      const [row] = await within.select().from(controllers).orderBy(asc(controllers.id)).limit(1);
      return row;
    },

    async insert(values: ControllerValues, within: Db = db): Promise<ControllerRow> {
      const [row] = await within.insert(controllers).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(id: number, values: ControllerValues, within: Db = db): Promise<ControllerRow | undefined> {
      const [row] = await within.update(controllers).set(values).where(eq(controllers.id, id)).returning();
      return row;
    },

    async delete(id: number, within: Db = db): Promise<ControllerRow | undefined> {
      const [row] = await within.delete(controllers).where(eq(controllers.id, id)).returning();
      return row;
    },

    /** Runs fn in one transaction: a write and its audit line, both or neither. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}

export type ControllersRepository = ReturnType<typeof createControllersRepository>;
