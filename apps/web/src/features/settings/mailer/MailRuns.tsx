import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { useMailRunsQuery } from './mailQueries.ts';

/** The schedule's last runs as tags (sent, failed, missed, running); nothing when there are none. */
export function MailRuns() {
  const { t } = useTranslation();
  const runs = useMailRunsQuery();
  if (!runs.data?.length) return null;
  const color = { sent: 'success', failed: 'error', missed: 'warning', running: 'processing' } as const;
  return (
    <section aria-labelledby="mailer-runs" style={{ marginBottom: 24 }}>
      <Typography.Title level={5} id="mailer-runs">
        {t('mailer.runsTitle')}
      </Typography.Title>
      <Space wrap>
        {runs.data.map((r) => (
          <Tag key={r.at} color={color[r.status]}>
            {formatDateTime(r.at)} · {t(`mailer.runStatus.${r.status}`)}
          </Tag>
        ))}
      </Space>
    </section>
  );
}
