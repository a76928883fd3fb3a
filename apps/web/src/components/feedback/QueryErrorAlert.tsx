import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';

type Props = { query: { error: unknown; isError: boolean; refetch: () => Promise<unknown> } };

/** A query's failure above its table, with Retry; nothing while the query is fine. */
export function QueryErrorAlert({ query }: Props) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(query.error, t)}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
