/** Transmission-channel register: shapes shared by the server and the web app. */

export const CHANNEL_STATUSES = ['online', 'offline', 'moved', 'paused', 'pending', 'suspend'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];
export const DEFAULT_CHANNEL_STATUS: ChannelStatus = 'offline';

/** Device statuses of a channel detail (Vietnamese values as stored; the web translates them). */
export const CHANNEL_DEVICE_STATUSES = [
  'Chua thu hoi',
  'Da thu hoi',
  'Dich chuyen',
  'Hoat dong',
  'KH lam mat thiet bi',
  'VNPT thu hoi',
] as const;

/** The text fields of a channel detail. */
export const CHANNEL_DETAIL_TEXTS = [
  'routerType',
  'ipAddress',
  'ipType',
  'customerMove',
  'deviceStatus',
  'regionalEngineer',
  'votesRequire',
] as const;

export const CHANNEL_DETAIL_DATES = [
  'dateRequestStop',
  'dateOnline',
  'dateStop',
  'dateOnlineRequest',
  'dateAcceptance',
  'deployRequestDate',
] as const;

/** The fields of a channel detail that are its own: fees, texts and dates. */
export type ChannelDetailFields = { fees: number | null } & Record<(typeof CHANNEL_DETAIL_TEXTS)[number], string> &
  Record<(typeof CHANNEL_DETAIL_DATES)[number], number | null>;
