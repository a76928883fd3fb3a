import type { ContractRef } from './supplies.ts';
/** Transmission-channel register: shapes shared by the server and the web app. */

export const CHANNEL_STATUSES = ['online', 'offline', 'moved', 'paused', 'pending', 'suspend'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];
export const DEFAULT_CHANNEL_STATUS: ChannelStatus = 'offline';

export type ChannelProvider = { id: number; name: string };

export type ServicePack = { id: number; servicePack: string; value: string; channelName: ChannelProvider };

export type ChannelAttribute = {
  id: number;
  name: string;
  status: ChannelStatus;
  customer: string;
  virtualNum: string;
  usernamePPPoE: string;
  channelValue: ServicePack | null;
  createdAt: number;
};

export type ChannelChange = { field: string; old: unknown; new: unknown };

export type ChannelHistoryEntry = {
  id: number;
  entity: 'attribute' | 'detail';
  entityId: number;
  action: 'create' | 'update' | 'delete';
  at: number;
  actorName: string;
  changes: ChannelChange[];
};

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

export type ChannelDetail = ChannelDetailFields & {
  id: number;
  createdAt: number;
  contract: ContractRef | null;
  channelAttribute: ChannelAttribute;
};

/** Channels per status (all six, zeros included) and per provider (id null: channels without a service pack). */
export type ChannelSummary = {
  byStatus: { status: ChannelStatus; count: number }[];
  byProvider: { id: number | null; name: string; count: number }[];
};
