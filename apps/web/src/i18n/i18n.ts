import { API_ERRORS, FIELD_PROBLEMS, type Language } from '@it4u/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enScreens from './en.json';
import vi from './vi.json';

export type AppLanguage = 'en' | 'vi';

const STORAGE_KEY = 'language';

/** English: the screens' texts, and the API's error texts from their one source, the shared package. */
export const en = { ...enScreens, apiErrors: API_ERRORS, fieldProblems: FIELD_PROBLEMS };

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

function storedLanguage(): AppLanguage {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'vi') return saved;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('vi') ? 'vi' : 'en';
}

const initial = storedLanguage();
dayjs.locale(initial);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, vi: { translation: vi } },
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'vi'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

export function currentLanguage(): AppLanguage {
  return i18n.language === 'vi' ? 'vi' : 'en';
}

/** Switches i18next, dayjs and (through ConfigProvider, which listens to i18next) antd at once. */
export async function applyLanguage(language: AppLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export function toAppLanguage(language: Language): AppLanguage {
  return language === 'Vietnamese' ? 'vi' : 'en';
}

export function toUserLanguage(language: AppLanguage): Language {
  return language === 'vi' ? 'Vietnamese' : 'English';
}

/** A day and month as the language writes them, like its full dates ('L'): 05/31 in English, 31/05 in Vietnamese. */
export const DAY_MONTH: Record<AppLanguage, string> = { en: 'MM/DD', vi: 'DD/MM' };

export const dayMonthFormat = (): string => DAY_MONTH[currentLanguage()];

export { i18n };
