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

export type ApiError = { statusCode: number; error: string; message: string; details?: unknown };
