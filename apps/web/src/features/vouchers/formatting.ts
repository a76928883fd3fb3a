const KBPS_PER_MBPS = 1024;

function numberFormat(language: string, maximumFractionDigits = 2): Intl.NumberFormat {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits });
}

/** A rate limit in kbps: '150 Kbps', '2 Mbps' from 1024 kbps up, '—' when not limited. */
export function formatRate(kbps: number | null | undefined, language: string): string {
  if (kbps === null || kbps === undefined) return '—';
  if (kbps >= KBPS_PER_MBPS) return `${numberFormat(language).format(kbps / KBPS_PER_MBPS)} Mbps`;
  return `${numberFormat(language).format(kbps)} Kbps`;
}

/** A byte quota in MB, '—' when not limited. */
export function formatQuotaMb(mb: number | null | undefined, language: string): string {
  if (mb === null || mb === undefined) return '—';
  return `${numberFormat(language).format(mb)} MB`;
}

/** Uses made of those allowed: "2 / 5", "3 / ∞" (quota 0 is no limit). */
export function formatUses(used: number, quota: number, language: string): string {
  const n = numberFormat(language, 0);
  return `${n.format(used)} / ${quota === 0 ? '∞' : n.format(quota)}`;
}
