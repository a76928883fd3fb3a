import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../api/client.ts';
import { errorText } from '../../api/errors.ts';

type Props = { error: unknown; onRetry: () => void; retrying?: boolean };

/** Which heading fits a failed controller call: 502 failed, 504 timed out, 503 none configured. */
export function controllerErrorKind(error: unknown): 'failed' | 'timeout' | 'notConfigured' | 'other' {
  if (!isHttpError(error)) return 'other';
  if (error.statusCode === 502) return 'failed';
  if (error.statusCode === 504) return 'timeout';
  if (error.statusCode === 503) return 'notConfigured';
  return 'other';
}

/** A failed load that goes through the UniFi controller: what happened, the server's message, and Retry. */
export function ControllerError({ error, onRetry, retrying = false }: Props) {
  const { t } = useTranslation();
  const kind = controllerErrorKind(error);
  const detail = errorText(error, t);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t(`controller.error.${kind}`)}
      description={detail === t(`controller.error.${kind}`) ? undefined : detail}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
