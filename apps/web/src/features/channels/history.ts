import {
  CHANNEL_DETAIL_DATES,
  CHANNEL_DETAIL_TEXTS,
  type ChannelChange,
  type ChannelHistoryEntry,
  formatAvailability,
} from '@it4u/shared';
import type { TFunction } from 'i18next';
import { formatDate, formatMoney } from '../../components/format/formatting.ts';
import { DEVICE_STATUS_KEYS, isChannelStatus, isDeviceStatus } from './statuses.ts';

/** The fields a history entry may name (server side: the attribute's and the detail's fields). */
export const HISTORY_FIELDS = [
  'name',
  'status',
  'customer',
  'virtualNum',
  'usernamePPPoE',
  'servicePack',
  'availabilityTarget',
  'countedHours',
  'contract',
  'channel',
  'fees',
  ...CHANNEL_DETAIL_TEXTS,
  ...CHANNEL_DETAIL_DATES,
] as const;

const DATE_FIELDS = new Set<string>(CHANNEL_DETAIL_DATES);
const KNOWN_FIELDS = new Set<string>(HISTORY_FIELDS);

/** Newest first, whatever order they came in. */
export function newestFirst(entries: ChannelHistoryEntry[]): ChannelHistoryEntry[] {
  return [...entries].sort((a, b) => b.at - a.at || b.id - a.id);
}

/** The translated name of a field; an unknown field shows as it is. */
export function fieldLabel(field: string, t: TFunction): string {
  return KNOWN_FIELDS.has(field) ? t(`channels.fields.${field}`) : field;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The changes worth showing: a field that was empty and stays empty (e.g. on a create) is left out. */
export function shownChanges(entry: ChannelHistoryEntry): ChannelChange[] {
  return entry.changes.filter((change) => !(isEmpty(change.old) && isEmpty(change.new)));
}

/** The channel the history is about: a detail's `channel` field names it by id. */
export type HistoryChannel = { id: number; name: string };

/** A value as the history shows it: dates (epoch ms) as dates, statuses translated, '—' for none. */
export function historyValue(
  field: string,
  value: unknown,
  t: TFunction,
  language: string,
  channel?: HistoryChannel,
): string {
  if (isEmpty(value)) return t('channels.history.none');
  if (DATE_FIELDS.has(field)) {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return formatDate(ms) || String(value);
  }
  if (field === 'status' && isChannelStatus(value)) return t(`channels.status.${value}`);
  if (field === 'deviceStatus' && isDeviceStatus(value)) return t(`channels.deviceStatus.${DEVICE_STATUS_KEYS[value]}`);
  if (field === 'fees' && typeof value === 'number') return formatMoney(value, language);
  if (field === 'availabilityTarget' && typeof value === 'number') return formatAvailability(value, language);
  if (field === 'countedHours' && (value === 'all' || value === 'business'))
    return t(value === 'all' ? 'sla.hoursAll' : 'sla.hoursBusiness');
  if (field === 'channel' && typeof value === 'number') {
    return channel && channel.id === value && channel.name ? channel.name : `#${value}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What the entry is about: the channel itself or one of its details. */
export function entityLabel(entry: ChannelHistoryEntry, t: TFunction): string {
  return entry.entity === 'detail'
    ? t('channels.history.entity.detail', { id: entry.entityId })
    : t('channels.history.entity.attribute');
}
