// Over 300 lines: the rules of the channel register's five entities and its import, which checks rows against the same rules; the history diff sits beside the writes it records.
import {
  type AttributeUpdateInput,
  CHANNEL_DETAIL_DATES,
  CHANNEL_DETAIL_TEXTS,
  type ChannelAttribute,
  type ChannelChange,
  type ChannelDetail,
  type ChannelDetailFields,
  DEFAULT_CHANNEL_STATUS,
  type DetailInput,
  rowError,
  type ServicePackInput,
  type ServicePackUpdate,
} from '@it4u/shared';
import type { Db } from '../../db/client.ts';
import { type Audit, changes as changedFields } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { BadRequestError, ConflictError, InvalidRowsError, NotFoundError } from '../../lib/errors.ts';
import { linkedId } from '../../lib/schemas.ts';
import { buildSheet, exportQueue, normaliseRows, writeSheet } from '../../lib/spreadsheet.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { ContractsForRecords } from '../contracts/contracts.module.ts';
import { CHANNEL_COLUMNS, exportCells, parseChannelRow } from './channels.columns.ts';
import type { AttributeValues, ChannelsRepository, DetailValues, HistoryValues } from './channels.repository.ts';

type DetailFacts = ChannelDetailFields & { numContract: string | null; attributeId: number };

const factsOf = (d: ChannelDetail): DetailFacts => ({
  ...d,
  numContract: d.contract?.numContract ?? null,
  attributeId: d.channelAttribute.id,
});

/** The fields of a detail as its history names them. */
function detailFields(d: DetailFacts | undefined): Record<string, unknown> {
  if (!d) return {};
  return {
    channel: d.attributeId,
    contract: d.numContract,
    fees: d.fees,
    ...Object.fromEntries([...CHANNEL_DETAIL_TEXTS, ...CHANNEL_DETAIL_DATES].map((k) => [k, d[k]])),
  };
}

/** The fields of an attribute as its history names them. */
function attributeFields(a: ChannelAttribute | undefined): Record<string, unknown> {
  if (!a) return {};
  return {
    name: a.name,
    status: a.status,
    customer: a.customer,
    virtualNum: a.virtualNum,
    usernamePPPoE: a.usernamePPPoE,
    servicePack: a.channelValue ? `${a.channelValue.channelName.name} / ${a.channelValue.servicePack}` : null,
    availabilityTarget: a.availabilityTarget ?? null,
    countedHours: a.countedHours ?? null,
  };
}

/** Each field whose value differs, with its old and new value. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): ChannelChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map((k) => ({ field: k, old: before[k] ?? null, new: after[k] ?? null }));
}

/** A channel's change as its audit line says it: each changed field with its value before and after. */
const changed = (list: ChannelChange[]) => ({
  changed: Object.fromEntries(list.map((c) => [c.field, [c.old, c.new]])),
});

/** The most rows an export holds. */
export const EXPORT_MAX_ROWS = 100_000;

type Deps = {
  channels: ChannelsRepository;
  contracts: Pick<ContractsForRecords, 'byNumbers' | 'find'>;
  audit: Audit;
};

type DateKey = (typeof CHANNEL_DETAIL_DATES)[number];

/** Search of the details: text, channel status, provider, deploy request dates (epoch ms, inclusive). */
export type DetailSearch = { q?: string; status?: string; providerId?: number; fromDate?: number; toDate?: number };

/**
 * A contracted availability as sent: to the thousandth of a percent at most (the column keeps three decimals, and a
 * finer figure is refused rather than rounded); undefined when not sent.
 */
function targetOf(value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (Math.abs(value * 1000 - Math.round(value * 1000)) > 1e-6)
    throw new BadRequestError('targetTooFine', 'availabilityTarget');
  return Math.round(value * 1000) / 1000;
}

const packKey = (provider: string, pack: string) => `${provider.toLowerCase()}\u0000${pack.toLowerCase()}`;

