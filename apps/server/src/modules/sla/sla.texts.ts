import type { CountedHours } from '@it4u/shared/api';

/** The words of the availability report the server writes (its PDF and its mail), in the reader's language. */
const TEXTS = {
  en: {
    title: "Providers' availability",
    customerTitle: 'Availability of your WAN links',
    month: 'Month {{month}}',
    period: 'From {{from}} to {{to}} (Asia/Ho_Chi_Minh)',
    hours: { all: 'All day', business: 'Business hours (Mon–Fri 08:00–17:00)' } satisfies Record<CountedHours, string>,
    hoursShort: { all: 'all day', business: 'business' } satisfies Record<CountedHours, string>,
    made: 'Made on {{at}}',
    about:
      "Measured from the WAN links of the customer report, in Vietnam's days. Time when a router sent nothing is shown apart as unknown, never counted as up or down.",
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
    customerSubject: 'Availability of your WAN links, {{month}}',
    mailText:
      'The availability report of {{month}} is attached (PDF). {{providers}} providers, {{links}} links, {{breaches}} below their contract.',
    customerMailText: 'The availability of your WAN links in {{month}} is attached (PDF).',
    file: 'availability-{{month}}',
  },
  vi: {
    title: 'Độ sẵn sàng của nhà cung cấp',
    customerTitle: 'Độ sẵn sàng các đường WAN của quý khách',
    month: 'Tháng {{month}}',
    period: 'Từ {{from}} đến {{to}} (giờ Việt Nam)',
    hours: { all: 'Cả ngày', business: 'Giờ hành chính (T2–T6, 08:00–17:00)' } satisfies Record<CountedHours, string>,
    hoursShort: { all: 'cả ngày', business: 'giờ HC' } satisfies Record<CountedHours, string>,
    made: 'Lập lúc {{at}}',
    about:
      'Đo từ các đường WAN của báo cáo khách hàng, theo ngày giờ Việt Nam. Thời gian router không gửi dữ liệu được ghi riêng là không rõ, không tính là hoạt động hay mất kết nối.',
    chart: 'Độ sẵn sàng theo nhà cung cấp',
    providers: 'Theo nhà cung cấp',
    servicePacks: 'Theo gói dịch vụ, so với cam kết',
    customers: 'Theo khách hàng',
    breaches: 'Đường WAN dưới cam kết',
    links: 'Đường WAN',
    noBreach: 'Không đường WAN nào dưới cam kết.',
    nothing: 'Không có đường WAN nào được đo trong kỳ này.',
    noCustomer: '(site không thuộc khách hàng nào)',
    columns: {
      provider: 'Nhà cung cấp',
      pack: 'Gói dịch vụ',
      target: 'Cam kết',
      customer: 'Khách hàng',
      site: 'Site',
      wan: 'WAN',
      links: 'Số đường',
      availability: 'Độ sẵn sàng',
      down: 'Thời gian mất kết nối',
      outages: 'Số lần mất kết nối',
      longest: 'Lần mất lâu nhất',
      mttr: 'TG khôi phục TB',
      unknown: 'Không rõ',
      breaches: 'Dưới cam kết',
      measured: 'Đo được',
    },
    units: { d: 'ngày', h: 'giờ', min: 'phút' },
    page: 'Trang {{n}}/{{of}}',
    subject: 'Độ sẵn sàng của nhà cung cấp, tháng {{month}}',
    customerSubject: 'Độ sẵn sàng các đường WAN của quý khách, tháng {{month}}',
    mailText:
      'Đính kèm báo cáo độ sẵn sàng tháng {{month}} (PDF). {{providers}} nhà cung cấp, {{links}} đường WAN, {{breaches}} đường dưới cam kết.',
    customerMailText: 'Đính kèm độ sẵn sàng các đường WAN của quý khách trong tháng {{month}} (PDF).',
    file: 'do-san-sang-{{month}}',
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
