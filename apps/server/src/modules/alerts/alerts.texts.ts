import { VIETNAM_OFFSET_MS } from '@it4u/shared';
import type { Alert, AlertKind } from '@it4u/shared/api';

type Language = 'English' | 'Vietnamese';

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

const TEXTS = {
  English: {
    kinds: {
      apDown: 'Access point {name} is disconnected',
      siteError: 'The wifi of {site} is in error',
      controllerDown: 'Controller {name} cannot be reached',
      wanDown: 'WAN {wan} ({provider}) of {name} is down',
      routerSilent: 'The router of {name} has stopped reporting',
      channelDown: 'Channel {name} is {status}',
      jobFailed: '{job} failed',
      stockLow: '{name} ({code}): {onHand} in stock, under the minimum of {minimum}',
      hostKeyChanged: 'Host {host}:{port} offers a changed SSH key',
      vouchersLow: 'Voucher batch {batch} of {site}: {left} of {total} left',
    } satisfies Record<AlertKind, string>,
    jobs: { reportMail: 'The scheduled report mail', slaMail: 'The monthly availability mail', backup: 'The backup' },
    status: { offline: 'offline', suspend: 'suspended' } as Record<string, string>,
    opened: 'Alert',
    resolved: 'Resolved',
    since: 'since',
    until: 'until',
    subject: (n: number) => `IT4U: ${n} alert${n === 1 ? '' : 's'} opened or resolved`,
    intro: 'What the console saw open and resolve:',
    more: 'The open alerts:',
  },
  Vietnamese: {
    kinds: {
      apDown: 'Điểm truy cập {name} mất kết nối',
      siteError: 'Wifi của {site} đang lỗi',
      controllerDown: 'Không kết nối được controller {name}',
      wanDown: 'WAN {wan} ({provider}) của {name} bị mất',
      routerSilent: 'Router của {name} đã ngừng gửi dữ liệu',
      channelDown: 'Kênh {name}: {status}',
      jobFailed: '{job} thất bại',
      stockLow: '{name} ({code}): còn {onHand}, dưới mức tối thiểu {minimum}',
      hostKeyChanged: 'Máy {host}:{port} đưa ra khoá SSH đã đổi',
      vouchersLow: 'Lô voucher {batch} của {site}: còn {left}/{total}',
    } satisfies Record<AlertKind, string>,
    jobs: { reportMail: 'Thư báo cáo định kỳ', slaMail: 'Thư độ sẵn sàng hằng tháng', backup: 'Bản sao lưu' },
    status: { offline: 'ngoại tuyến', suspend: 'tạm ngưng' } as Record<string, string>,
    opened: 'Cảnh báo',
    resolved: 'Đã hết',
    since: 'từ',
    until: 'đến',
    subject: (n: number) => `IT4U: ${n} cảnh báo mở hoặc đã hết`,
    intro: 'Những gì bảng điều khiển thấy mở và hết:',
    more: 'Các cảnh báo đang mở:',
  },
};

export const alertTexts = (language: Language) => TEXTS[language];

/** What an alert says, in a language: its kind with what it names (the web app says the same from its own texts). */
export function alertTitle(alert: Pick<Alert, 'kind' | 'params' | 'site' | 'siteName'>, language: Language): string {
  const t = TEXTS[language];
  const p = alert.params;
  const values: Record<string, string | number> = { ...p, site: alert.siteName ?? alert.site ?? '' };
  if (alert.kind === 'jobFailed') values.job = t.jobs[p.job as keyof typeof t.jobs] ?? String(p.job);
  if (alert.kind === 'channelDown') values.status = t.status[String(p.status)] ?? String(p.status);
  // a batch by its note, else by when it was made
  if (alert.kind === 'vouchersLow') values.batch = p.note ? `"${p.note}"` : vietnamTime(Number(p.made));
  return fill(t.kinds[alert.kind], values);
}

/** A time in Vietnam, as the mails and webhooks say it: 06-05-2026 09:30. */
export function vietnamTime(ms: number): string {
  const d = new Date(ms + VIETNAM_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
