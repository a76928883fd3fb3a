import type { ChannelAttribute, ChannelChange, ChannelHistoryEntry, ChannelProvider, ServicePack } from '@it4u/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAttributes, channelHistory, channelProviders, channelServicePacks } from '../../db/schema.ts';
import { containsPattern, rowsOf } from '../../lib/sql.ts';

export type AttributeValues = {
  name: string;
  status: string;
  customer: string;
  virtualNum: string;
  usernamePppoe: string;
  servicePackId: number | null;
};

type AttributeRow = {
  id: number;
  name: string;
  status: string;
  customer: string;
  virtual_num: string;
  username_pppoe: string;
  created_at: Date | string;
  pack_id: number | null;
  service_pack: string | null;
  pack_value: string | null;
  provider_id: number | null;
  provider_name: string | null;
  total?: string | number;
};

const toAttribute = (r: AttributeRow): ChannelAttribute => ({
  id: r.id,
  name: r.name,
  status: r.status as ChannelAttribute['status'],
  customer: r.customer,
  virtualNum: r.virtual_num,
  usernamePPPoE: r.username_pppoe,
  channelValue:
    r.pack_id === null
      ? null
      : {
          id: r.pack_id,
          servicePack: r.service_pack ?? '',
          value: r.pack_value ?? '',
          channelName: { id: r.provider_id ?? 0, name: r.provider_name ?? '' },
        },
  createdAt: new Date(r.created_at).getTime(),
});

const ATTRIBUTE_SELECT = sql`select a.id, a.name, a.status, a.customer, a.virtual_num, a.username_pppoe, a.created_at,
  p.id as pack_id, p.service_pack, p.value as pack_value, pr.id as provider_id, pr.name as provider_name
  from channel_attributes a
  left join channel_service_packs p on p.id = a.service_pack_id
  left join channel_providers pr on pr.id = p.provider_id`;

export function createChannelsRepository(db: Db) {
  return {
    providers: (): Promise<ChannelProvider[]> => db.select().from(channelProviders).orderBy(channelProviders.name),

    async insertProvider(name: string): Promise<ChannelProvider> {
      const [row] = await db.insert(channelProviders).values({ name }).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async findProvider(idOrName: string): Promise<ChannelProvider | undefined> {
      const id = /^\d+$/.test(idOrName) ? Number(idOrName) : -1;
      const [row] = await db
        .select()
        .from(channelProviders)
        .where(sql`${channelProviders.id} = ${id} or lower(${channelProviders.name}) = lower(${idOrName})`)
        .limit(1);
      return row;
    },

    async servicePacks(providerId?: number): Promise<ServicePack[]> {
      const rows = rowsOf<{
        id: number;
        service_pack: string;
        value: string;
        provider_id: number;
        provider_name: string;
      }>(
        await db.execute(sql`select p.id, p.service_pack, p.value, pr.id as provider_id, pr.name as provider_name
          from channel_service_packs p join channel_providers pr on pr.id = p.provider_id
          where ${providerId ?? null}::int is null or p.provider_id = ${providerId ?? null}::int
          order by pr.name, p.service_pack`),
      );
      return rows.map((r) => ({
        id: r.id,
        servicePack: r.service_pack,
        value: r.value,
        channelName: { id: r.provider_id, name: r.provider_name },
      }));
    },

    async insertServicePack(providerId: number, servicePack: string, value: string): Promise<number> {
      const [row] = await db
        .insert(channelServicePacks)
        .values({ providerId, servicePack, value })
        .returning({ id: channelServicePacks.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async servicePackExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: channelServicePacks.id })
        .from(channelServicePacks)
        .where(eq(channelServicePacks.id, id));
      return rows.length > 0;
    },

    async attributePage(f: { q?: string; status?: string; providerId?: number; offset: number; limit: number }) {
      const q = f.q?.trim() ?? '';
      const p = containsPattern(q);
      const rows = rowsOf<AttributeRow>(
        await db.execute(sql`select * from (${ATTRIBUTE_SELECT}) x
          where (${q} = '' or x.name ilike ${p} or x.customer ilike ${p} or x.virtual_num ilike ${p} or x.username_pppoe ilike ${p})
            and (${f.status ?? null}::text is null or x.status = ${f.status ?? null}::text)
            and (${f.providerId ?? null}::int is null or x.provider_id = ${f.providerId ?? null}::int)
          order by x.id desc limit ${f.limit} offset ${f.offset}`),
      );
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from (${ATTRIBUTE_SELECT}) x
          where (${q} = '' or x.name ilike ${p} or x.customer ilike ${p} or x.virtual_num ilike ${p} or x.username_pppoe ilike ${p})
            and (${f.status ?? null}::text is null or x.status = ${f.status ?? null}::text)
            and (${f.providerId ?? null}::int is null or x.provider_id = ${f.providerId ?? null}::int)`),
      );
      return { items: rows.map(toAttribute), total: Number(count?.n ?? 0) };
    },

    async findAttribute(id: number): Promise<ChannelAttribute | undefined> {
      const [row] = rowsOf<AttributeRow>(await db.execute(sql`${ATTRIBUTE_SELECT} where a.id = ${id}`));
      return row ? toAttribute(row) : undefined;
    },

    async insertAttribute(values: AttributeValues): Promise<number> {
      const [row] = await db.insert(channelAttributes).values(values).returning({ id: channelAttributes.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async updateAttribute(id: number, values: AttributeValues): Promise<void> {
      await db.update(channelAttributes).set(values).where(eq(channelAttributes.id, id));
    },

    async deleteAttribute(id: number): Promise<void> {
      await db.delete(channelAttributes).where(eq(channelAttributes.id, id));
    },

    async record(e: {
      attributeId: number;
      entity: 'attribute' | 'detail';
      entityId: number;
      action: 'create' | 'update' | 'delete';
      actorId: number;
      actorName: string;
      changes: ChannelChange[];
    }): Promise<void> {
      await db.insert(channelHistory).values(e);
    },

    async history(attributeId: number): Promise<ChannelHistoryEntry[]> {
      const rows = await db
        .select()
        .from(channelHistory)
        .where(eq(channelHistory.attributeId, attributeId))
        .orderBy(desc(channelHistory.at), desc(channelHistory.id));
      return rows.map((r) => ({
        id: r.id,
        entity: r.entity as ChannelHistoryEntry['entity'],
        entityId: r.entityId,
        action: r.action as ChannelHistoryEntry['action'],
        at: r.at.getTime(),
        actorName: r.actorName ?? '',
        changes: r.changes as ChannelChange[],
      }));
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
