import {
  CHANNEL_DETAIL_DATES,
  type ChannelAttribute,
  type ChannelDetail,
  type ChannelStatus,
  type ContractRef,
  type DetailInput,
} from '@it4u/shared';
import dayjs, { type Dayjs } from 'dayjs';

export type DetailDateField = (typeof CHANNEL_DETAIL_DATES)[number];

/** A row of the details table; a new row has no id (and no channel) until it is saved. */
export type DetailRow = Omit<ChannelDetail, 'id' | 'channelAttribute'> & {
  id: number | null;
  channelAttribute: ChannelAttribute | null;
};

/** The fields of the row in edit mode. The status is the channel's (its attribute's), not the detail's. */
export type DetailFormValues = {
  channel: ChannelAttribute | null;
  contract: ContractRef | null;
  status: ChannelStatus | undefined;
  fees: number | null;
  routerType: string;
  ipAddress: string;
  ipType: string;
  customerMove: string;
  deviceStatus: string | undefined;
  regionalEngineer: string;
  votesRequire: string;
} & Record<DetailDateField, Dayjs | null>;

/** A new status of a row's channel (the status belongs to the channel attribute, not to the detail). */
export type StatusChange = { attributeId: number; status: ChannelStatus };

const noDates = () => Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, null])) as Record<DetailDateField, null>;

export function newDetailRow(now: number = Date.now()): DetailRow {
  return {
    id: null,
    fees: null,
    routerType: '',
    ipAddress: '',
    ipType: '',
    customerMove: '',
    deviceStatus: '',
    regionalEngineer: '',
    votesRequire: '',
    createdAt: now,
    contract: null,
    channelAttribute: null,
    ...noDates(),
  };
}

export function toFormValues(row: DetailRow): DetailFormValues {
  const dates = Object.fromEntries(
    CHANNEL_DETAIL_DATES.map((k) => [k, row[k] === null ? null : dayjs(row[k])]),
  ) as Record<DetailDateField, Dayjs | null>;
  return {
    channel: row.channelAttribute,
    contract: row.contract,
    status: row.channelAttribute?.status,
    fees: row.fees,
    routerType: row.routerType,
    ipAddress: row.ipAddress,
    ipType: row.ipType,
    customerMove: row.customerMove,
    deviceStatus: row.deviceStatus || undefined,
    regionalEngineer: row.regionalEngineer,
    votesRequire: row.votesRequire,
    ...dates,
  };
}

/**
 * A picked date as epoch ms (the save sends millisecond timestamps). A date left on the
 * row's own day keeps its exact value, so that saving an untouched row changes nothing in its history; a
 * newly picked day is sent as its start.
 */
export function dateToMs(picked: Dayjs | null | undefined, previous: number | null): number | null {
  if (!picked) return null;
  if (previous !== null && picked.isSame(dayjs(previous), 'day')) return previous;
  return picked.startOf('day').valueOf();
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * An empty value is sent as null only to clear what the row had; an empty field of a new row, or one that
 * was already empty, is left out (which also keeps the server from reading such a null as 0).
 */
function emptyAsAbsent<V>(value: V | null, previous: V | null, isNew: boolean): V | null | undefined {
  if (value !== null) return value;
  return isNew || previous === null ? undefined : null;
}

/**
 * The body of the save (POST /it4u/channel/detail), dates as epoch ms; `row` is the row as it was before editing.
 * A field left out keeps its value (a new detail: none); null clears it.
 */
export function toDetailBody(values: DetailFormValues, row: DetailRow): DetailInput {
  if (!values.channel) throw new Error('A channel detail needs a channel.');
  const isNew = row.id === null;
  const body: DetailInput = {
    id: row.id,
    channelAttributeId: values.channel.id,
    contractId: emptyAsAbsent(values.contract?.id ?? null, row.contract?.id ?? null, isNew),
    fees: emptyAsAbsent(values.fees ?? null, row.fees, isNew),
    routerType: text(values.routerType),
    ipAddress: text(values.ipAddress),
    ipType: text(values.ipType),
    customerMove: text(values.customerMove),
    deviceStatus: values.deviceStatus ?? '',
    regionalEngineer: text(values.regionalEngineer),
    votesRequire: text(values.votesRequire),
  };
  for (const k of CHANNEL_DETAIL_DATES) body[k] = emptyAsAbsent(dateToMs(values[k], row[k]), row[k], isNew);
  // Left-out fields are not sent at all.
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as DetailInput;
}

/** The new status of the row's channel, or null when it stays. */
export function statusChange(values: DetailFormValues): StatusChange | null {
  if (!values.channel || !values.status || values.status === values.channel.status) return null;
  return { attributeId: values.channel.id, status: values.status };
}
