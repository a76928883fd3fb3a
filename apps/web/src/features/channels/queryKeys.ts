export type AttributeParams = { page: number; pageSize: number; q: string; status: string; providerId: number | null };
export type DetailParams = AttributeParams & { fromDate: number | null; toDate: number | null };

export const channelKeys = {
  all: ['channel'] as const,
  providers: () => [...channelKeys.all, 'providers'] as const,
  servicePacks: (providerId: number | 'all') => [...channelKeys.all, 'servicePacks', providerId] as const,
  attributes: () => [...channelKeys.all, 'attributes'] as const,
  attributeList: (params: AttributeParams) => [...channelKeys.attributes(), 'list', params] as const,
  attributeOptions: (q: string) => [...channelKeys.attributes(), 'options', q] as const,
  details: () => [...channelKeys.all, 'details'] as const,
  detailList: (params: DetailParams) => [...channelKeys.details(), 'list', params] as const,
  summary: () => [...channelKeys.all, 'summary'] as const,
  history: (attributeId: number) => [...channelKeys.all, 'history', attributeId] as const,
};
