// Over 300 lines: the SQL of the channel register's five tables (providers, packs, attributes, details, history), which share their select and join fragments.
import {
  CHANNEL_DETAIL_DATES,
  CHANNEL_STATUSES,
  type ChannelAttribute,
  type ChannelChange,
  type ChannelDetail,
  type ChannelHistoryEntry,
  type ChannelProvider,
  type ChannelSummary,
  type CountedHours,
  type ServicePack,
} from '@it4u/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  channelAttributes,
  channelDetails,
  channelHistory,
  channelProviders,
  channelServicePacks,
} from '../../db/schema.ts';
import {
  chunks,
  containsAny,
  foldedContains,
  foldedRank,
  hasRow,
  pageOf,
  rowsOf,
  type SearchPage,
  type SearchTerms,
  searchRows,
} from '../../lib/sql.ts';
import {
  type ContractRefRow,
  contractRefColumn,
  contractRefColumns,
  contractRefJoin,
  contractRefOf,
} from '../contracts/contractRefs.ts';

/** A service pack's own columns, as a write takes them. */
export type PackValues = {
  servicePack: string;
  value: string;
  availabilityTarget: number | null;
  countedHours: CountedHours;
};

export type AttributeValues = {
  name: string;
  status: string;
  customer: string;
  virtualNum: string;
  usernamePppoe: string;
  servicePackId: number | null;
  availabilityTarget: number | null;
  countedHours: CountedHours | null;
};

type AttributeRow = {
  id: number;
  name: string;
  status: string;
  customer: string;
  virtual_num: string;
  username_pppoe: string;
  own_target: string | number | null;
  own_hours: CountedHours | null;
  created_at: Date | string;
  pack_id: number | null;
  service_pack: string | null;
  pack_value: string | null;
  pack_target: string | number | null;
  pack_hours: CountedHours | null;
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
          availabilityTarget: r.pack_target === null ? null : Number(r.pack_target),
          countedHours: r.pack_hours ?? 'all',
        },
  servicePack: r.pack_id === null ? '' : (r.service_pack ?? ''),
  value: r.pack_id === null ? '' : (r.pack_value ?? ''),
  availabilityTarget: r.own_target === null ? null : Number(r.own_target),
  countedHours: r.own_hours,
  createdAt: new Date(r.created_at).getTime(),
});

const ATTRIBUTE_SELECT = sql`select a.id, a.name, a.status, a.customer, a.virtual_num, a.username_pppoe,
  a.availability_target as own_target, a.counted_hours as own_hours, a.created_at,
  p.id as pack_id, p.service_pack, p.value as pack_value, p.availability_target as pack_target,
  p.counted_hours as pack_hours, pr.id as provider_id, pr.name as provider_name
  from channel_attributes a
  left join channel_service_packs p on p.id = a.service_pack_id
  left join channel_providers pr on pr.id = p.provider_id`;

export type DetailValues = {
  attributeId: number;
  contractId: number | null;
  fees: number | null;
  routerType: string;
  ipAddress: string;
  ipType: string;
  customerMove: string;
  deviceStatus: string;
  regionalEngineer: string;
  votesRequire: string;
} & Record<(typeof CHANNEL_DETAIL_DATES)[number], Date | null>;

export type DetailFilter = {
  q?: string;
  status?: string;
  providerId?: number;
  fromDate?: number;
  toDate?: number;
  offset: number;
  limit: number;
};

const DATE_COLUMNS: Record<(typeof CHANNEL_DETAIL_DATES)[number], string> = {
  dateRequestStop: 'date_request_stop',
  dateOnline: 'date_online',
  dateStop: 'date_stop',
  dateOnlineRequest: 'date_online_request',
  dateAcceptance: 'date_acceptance',
  deployRequestDate: 'deploy_request_date',
};

type DetailRow = AttributeRow &
  ContractRefRow &
  Record<string, unknown> & {
    detail_id: number;
    fees: string | number | null;
    router_type: string;
    ip_address: string;
    ip_type: string;
    customer_move: string;
    device_status: string;
    regional_engineer: string;
    votes_require: string;
    detail_created_at: Date | string;
  };