/** The six dates of a detail as the database takes them. */
const dateValues = (d: Partial<Record<DateKey, number | null>>, before?: Record<DateKey, number | null>) =>
  Object.fromEntries(
    CHANNEL_DETAIL_DATES.map((k) => {
      const v = d[k] === undefined ? (before?.[k] ?? null) : d[k];
      return [k, v === null || v === undefined ? null : new Date(v)];
    }),
  ) as Record<DateKey, Date | null>;

export function createChannelsService({ channels, contracts, audit }: Deps) {
  /** Every write is audited in its own transaction, beside the channel's own history: the change and both lines. */
  const audited = (ctx: RequestContext, tx: Db, event: string, target: string, details: Record<string, unknown>) =>
    audit.record(event, ctx, { target, details }, tx);

  async function mustGetPack(id: number) {
    const [pack] = await channels.servicePacks(undefined, id);
    if (!pack) throw new NotFoundError('servicePackNotFound');
    return pack;
  }

  async function mustGetAttribute(id: number, from: Pick<ChannelsRepository, 'findAttribute'> = channels) {
    const a = await from.findAttribute(id);
    if (!a) throw new NotFoundError('channelNotFound');
    return a;
  }

  /**
   * The service pack the spec names by `servicePack` (and `value` where two providers' packs share the name): its id,
   * null for '', undefined when not named.
   */
  async function packNamed(input: AttributeUpdateInput): Promise<number | null | undefined> {
    const name = input.servicePack?.trim();
    if (name === undefined) return undefined;
    if (name === '') return null;
    const value = input.value?.trim();
    const found = (await channels.servicePacks()).filter(
      (p) => p.servicePack.toLowerCase() === name.toLowerCase() && (value === undefined || p.value === value),
    );
    if (found.length !== 1) throw new BadRequestError('unknownServicePack', 'servicePack');
    return found[0]?.id;
  }

  async function values(input: AttributeUpdateInput, before?: ChannelAttribute): Promise<AttributeValues> {
    const ours = linkedId(input.channelValueId, input.channelValue);
    const named = await packNamed(input);
    if (ours !== undefined && named !== undefined && ours !== named) {
      throw new BadRequestError('invalidFields', 'servicePack', { fields: 'channelValueId, servicePack' });
    }
    const linked = ours ?? named;
    const packId = linked === undefined ? (before?.channelValue?.id ?? null) : linked;
    if (packId !== null && !(await channels.servicePackExists(packId))) {
      throw new BadRequestError('unknownServicePack', 'channelValueId');
    }
    return {
      name: (input.name ?? before?.name ?? '').trim(),
      // the spec's edit dropdown names a status capitalised
      status:
        (input.status?.toLowerCase() as ChannelAttribute['status'] | undefined) ??
        before?.status ??
        DEFAULT_CHANNEL_STATUS,
      customer: (input.customer ?? before?.customer ?? '').trim(),
      virtualNum: (input.virtualNum ?? before?.virtualNum ?? '').trim(),
      usernamePppoe: (input.usernamePPPoE ?? before?.usernamePPPoE ?? '').trim(),
      servicePackId: packId,
      availabilityTarget:
        input.availabilityTarget === undefined
          ? (before?.availabilityTarget ?? null)
          : (targetOf(input.availabilityTarget) ?? null),
      countedHours: input.countedHours === undefined ? (before?.countedHours ?? null) : input.countedHours,
    };
  }

  function details(f: DetailSearch, offset: number, limit: number) {
    if (f.fromDate !== undefined && f.toDate !== undefined && f.fromDate > f.toDate) {
      throw new BadRequestError('startAfterEnd', 'fromDate');
    }
    return channels.detailPage({ ...f, offset, limit });
  }

  return {
    providers: () => channels.providers(),

    async addProvider(name: string, ctx: RequestContext) {
      return channels
        .transaction(async (repo, tx) => {
          const made = await repo.insertProvider(name.trim());
          await audited(ctx, tx, 'channel.provider.create', `provider:${made.id}`, { name: made.name });
          return made;
        })
        .catch((err) => {
          if (isUniqueViolation(err)) throw new ConflictError('providerTaken', 'name');
          throw err;
        });
    },

    async servicePacks(provider: string) {
      if (provider === 'all') return channels.servicePacks();
      const found = await channels.findProvider(provider);
      if (!found) throw new NotFoundError('providerNotFound');
      return channels.servicePacks(found.id);
    },

    async addServicePack(input: ServicePackInput, ctx: RequestContext) {
      const key = input.channelName.id !== undefined ? String(input.channelName.id) : (input.channelName.name ?? '');
      const provider = await channels.findProvider(key);
      if (!provider) throw new BadRequestError('unknownProvider', 'channelName');
      const pack = {
        servicePack: input.servicePack.trim(),
        value: input.value?.trim() ?? '',
        availabilityTarget: targetOf(input.availabilityTarget) ?? null,
        countedHours: input.countedHours ?? 'all',
      };
      const id = await channels
        .transaction(async (repo, tx) => {
          const made = await repo.insertServicePack(provider.id, pack);
          await audited(ctx, tx, 'channel.pack.create', `pack:${made}`, { provider: provider.name, ...pack });
          return made;
        })
        .catch((err) => {
          if (isUniqueViolation(err)) throw new ConflictError('packTaken', 'servicePack');
          throw err;
        });
      return mustGetPack(id);
    },

    /** A service pack's name, value, contracted availability and its hours changed (the fields sent). */
    async updateServicePack(id: number, input: ServicePackUpdate, ctx: RequestContext) {
      const before = await mustGetPack(id);
      const was = {
        servicePack: before.servicePack,
        value: before.value,
        availabilityTarget: before.availabilityTarget,
        countedHours: before.countedHours,
      };
      const target = targetOf(input.availabilityTarget);
      const pack = {
        servicePack: input.servicePack?.trim() ?? was.servicePack,
        value: input.value?.trim() ?? was.value,
        availabilityTarget: target === undefined ? was.availabilityTarget : target,
        countedHours: input.countedHours ?? was.countedHours,
      };
      await channels
        .transaction(async (repo, tx) => {
          await repo.updateServicePack(id, pack);
          const details = { provider: before.channelName.name, changed: changedFields(was, pack) };
          await audited(ctx, tx, 'channel.pack.update', `pack:${id}`, details);
        })
        .catch((err) => {
          if (isUniqueViolation(err)) throw new ConflictError('packTaken', 'servicePack');
          throw err;
        });
      return mustGetPack(id);
    },

    attributePage: (f: { q?: string; status?: string; providerId?: number; page: number; pageSize: number }) =>
      channels.attributePage({ ...f, offset: (f.page - 1) * f.pageSize, limit: f.pageSize }),

    getAttribute: mustGetAttribute,

    async createAttribute(input: AttributeUpdateInput, ctx: RequestContext): Promise<ChannelAttribute> {
      const v = await values(input);
      return channels.transaction(async (repo, tx) => {
        const id = await repo.insertAttribute(v);
        const made = await mustGetAttribute(id, repo);
        const changes = diff({}, attributeFields(made));
        await repo.record({
          attributeId: id,
          entity: 'attribute',
          entityId: id,
          action: 'create',
          actorId: ctx.actor.id,
          actorName: ctx.actor.username,
          changes,
        });
        await audited(ctx, tx, 'channel.create', `channel:${id}`, changed(changes));
        return made;
      });
    },

    async updateAttribute(id: number, input: AttributeUpdateInput, ctx: RequestContext): Promise<ChannelAttribute> {
      const before = await mustGetAttribute(id);
      const v = await values(input, before);
      return channels.transaction(async (repo, tx) => {
        await repo.updateAttribute(id, v);
        const after = await mustGetAttribute(id, repo);
        const changes = diff(attributeFields(before), attributeFields(after));
        await audited(ctx, tx, 'channel.update', `channel:${id}`, changed(changes));
        if (changes.length) {
          await repo.record({
            attributeId: id,
            entity: 'attribute',
            entityId: id,
            action: 'update',
            actorId: ctx.actor.id,
            actorName: ctx.actor.username,
            changes,
          });
        }
        return after;
      });
    },

    async removeAttribute(id: number, ctx: RequestContext): Promise<void> {
      const before = await mustGetAttribute(id);
      if (await channels.attributeInUse(id)) throw new ConflictError('channelInUse');
      await channels.transaction(async (repo, tx) => {
        await repo.deleteAttribute(id);
        const changes = diff(attributeFields(before), {});
        await repo.record({
          attributeId: id,
          entity: 'attribute',
          entityId: id,
          action: 'delete',
          actorId: ctx.actor.id,
          actorName: ctx.actor.username,
          changes,
        });
        await audited(ctx, tx, 'channel.delete', `channel:${id}`, changed(changes));
      });
    },

    history: (attributeId: number) => channels.history(attributeId),

    detailPage: (f: DetailSearch & { page: number; pageSize: number }) =>
      details(f, (f.page - 1) * f.pageSize, f.pageSize),

    summary: () => channels.summary(),

    /** An empty sheet with the import's columns. */
    template: () =>
      writeSheet(
        'Kênh truyền',
        CHANNEL_COLUMNS.map((c) => c.header),
        [],
      ),

    /** The details that match the search, as a sheet with the import's columns. */
    exportDetails(f: DetailSearch): Promise<Buffer> {
      return exportQueue.run(async () => {
        const { items } = await details(f, 0, EXPORT_MAX_ROWS);
        return buildSheet(
          'Kênh truyền',
          CHANNEL_COLUMNS.map((c) => c.header),
          items.map(exportCells),
        );
      });
    },

    /**
     * Imports rows of a sheet: each adds a channel and its detail, with their history. All or nothing: every bad row
     * is reported (422) and nothing is saved.
     */
    async importRows(rows: Record<string, unknown>[], ctx: RequestContext): Promise<number> {
      const { rows: cells, problems: cellProblems, errors } = normaliseRows(CHANNEL_COLUMNS, rows);
      const checked = cells.map((c, i) => {
        const row = parseChannelRow(c);
        row.problems.unshift(...(cellProblems[i] ?? []));
        return row;
      });
      const parsed = checked.map((c) => c.row);
      const packs = new Map(
        (await channels.servicePacks()).map((p) => [packKey(p.channelName.name, p.servicePack), p]),
      );
      const providers = new Set([...packs.values()].map((p) => p.channelName.name.toLowerCase()));
      const known = await contracts.byNumbers(parsed.map((r) => r.numContract).filter(Boolean));
      checked.forEach(({ row: r, problems }, i) => {
        if (r.numContract && !known.has(r.numContract.toLowerCase())) {
          problems.push({ code: 'contractNotRegistered', params: { value: r.numContract } });
        }
        if (r.provider && r.servicePack && !packs.has(packKey(r.provider, r.servicePack))) {
          problems.push(
            providers.has(r.provider.toLowerCase())
              ? { code: 'unknownServicePack', params: { provider: r.provider, value: r.servicePack } }
              : { code: 'unknownProvider', params: { value: r.provider } },
          );
        }
        if (problems.length) errors.push(rowError(i + 2, problems));
      });
      if (errors.length) throw new InvalidRowsError(errors);

      const { attributeIds, detailIds } = await channels.reserveIds(parsed.length);
      const attributes: (AttributeValues & { id: number })[] = [];
      const detailRows: (DetailValues & { id: number })[] = [];
      const history: HistoryValues[] = [];
      const now = Date.now();
      parsed.forEach((r, i) => {
        const id = attributeIds[i] as number;
        const detailId = detailIds[i] as number;
        const pack = r.provider ? (packs.get(packKey(r.provider, r.servicePack)) ?? null) : null;
        const contract = known.get(r.numContract.toLowerCase()) ?? null;
        const attribute: ChannelAttribute = {
          id,
          name: r.name,
          status: r.status,
          customer: r.customer,
          virtualNum: r.virtualNum,
          usernamePPPoE: r.usernamePPPoE,
          channelValue: pack,
          servicePack: pack?.servicePack ?? '',
          value: pack?.value ?? '',
          createdAt: now,
        };
        attributes.push({
          id,
          name: r.name,
          status: r.status,
          customer: r.customer,
          virtualNum: r.virtualNum,
          usernamePppoe: r.usernamePPPoE,
          servicePackId: pack?.id ?? null,
          availabilityTarget: null,
          countedHours: null,
        });
        const facts: DetailFacts = { ...r, numContract: contract?.numContract ?? null, attributeId: id };
        detailRows.push({
          id: detailId,
          attributeId: id,
          contractId: contract?.id ?? null,
          fees: r.fees,
          routerType: r.routerType,
          ipAddress: r.ipAddress,
          ipType: r.ipType,
          customerMove: r.customerMove,
          deviceStatus: r.deviceStatus,
          regionalEngineer: r.regionalEngineer,
          votesRequire: r.votesRequire,
          ...dateValues(r),
        });
        const by = { actorId: ctx.actor.id, actorName: ctx.actor.username, action: 'create' as const, attributeId: id };
        history.push({ ...by, entity: 'attribute', entityId: id, changes: diff({}, attributeFields(attribute)) });
        history.push({ ...by, entity: 'detail', entityId: detailId, changes: diff({}, detailFields(facts)) });
      });
      await channels.insertImported(attributes, detailRows, history, (tx) =>
        audited(ctx, tx, 'channel.upload', 'channel', { rows: parsed.length, channels: attributeIds }),
      );
      return parsed.length;
    },

    /** Saves a detail: an update when it has an id, else a new one; the change goes to the channel's history. */
    async saveDetail(input: DetailInput, ctx: RequestContext): Promise<{ detail: ChannelDetail; created: boolean }> {
      const before = input.id ? await channels.findDetail(input.id) : undefined;
      if (input.id && !before) throw new NotFoundError('channelDetailNotFound');
      const attributeId = input.channelAttributeId ?? input.channelAttribute?.id;
      if (attributeId === undefined) {
        throw new BadRequestError('fieldRequired', 'channelAttributeId', { field: 'channelAttributeId' });
      }
      await mustGetAttribute(attributeId).catch(() => {
        throw new BadRequestError('unknownChannel', 'channelAttributeId');
      });
      const contractId = linkedId(input.contractId, input.contract) ?? null;
      if (contractId !== null && !(await contracts.find(contractId))) {
        throw new BadRequestError('unknownContract', 'contractId');
      }
      const values: DetailValues = {
        attributeId,
        contractId,
        fees: input.fees === undefined ? (before?.fees ?? null) : input.fees,
        ...(Object.fromEntries(CHANNEL_DETAIL_TEXTS.map((k) => [k, (input[k] ?? before?.[k] ?? '').trim()])) as Record<
          (typeof CHANNEL_DETAIL_TEXTS)[number],
          string
        >),
        ...dateValues(input, before),
      };
      return channels.transaction(async (repo, tx) => {
        const id = before ? before.id : await repo.insertDetail(values);
        if (before) await repo.updateDetail(id, values);
        const after = await repo.findDetail(id);
        if (!after) throw new NotFoundError('channelDetailNotFound');
        const changes = diff(detailFields(before && factsOf(before)), detailFields(factsOf(after)));
        const event = before ? 'channel.detail.update' : 'channel.detail.create';
        await audited(ctx, tx, event, `channelDetail:${id}`, { channel: attributeId, ...changed(changes) });
        if (changes.length) {
          await repo.record({
            attributeId: after.channelAttribute.id,
            entity: 'detail',
            entityId: id,
            action: before ? 'update' : 'create',
            actorId: ctx.actor.id,
            actorName: ctx.actor.username,
            changes,
          });
        }
        return { detail: after, created: !before };
      });
    },

    async removeDetail(id: number, ctx: RequestContext): Promise<void> {
      const before = await channels.findDetail(id);
      if (!before) throw new NotFoundError('channelDetailNotFound');
      await channels.transaction(async (repo, tx) => {
        await repo.deleteDetail(id);
        const changes = diff(detailFields(factsOf(before)), {});
        await repo.record({
          attributeId: before.channelAttribute.id,
          entity: 'detail',
          entityId: id,
          action: 'delete',
          actorId: ctx.actor.id,
          actorName: ctx.actor.username,
          changes,
        });
        const details = { channel: before.channelAttribute.id, ...changed(changes) };
        await audited(ctx, tx, 'channel.detail.delete', `channelDetail:${id}`, details);
      });
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
