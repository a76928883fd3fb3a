import type { MailOutcome } from '@it4u/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { outcomeText } from './outcomeText.ts';

/** What one send (a test mail or a resend) found, dismissable. */
export function OutcomeAlert({ outcome, onClose }: { outcome: MailOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      role="status"
      title={t(outcome.ok ? 'mailer.sent' : 'mailer.notSent')}
      description={outcomeText(t, outcome)}
      closable={{ onClose, 'aria-label': t('common.dismiss') }}
      style={{ marginTop: 12 }}
    />
  );
}
