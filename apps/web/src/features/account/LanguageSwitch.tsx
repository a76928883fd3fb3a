import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, applyLanguage } from '../../i18n/i18n.ts';

/** The language choice of the screens outside the shell: local only (saved in this browser). */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const value: AppLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  return (
    <Segmented<AppLanguage>
      aria-label={t('app.languageLabel')}
      value={value}
      options={[
        { value: 'en', label: 'English' },
        { value: 'vi', label: 'Tiếng Việt' },
      ]}
      onChange={(language) => void applyLanguage(language)}
    />
  );
}
