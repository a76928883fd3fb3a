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
