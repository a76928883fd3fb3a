import type { ApiErrorCode, ErrorParams } from './apiErrors.ts';
import type { Gender, Language, RoleName, UserStatus, UserType } from './roles.ts';

export type Site = { id: number; sitename: string; idname: string };
export type SiteRef = { sitename: string; idname: string };

export type CurrentUser = {
  id: number;
  name: string;
  username: string;
  email: string;
  gender: Gender;
  language: Language;
  type: UserType;
  status: UserStatus;
  changePw: boolean;
  roles: { name: RoleName }[];
  sitename: SiteRef[];
};

export type UserRow = CurrentUser & { lastTimeLogin: number; numLogin: number };

export type Page<T> = { items: T[]; total: number };

export type Tokens = { accessToken: string; refreshToken: string };

/** The body of every error answer: a code of API_ERRORS with its parameters, and the English text. */
export type ApiError = {
  statusCode: number;
  error: string;
  code: ApiErrorCode;
  params?: ErrorParams;
  message: string;
  details?: unknown;
};

/** A hotspot voucher as the console shows it (times in ms, duration in minutes, limits in kbps and MB). */
export type Voucher = {
  id: string;
  _id: string;
  /** 12345-67890 */
  code: string;
  createTime: number;
  /** minutes */
  duration: number;
  /** uses allowed (0 = unlimited) */
  quota: number;
  used: number;
  note: string;
  /** kbps, null when not limited */
  up: number | null;
  down: number | null;
  /** MB, null when not limited */
  byteQuota: number | null;
  status: string;
};

export type ConnectedDevice = {
  mac: string;
  /** host name, else the name given on the controller, else the MAC */
  name: string;
  essid: string;
  ip: string;
  apMac: string;
  apName: string;
  /** '2.4 GHz' | '5 GHz' | '6 GHz' | '' (wired) */
  band: string;
  /** bytes sent to the device (tx_bytes) */
  download: number;
  /** bytes received from the device (rx_bytes) */
  upload: number;
  /** seconds */
  uptime: number;
  isGuest: boolean;
};

export type BlockedDevice = { mac: string; name: string; firstSeen: number; lastSeen: number };