const toDetail = (r: DetailRow): ChannelDetail => {
  const dates = Object.fromEntries(
    CHANNEL_DETAIL_DATES.map((k) => {
      const v = r[DATE_COLUMNS[k]] as Date | string | null;
      return [k, v === null || v === undefined ? null : new Date(v).getTime()];
    }),
  ) as Record<(typeof CHANNEL_DETAIL_DATES)[number], number | null>;
  return {
    id: r.detail_id,
    fees: r.fees === null ? null : Number(r.fees),
    routerType: r.router_type,
    ipAddress: r.ip_address,
    ipType: r.ip_type,
    customerMove: r.customer_move,
    deviceStatus: r.device_status,
    regionalEngineer: r.regional_engineer,
    votesRequire: r.votes_require,
    createdAt: new Date(r.detail_created_at).getTime(),
    ...dates,
    contract: contractRefOf(r),
    channelAttribute: toAttribute(r),
  };
};

const DETAIL_SELECT = sql`select d.id as detail_id, d.fees, d.router_type, d.ip_address, d.ip_type, d.customer_move,
  d.device_status, d.regional_engineer, d.votes_require, d.created_at as detail_created_at,
  d.date_request_stop, d.date_online, d.date_stop, d.date_online_request, d.date_acceptance, d.deploy_request_date,
  ${contractRefColumns},
  a.id, a.name, a.status, a.customer, a.virtual_num, a.username_pppoe, a.availability_target as own_target,
  a.counted_hours as own_hours, a.created_at, p.id as pack_id, p.service_pack, p.value as pack_value, p.availability_target as pack_target,
  p.counted_hours as pack_hours, pr.id as provider_id, pr.name as provider_name`;

const DETAIL_TABLES = sql`channel_details d
  join channel_attributes a on a.id = d.attribute_id
  left join channel_service_packs p on p.id = a.service_pack_id
  left join channel_providers pr on pr.id = p.provider_id
  ${contractRefJoin(sql`d.contract_id`)}`;

