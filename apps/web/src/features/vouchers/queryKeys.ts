export const voucherKeys = {
  all: ['voucher'] as const,
  list: (site: string) => [...voucherKeys.all, 'list', site] as const,
};
