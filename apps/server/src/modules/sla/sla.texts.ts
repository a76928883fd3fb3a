import type { CountedHours } from '@it4u/shared/api';

/** The words of the availability report the server writes (its PDF and its mail), in the reader's language. */
const TEXTS = {
  en: {
    title: "Providers' availability",
    customerTitle: 'Availability of your links',
    month: 'Month {{month}}',
    period: 'From {{from}} to {{to}} (Asia/Ho_Chi_Minh)',
    hours: { all: 'All day', business: 'Business hours (Mon–Fri 08:00–17:00)' } satisfies Record<CountedHours, string>,
    hoursShort: { all: 'all day', business: 'business' } satisfies Record<CountedHours, string>,
    made: 'Made on {{at}}',
    about:
      'Measured from the routers’ reports of their WAN links. Unknown time (the router silent) is counted neither as up nor as down.',
    chart: 'Availability per provider',
    providers: 'Per provider',
    servicePacks: 'Per service pack, against its contract',
    customers: 'Per customer',
    breaches: 'Links below their contract',
    links: 'Links',
    noBreach: 'No link fell below its contract.',
    nothing: 'Nothing was measured in this period.',
    noCustomer: '(no customer)',
    columns: {
      provider: 'Provider',
      pack: 'Service pack',
      target: 'Contracted',
      customer: 'Customer',
      site: 'Site',
      wan: 'WAN',
      links: 'Links',
      availability: 'Availability',
      down: 'Downtime',
      outages: 'Outages',
      longest: 'Longest',
      mttr: 'MTTR',
      unknown: 'Unknown',
      breaches: 'Below',
      measured: 'Measured',
    },
    units: { d: 'd', h: 'h', min: 'min' },
    page: 'Page {{n}} of {{of}}',
    subject: "Providers' availability, {{month}}",
    customerSubject: 'Availability of your links, {{month}}',
    mailText:
      'The availability report of {{month}} is attached (PDF). {{providers}} providers, {{links}} links, {{breaches}} below their contract.',
    customerMailText: 'The availability of your links in {{month}} is attached (PDF).',
    file: 'availability-{{month}}',
  },
  vi: {
    title: 'Độ khả dụng của nhà cung cấp',
    customerTitle: 'Độ khả dụng các đường truyền của quý khách',
    month: 'Tháng {{month}}',
    period: 'Từ {{from}} đến {{to}} (giờ Việt Nam)',
    hours: { all: 'Cả ngày', business: 'Giờ hành chính (T2–T6, 08:00–17:00)' } satisfies Record<CountedHours, string>,
    hoursShort: { all: 'cả ngày', business: 'giờ HC' } satisfies Record<CountedHours, string>,
    made: 'Lập lúc {{at}}',
    about:
      'Đo từ báo cáo đường WAN của các router. Thời gian không rõ (router không báo) không tính là hoạt động cũng không tính là mất kết nối.',
    chart: 'Độ khả dụng theo nhà cung cấp',
    providers: 'Theo nhà cung cấp',
    servicePacks: 'Theo gói dịch vụ, so với hợp đồng',
    customers: 'Theo khách hàng',
    breaches: 'Đường truyền dưới mức hợp đồng',
    links: 'Đường truyền',
    noBreach: 'Không đường truyền nào dưới mức hợp đồng.',
    nothing: 'Không có số đo nào trong kỳ này.',
    noCustomer: '(không có khách hàng)',
    columns: {
      provider: 'Nhà cung cấp',
      pack: 'Gói dịch vụ',
      target: 'Cam kết',
      customer: 'Khách hàng',
      site: 'Điểm',
      wan: 'WAN',
      links: 'Số đường',
      availability: 'Khả dụng',
      down: 'Thời gian mất',
      outages: 'Số lần mất',
      longest: 'Lâu nhất',
      mttr: 'TG khôi phục TB',
      unknown: 'Không rõ',
      breaches: 'Dưới mức',
      measured: 'Đo được',
    },
    units: { d: 'ngày', h: 'giờ', min: 'phút' },
    page: 'Trang {{n}}/{{of}}',
    subject: 'Độ khả dụng của nhà cung cấp, tháng {{month}}',
    customerSubject: 'Độ khả dụng các đường truyền của quý khách, tháng {{month}}',
    mailText:
      'Đính kèm báo cáo độ khả dụng tháng {{month}} (PDF). {{providers}} nhà cung cấp, {{links}} đường truyền, {{breaches}} đường dưới mức hợp đồng.',
    customerMailText: 'Đính kèm độ khả dụng các đường truyền của quý khách trong tháng {{month}} (PDF).',
    file: 'kha-dung-{{month}}',
  },
};

export type SlaLanguage = keyof typeof TEXTS;
export type SlaTexts = (typeof TEXTS)['en'];

export const slaTexts = (language: SlaLanguage): SlaTexts => TEXTS[language];

/** A text with its {{placeholders}} filled. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A length of time, rounded to the minute: "2 d 3 h 05 min", "0 min"; a time under a minute but not none: "< 1 min". */
export function durationText(ms: number | null, t: SlaTexts): string {
  if (ms === null) return '—';
  if (ms > 0 && ms < 30_000) return `< 1 ${t.units.min}`;
  const total = Math.round(ms / 60_000);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${t.units.d}`);
  if (hours > 0) parts.push(`${hours} ${t.units.h}`);
  if (minutes > 0 || parts.length === 0) parts.push(`${minutes} ${t.units.min}`);
  return parts.join(' ');
}
