import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { onBack: () => void };

/** Shown instead of the shell when the account is not Active (blocked). */
export function InactiveAccount({ onBack }: Props) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('inactive.title')}
      subTitle={t('inactive.subtitle')}
      extra={
        <Button type="primary" onClick={onBack}>
          {t('common.backToLogin')}
        </Button>
      }
    />
  );
}
