import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, applyLanguage } from '../../i18n/i18n.ts';

const OPTIONS: { value: AppLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'vi', label: 'Tiếng Việt' },
];

type Props = {
  /** Called at once with the reader's choice (the top bar saves it on the server) while its texts load. */
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
        onChange?.(language);
        void applyLanguage(language);
      }}
    />
  );
}
