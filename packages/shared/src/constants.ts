/** Business constants: refresh periods, page sizes, voucher options, units and the like. */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 50, 100, 200] as const;
export const MAX_PAGE_SIZE = 200;
export const TABLE_SCROLL_Y = 500;
export const NOTICE_TOP_PX = 70;
export const NOTICE_SECONDS = 3;
export const DASHBOARD_REFRESH_MS = 30_000;
export const HOTSPOT_WINDOW_MS = 2_592_000_000;
export const BYTES_PER_GB = 1_073_741_824;
export const BYTES_PER_MBPS = 1_048_576;
/** The reports a dashboard reads: 5-minute, hourly and daily rows of the controller's site report. */
export const REPORT_INTERVALS = ['5minutes', 'hourly', 'daily'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export const VOUCHER_EXPIRE_MINUTES = [480, 1440, 2880, 5760, 10080] as const;
export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';
/** A session counts as online when used within this window. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Chat: the most characters a message may hold, and the silence that starts a new group of messages. */
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_GROUP_SPLIT_MS = 60 * 60_000;

/** The operator's time zone: calendar days in exports are days here. */
export const OPERATOR_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The days of a wireless network's schedule, as the controller names them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The weekdays' English names, for the server's English messages (the web app says them in the reader's language). */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Wifi security the console sets: open, or WPA personal with a passphrase (others are shown, not written). */
export const WLAN_SECURITIES = ['open', 'wpapsk'] as const;

/** How a hotspot's guests get in: accepting the terms, a password, or a voucher. */
export const HOTSPOT_AUTHS = ['none', 'password', 'hotspot'] as const;

/** A customer site's router pushes its WAN links (1 to 4) every 4 minutes; after 3 missed pushes the site is stale. */
export const WAN_LINKS = [1, 2, 3, 4] as const;
export const WAN_PUSH_INTERVAL_MS = 4 * 60_000;
export const WAN_STALE_AFTER_MS = 3 * WAN_PUSH_INTERVAL_MS;