function detailWhere(f: Omit<DetailFilter, 'offset' | 'limit'>) {
  const parts = [sql`true`];
  if (f.status) parts.push(sql`d.status = ${f.status}`);
  if (f.providerId) parts.push(sql`pr.id = ${f.providerId}`);
  if (f.fromDate !== undefined)
    parts.push(sql`d.deploy_request_date >= ${new Date(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate !== undefined)
    parts.push(sql`d.deploy_request_date <= ${new Date(f.toDate).toISOString()}::timestamptz`);
  parts.push(
    containsAny(f.q, [
      'a.name',
      'a.customer',
      'a.username_pppoe',
      'a.virtual_num',
      'd.ip_address',
      contractRefColumn('numContract'),
      contractRefColumn('clientName'),
      'd.regional_engineer',
    ]),
  );
  return sql.join(parts, sql` and `);
}

export type HistoryValues = {
  attributeId: number;
  entity: 'attribute' | 'detail';
  entityId: number;
  action: 'create' | 'update' | 'delete';
  actorId: number;
  actorName: string;
  changes: ChannelChange[];
};

const historyEntryOf = (r: typeof channelHistory.$inferSelect): ChannelHistoryEntry => ({
  id: r.id,
  entity: r.entity as ChannelHistoryEntry['entity'],
  entityId: r.entityId,
  action: r.action as ChannelHistoryEntry['action'],
  at: r.at.getTime(),
  actorName: r.actorName ?? '',
  changes: r.changes as ChannelChange[],
});

export function createChannelsRepository(db: Db) {
  const repository = {
    providers: (): Promise<ChannelProvider[]> => db.select().from(channelProviders).orderBy(channelProviders.name),

    async insertProvider(name: string): Promise<ChannelProvider> {
      const [row] = await db.insert(channelProviders).values({ name }).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async findProvider(idOrName: string): Promise<ChannelProvider | undefined> {
      // an id is a positive integer PostgreSQL's integer holds; any other text is a name
      const id = /^\d{1,10}$/.test(idOrName) && Number(idOrName) <= 2_147_483_647 ? Number(idOrName) : -1;
      const [row] = await db
        .select()
        .from(channelProviders)
        .where(sql`${channelProviders.id} = ${id} or lower(${channelProviders.name}) = lower(${idOrName})`)
        .limit(1);
      return row;
    },

    async servicePacks(providerId?: number, id?: number): Promise<ServicePack[]> {
      const rows = rowsOf<{
        id: number;
        service_pack: string;
        value: string;
        provider_id: number;
        provider_name: string;
        availability_target: string | number | null;
        counted_hours: CountedHours;
      }>(
        await db.execute(sql`select p.id, p.service_pack, p.value, pr.id as provider_id, pr.name as provider_name,
            p.availability_target, p.counted_hours
          from channel_service_packs p join channel_providers pr on pr.id = p.provider_id
          where (${providerId ?? null}::int is null or p.provider_id = ${providerId ?? null}::int)
            and (${id ?? null}::int is null or p.id = ${id ?? null}::int)
          order by pr.name, p.service_pack`),
      );
      return rows.map((r) => ({
        id: r.id,
        servicePack: r.service_pack,
        value: r.value,
        channelName: { id: r.provider_id, name: r.provider_name },
        availabilityTarget: r.availability_target === null ? null : Number(r.availability_target),
        countedHours: r.counted_hours,
      }));
    },

    async insertServicePack(providerId: number, pack: PackValues): Promise<number> {
      const [row] = await db
        .insert(channelServicePacks)
        .values({ providerId, ...pack })
        .returning({ id: channelServicePacks.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async updateServicePack(id: number, pack: PackValues): Promise<void> {
      await db.update(channelServicePacks).set(pack).where(eq(channelServicePacks.id, id));
    },

    /**
     * The contracted availability of the customers' channels (a channel's service pack with a figure, the channel's
     * latest detail naming the contract): what the providers' availability measures each customer's links against.
     */
    /**
     * The channels whose status is offline or suspend after a change of it (a channel made offline and never online
     * is not one): since that change, with the customer of their first detail.
     */
    async downSinceChange(): Promise<
      { id: number; name: string; status: string; since: number; contractId: number | null }[]
    > {
      const rows = rowsOf<{ id: number; name: string; status: string; since: number; contract_id: number | null }>(
        await db.execute(sql`select a.id, a.name, a.status, (extract(epoch from h.at) * 1000)::float8 as since,
            (select min(d.contract_id) from channel_details d where d.attribute_id = a.id) as contract_id
          from channel_attributes a
          join lateral (select h.at from channel_history h
            where h.attribute_id = a.id and h.entity = 'attribute' and h.action = 'update'
              and h.changes @> '[{"field": "status"}]'::jsonb
            order by h.at desc, h.id desc limit 1) h on true
          where a.status in ('offline', 'suspend')`),
      );
      return rows.map((r) => ({
        ...r,
        since: Number(r.since),
        contractId: r.contract_id === null ? null : Number(r.contract_id),
      }));
    },

    async packTerms(): Promise<
      { contractId: number; provider: string; pack: string; target: number; hours: CountedHours }[]
    > {
      const rows = rowsOf<{
        contract_id: number;
        provider: string;
        pack: string;
        target: string | number;
        hours: CountedHours;
      }>(
        // the channel's own figure and hours where it has one, else its pack's
        await db.execute(sql`select d.contract_id, pr.name as provider, p.service_pack as pack,
            coalesce(a.availability_target, p.availability_target) as target,
            coalesce(a.counted_hours, p.counted_hours) as hours
          from channel_attributes a
          join channel_service_packs p on p.id = a.service_pack_id
            and coalesce(a.availability_target, p.availability_target) is not null
          join channel_providers pr on pr.id = p.provider_id
          join lateral (select contract_id from channel_details where attribute_id = a.id
            order by id desc limit 1) d on d.contract_id is not null`),
      );
      return rows.map((r) => ({
        contractId: r.contract_id,
        provider: r.provider,
        pack: r.pack,
        target: Number(r.target),
        hours: r.hours,
      }));
    },

    servicePackExists: (id: number): Promise<boolean> => hasRow(db, channelServicePacks, channelServicePacks.id, id),

    async attributePage(f: { q?: string; status?: string; providerId?: number; offset: number; limit: number }) {
      const where = sql.join(
        [
          containsAny(f.q, ['x.name', 'x.customer', 'x.virtual_num', 'x.username_pppoe']),
          f.status ? sql`x.status = ${f.status}` : sql`true`,
          f.providerId ? sql`x.provider_id = ${f.providerId}` : sql`true`,
        ],
        sql` and `,
      );
      const [rows, [count]] = await Promise.all([
        db.execute(
          sql`select * from (${ATTRIBUTE_SELECT}) x where ${where} order by x.id desc limit ${f.limit} offset ${f.offset}`,
        ),
        db
          .execute(sql`select count(*)::int as n from (${ATTRIBUTE_SELECT}) x where ${where}`)
          .then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { items: rowsOf<AttributeRow>(rows).map(toAttribute), total: Number(count?.n ?? 0) };
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

    async detailPage(f: DetailFilter): Promise<{ items: ChannelDetail[]; total: number }> {
      const where = detailWhere(f);
      // The count joins the other tables only when the search needs them.
      const from = f.q || f.providerId ? DETAIL_TABLES : sql`channel_details d`;
      const [rows, [count]] = await Promise.all([
        db.execute(sql`${DETAIL_SELECT} from ${DETAIL_TABLES} where ${where}
          order by d.deploy_request_date desc, d.id desc limit ${f.limit} offset ${f.offset}`),
        db.execute(sql`select count(*)::int as n from ${from} where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { items: rowsOf<DetailRow>(rows).map(toDetail), total: Number(count?.n ?? 0) };
    },

    async findDetail(id: number): Promise<ChannelDetail | undefined> {
      const [row] = rowsOf<DetailRow>(await db.execute(sql`${DETAIL_SELECT} from ${DETAIL_TABLES} where d.id = ${id}`));
      return row ? toDetail(row) : undefined;
    },

    async insertDetail(values: DetailValues): Promise<number> {
      const [row] = await db.insert(channelDetails).values(values).returning({ id: channelDetails.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async updateDetail(id: number, values: DetailValues): Promise<void> {
      await db.update(channelDetails).set(values).where(eq(channelDetails.id, id));
    },

    async deleteDetail(id: number): Promise<void> {
      await db.delete(channelDetails).where(eq(channelDetails.id, id));
    },

    attributeInUse: (id: number): Promise<boolean> => hasRow(db, channelDetails, channelDetails.attributeId, id),

    async record(e: HistoryValues): Promise<void> {
      await db.insert(channelHistory).values(e);
    },

    /** Ids for new channels and details, taken before the rows are written (one per row of an import). */
    async reserveIds(n: number): Promise<{ attributeIds: number[]; detailIds: number[] }> {
      const rows = rowsOf<{ a: number; d: number }>(
        await db.execute(sql`select nextval(pg_get_serial_sequence('channel_attributes', 'id'))::int as a,
          nextval(pg_get_serial_sequence('channel_details', 'id'))::int as d from generate_series(1, ${n})`),
      );
      return { attributeIds: rows.map((r) => r.a), detailIds: rows.map((r) => r.d) };
    },

    /**
     * Writes an import in one transaction: the channels, their details and their history, or nothing; `inside` runs in
     * the same transaction (its audit line).
     */
    async insertImported(
      attributes: (AttributeValues & { id: number })[],
      details: (DetailValues & { id: number })[],
      history: HistoryValues[],
      inside: (tx: Db) => Promise<unknown>,
    ): Promise<void> {
      const col = <T>(rows: T[], f: (r: T) => unknown) => sql.param(rows.map(f));
      const iso = (d: Date | null) => (d === null ? null : d.toISOString());
      await db.transaction(async (tx) => {
        for (const chunk of chunks(attributes, 2000)) {
          await tx.execute(sql`insert into channel_attributes
            (id, name, status, customer, virtual_num, username_pppoe, service_pack_id)
            select * from unnest(${col(chunk, (r) => r.id)}::int[], ${col(chunk, (r) => r.name)}::text[],
              ${col(chunk, (r) => r.status)}::text[], ${col(chunk, (r) => r.customer)}::text[],
              ${col(chunk, (r) => r.virtualNum)}::text[], ${col(chunk, (r) => r.usernamePppoe)}::text[],
              ${col(chunk, (r) => r.servicePackId)}::int[])`);
        }
        for (const chunk of chunks(details, 2000)) {
          await tx.execute(sql`insert into channel_details
            (id, attribute_id, contract_id, fees, router_type, ip_address, ip_type, customer_move, device_status,
             regional_engineer, votes_require, date_request_stop, date_online, date_stop, date_online_request,
             date_acceptance, deploy_request_date)
            select * from unnest(${col(chunk, (r) => r.id)}::int[], ${col(chunk, (r) => r.attributeId)}::int[],
              ${col(chunk, (r) => r.contractId)}::int[], ${col(chunk, (r) => r.fees)}::numeric[],
              ${col(chunk, (r) => r.routerType)}::text[], ${col(chunk, (r) => r.ipAddress)}::text[],
              ${col(chunk, (r) => r.ipType)}::text[], ${col(chunk, (r) => r.customerMove)}::text[],
              ${col(chunk, (r) => r.deviceStatus)}::text[], ${col(chunk, (r) => r.regionalEngineer)}::text[],
              ${col(chunk, (r) => r.votesRequire)}::text[], ${col(chunk, (r) => iso(r.dateRequestStop))}::timestamptz[],
              ${col(chunk, (r) => iso(r.dateOnline))}::timestamptz[], ${col(chunk, (r) => iso(r.dateStop))}::timestamptz[],
              ${col(chunk, (r) => iso(r.dateOnlineRequest))}::timestamptz[],
              ${col(chunk, (r) => iso(r.dateAcceptance))}::timestamptz[],
              ${col(chunk, (r) => iso(r.deployRequestDate))}::timestamptz[])`);
        }
        for (const chunk of chunks(history, 2000)) {
          await tx.execute(sql`insert into channel_history (attribute_id, entity, entity_id, action, actor_id, actor_name, changes)
            select * from unnest(${col(chunk, (r) => r.attributeId)}::int[], ${col(chunk, (r) => r.entity)}::text[],
              ${col(chunk, (r) => r.entityId)}::int[], ${col(chunk, (r) => r.action)}::text[],
              ${col(chunk, (r) => r.actorId)}::int[], ${col(chunk, (r) => r.actorName)}::text[],
              ${col(chunk, (r) => JSON.stringify(r.changes))}::jsonb[])`);
        }
        await inside(tx as unknown as Db);
      });
    },

    /** How many channels have each status, and how many each provider has (null: no service pack). */
    async summary(): Promise<ChannelSummary> {
      const [statuses, providers] = await Promise.all([
        db.execute(sql`select status, count(*)::int as n from channel_attributes group by status`),
        db.execute(sql`select pr.id, coalesce(pr.name, '') as name, count(*)::int as n from channel_attributes a
          left join channel_service_packs p on p.id = a.service_pack_id
          left join channel_providers pr on pr.id = p.provider_id group by pr.id, pr.name order by n desc, name`),
      ]);
      const byStatus = new Map(rowsOf<{ status: string; n: number }>(statuses).map((r) => [r.status, Number(r.n)]));
      return {
        byStatus: CHANNEL_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
        byProvider: rowsOf<{ id: number | null; name: string; n: number }>(providers).map((r) => ({
          id: r.id,
          name: r.name,
          count: Number(r.n),
        })),
      };
    },

    /** Channels whose name, PPPoE username or customer holds the folded words (the search box), with their contract. */
    async searchFolded(
      terms: SearchTerms,
      page: SearchPage,
    ): Promise<
      {
        id: number;
        name: string;
        usernamePppoe: string;
        status: string;
        contractId: number | null;
        clientName: string | null;
      }[]
    > {
      const rows = await searchRows<{
        id: number;
        name: string;
        username_pppoe: string;
        status: string;
        contract_id: number | null;
        client_name: string | null;
      }>(
        db,
        sql`with m as materialized (select id, ${foldedRank(terms)} as rank from channel_attributes where ${foldedContains(terms)})
          select a.id, a.name, a.username_pppoe, a.status, d.contract_id, c.client_name
          from channel_attributes a join m on m.id = a.id
          left join lateral (select contract_id from channel_details where attribute_id = a.id order by id desc limit 1) d on true
          left join contracts c on c.id = d.contract_id
          order by m.rank, a.name, a.id ${pageOf(page)}`,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        usernamePppoe: r.username_pppoe,
        status: r.status,
        contractId: r.contract_id,
        clientName: r.client_name,
      }));
    },

    /** The channels whose details name a contract (a customer's page), newest detail first. */
    async ofContract(contractId: number, limit: number): Promise<ChannelDetail[]> {
      const rows = await db.execute(sql`${DETAIL_SELECT} from ${DETAIL_TABLES} where d.contract_id = ${contractId}
        order by d.id desc limit ${limit}`);
      return rowsOf<DetailRow>(rows).map(toDetail);
    },

    /** The history of some channels before a time, newest first (a customer's timeline). */
    async historyOf(
      attributeIds: number[],
      before: Date,
      limit: number,
    ): Promise<(ChannelHistoryEntry & { attributeId: number })[]> {
      if (attributeIds.length === 0) return [];
      const rows = await db
        .select()
        .from(channelHistory)
        .where(and(inArray(channelHistory.attributeId, attributeIds), lt(channelHistory.at, before)))
        .orderBy(desc(channelHistory.at), desc(channelHistory.id))
        .limit(limit);
      return rows.map((r) => ({ ...historyEntryOf(r), attributeId: r.attributeId }));
    },

    async history(attributeId: number): Promise<ChannelHistoryEntry[]> {
      const rows = await db
        .select()
        .from(channelHistory)
        .where(eq(channelHistory.attributeId, attributeId))
        .orderBy(desc(channelHistory.at), desc(channelHistory.id));
      return rows.map(historyEntryOf);
    },
  };
  return Object.assign(repository, {
    /**
     * Runs fn in one transaction, with the repository on it and the transaction itself (for the audit line): a write,
     * its history line and its audit line, all or none.
     */
    transaction<T>(fn: (repo: typeof repository, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(createChannelsRepository(tx as unknown as Db), tx as unknown as Db));
    },
  });
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
