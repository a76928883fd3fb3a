import type { VoucherPageInput } from '@it4u/shared';

export const voucherKeys = {
  all: ['voucher'] as const,
  list: (site: string) => [...voucherKeys.all, 'list', site] as const,
  page: (site: string, params: VoucherPageInput) => [...voucherKeys.list(site), params] as const,
};
