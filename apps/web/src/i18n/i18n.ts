import type { Language } from '@it4u/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type AppLanguage = 'en' | 'vi';

const STORAGE_KEY = 'language';

/**
 * Each language's texts, in a chunk of its own loaded when first used: a reader downloads only the language they read
 * (the other was a sixth of the initial JavaScript).
 */
const TEXTS: Record<AppLanguage, () => Promise<object>> = {
  en: async () => (await import('./english.ts')).english,
  vi: async () => (await import('./vi.json')).default,
};

/** Loads a language's texts once; `applyLanguage` and the start-up (`ready`) wait for it. */
export async function loadLanguage(language: AppLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await TEXTS[language]());
}

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
  resources: {},
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'vi'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

/** The reader's language loaded: the app is drawn after it (`main.tsx`). */
export const ready = loadLanguage(initial);

export function currentLanguage(): AppLanguage {
  return i18n.language === 'vi' ? 'vi' : 'en';
}

/** Switches i18next, dayjs and (through ConfigProvider, which listens to i18next) antd at once. */
export async function applyLanguage(language: AppLanguage): Promise<void> {
  // the choice is kept at once (a reload while the texts load keeps it), the switch waits for the texts
  localStorage.setItem(STORAGE_KEY, language);
  await loadLanguage(language);
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

export { i18n };
