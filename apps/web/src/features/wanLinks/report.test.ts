import type { CustomerInfo } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../i18n/i18n.ts';
import { formatPercent, matches, pushedAgo, reportSheetRows, wanOf } from './report.ts';

const row = (over: Partial<CustomerInfo> = {}): CustomerInfo => ({
  id: 1,
  sitename: 'Khách sạn Hoa Mai',
  groupClient: 'FTTH',
  idname: 'hoamai01',
  known: true,
  customer: '=Công ty Hoa Mai',
  customerId: 3,
  apconnected: 3,
  apdisconnected: 1,
  wan1Provider: 'VNPT',
  wan1Ip: '14.160.1.2',
  wan1Status: 0,
  wan1Uptime: null,
  wan2Provider: 'Viettel',
  wan2Ip: '27.72.1.1',
  wan2Status: 1,
  wan2Uptime: 90_061,
  wan3Provider: '',
  wan3Ip: '',
  wan3Status: null,
  wan3Uptime: null,
  wan4Provider: '',
  wan4Ip: '',
  wan4Status: null,
  wan4Uptime: null,
  uptimeLb: 3600,
  lastPush: Date.UTC(2026, 4, 6, 5, 0),
  pushAge: 180,
  stale: false,
  down: true,
  ...over,
});

describe('the customer report in the browser', () => {
  it('reads each WAN of a row, and finds rows without case or Vietnamese marks', () => {
    expect(wanOf(row(), 1)).toEqual({ n: 1, provider: 'VNPT', ip: '14.160.1.2', state: 'down', uptime: null });
    expect(wanOf(row(), 3).state).toBe('unknown');
    expect(matches(row(), 'khach san hoa')).toBe(true);
    expect(matches(row(), '27.72')).toBe(true);
    expect(matches(row(), 'cong ty')).toBe(true);
    expect(matches(row(), 'FPT')).toBe(false);
    expect(matches(row(), '  ')).toBe(true);
  });

  it('writes percentages and the spreadsheet in the reader language, formulas escaped', async () => {
    expect(formatPercent(90.909, 'en')).toBe('90.9 %');
    expect(formatPercent(90.909, 'vi')).toBe('90,9 %');
    expect(formatPercent(null, 'vi')).toBe('—');
    // on the console's clock, whatever the browser's
    expect(pushedAgo(row())).toBe('3 minutes ago');
    expect(pushedAgo(row({ lastPush: null, pushAge: null }))).toBe('');
    const t = i18n.t.bind(i18n);
    const [header, first] = reportSheetRows([row()], t);
    expect(header?.slice(0, 3)).toEqual(['Site', 'Short name', 'Customer']);
    expect(first?.slice(0, 6)).toEqual(['Khách sạn Hoa Mai', 'hoamai01', '=Công ty Hoa Mai', 'FTTH', 3, 1]);
    expect(first?.slice(6, 14)).toEqual([
      'VNPT',
      '14.160.1.2',
      'Down',
      '',
      'Viettel',
      '27.72.1.1',
      'Up',
      '1d 01:01:01',
    ]);
    await applyLanguage('vi');
    expect(pushedAgo(row())).toBe('3 phút trước');
    const [vi] = reportSheetRows([row({ stale: true })], i18n.t.bind(i18n)).slice(1);
    expect(vi?.at(-1)).toBe('Không cập nhật');
    await applyLanguage('en');
  });
});
