import { CHANNEL_DEVICE_STATUSES, CHANNEL_STATUSES, type ChannelStatus } from '@it4u/shared';

export type DeviceStatus = (typeof CHANNEL_DEVICE_STATUSES)[number];

/** i18n key of each device status (the values themselves are Vietnamese without diacritics). */
export const DEVICE_STATUS_KEYS: Record<DeviceStatus, string> = {
  'Chua thu hoi': 'notRecovered',
  'Da thu hoi': 'recovered',
  'Dich chuyen': 'relocated',
  'Hoat dong': 'active',
  'KH lam mat thiet bi': 'customerLost',
  'VNPT thu hoi': 'recoveredByVnpt',
};

export function isChannelStatus(value: unknown): value is ChannelStatus {
  return typeof value === 'string' && (CHANNEL_STATUSES as readonly string[]).includes(value);
}

export function isDeviceStatus(value: unknown): value is DeviceStatus {
  return typeof value === 'string' && (CHANNEL_DEVICE_STATUSES as readonly string[]).includes(value);
}

/** The class of a channel row: online, offline, suspend, else warning. */
export function statusRowClass(status: string | null | undefined): 'online' | 'offline' | 'suspend' | 'warning' {
  if (status === 'online' || status === 'offline' || status === 'suspend') return status;
  return 'warning';
}

/** The tag colour of a status, matching its row class. */
export function statusColor(status: string | null | undefined): string {
  const colors = { online: 'green', offline: 'default', suspend: 'red', warning: 'gold' } as const;
  return colors[statusRowClass(status)];
}

/** The colour of a status in the summary chart. */
export const STATUS_CHART_COLORS: Record<ChannelStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  moved: '#1677ff',
  paused: '#faad14',
  pending: '#fa8c16',
  suspend: '#ff4d4f',
};
