import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, applyLanguage } from '../../i18n/i18n.ts';

const OPTIONS: { value: AppLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'vi', label: 'Tiếng Việt' },
];

type Props = {
  /** Called after the language has been applied locally (the top bar also saves it on the server). */
  onChange?: (language: AppLanguage) => void;
};

export function LanguageSelect({ onChange }: Props) {
  const { i18n, t } = useTranslation();
  const value: AppLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  return (
    <Select<AppLanguage>
      aria-label={t('app.languageLabel')}
      value={value}
      options={OPTIONS}
      style={{ width: 130 }}
      onChange={(language) => {
        void applyLanguage(language).then(() => onChange?.(language));
      }}
    />
  );
}
