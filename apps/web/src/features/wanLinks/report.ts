import type { CustomerInfo, LinkState } from '@it4u/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { Cell } from '../../components/download/writeSheet.ts';
import { fold } from '../../components/format/fold.ts';
import { formatUptime } from '../../components/format/units.ts';

export const WANS = [1, 2, 3, 4] as const;
export type WanNumber = (typeof WANS)[number];

/** A WAN of a report row: no provider means no link. */
export type RowWan = { n: WanNumber; provider: string; ip: string; state: LinkState; uptime: number | null };

export function wanOf(row: CustomerInfo, n: WanNumber): RowWan {
  const status = row[`wan${n}Status`];
  return {
    n,
    provider: row[`wan${n}Provider`],
    ip: row[`wan${n}Ip`],
    state: status === 1 ? 'up' : status === 0 ? 'down' : 'unknown',
    uptime: row[`wan${n}Uptime`],
  };
}

/** How long ago a site last pushed ("3 minutes ago"), on the console's clock, in the reader's language. */
export function pushedAgo(row: Pick<CustomerInfo, 'lastPush' | 'pushAge'>): string {
  if (row.lastPush === null || row.pushAge === null) return '';
  return dayjs(row.lastPush).from(row.lastPush + row.pushAge * 1000);
}

/** Whether a row holds the search text in its site, short name, customer, service, or a link's provider or address. */
export function matches(row: CustomerInfo, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  const texts = [row.sitename, row.idname ?? '', row.customer ?? '', row.groupClient];
  for (const n of WANS) texts.push(row[`wan${n}Provider`], row[`wan${n}Ip`]);
  return texts.some((text) => fold(text).includes(q));
}

/** A share in %, one decimal, in the reader's language: en '90.9 %', vi '90,9 %'. */
export function formatPercent(value: number | null, language: string): string {
  if (value === null) return '—';
  const text = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 1 }).format(value);
  return `${text} %`;
}

/** The report as spreadsheet rows: the header, then a row per site as the table shows it. */
export function reportSheetRows(rows: readonly CustomerInfo[], t: TFunction): Cell[][] {
  const header: Cell[] = [
    t('wanLinks.columns.site'),
    t('wanLinks.columns.idname'),
    t('wanLinks.columns.customer'),
    t('wanLinks.columns.service'),
    t('wanLinks.columns.apConnected'),
    t('wanLinks.columns.apDisconnected'),
  ];
  for (const n of WANS) {
    header.push(
      t('wanLinks.sheet.provider', { n }),
      t('wanLinks.sheet.ip', { n }),
      t('wanLinks.sheet.status', { n }),
      t('wanLinks.sheet.uptime', { n }),
    );
  }
  header.push(t('wanLinks.columns.lb'), t('wanLinks.columns.lastPush'), t('wanLinks.sheet.state'));
  const body = rows.map((row) => {
    const cells: Cell[] = [
      row.sitename,
      row.idname ?? '',
      row.customer ?? '',
      row.groupClient,
      row.apconnected ?? '',
      row.apdisconnected ?? '',
    ];
    for (const n of WANS) {
      const w = wanOf(row, n);
      cells.push(
        w.provider,
        w.ip,
        w.provider ? t(`wanLinks.state.${w.state}`) : '',
        w.uptime === null ? '' : formatUptime(w.uptime, t),
      );
    }
    cells.push(
      row.uptimeLb === null ? '' : formatUptime(row.uptimeLb, t),
      row.lastPush === null ? '' : dayjs(row.lastPush).format('DD-MM-YYYY HH:mm'),
      row.stale ? t('wanLinks.stale') : row.down ? t('wanLinks.siteState.down') : t('wanLinks.siteState.ok'),
    );
    return cells;
  });
  return [header, ...body];
}
