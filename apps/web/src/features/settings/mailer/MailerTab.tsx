import { Divider, Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { MailForm } from './MailForm.tsx';
import { MailLog } from './MailLog.tsx';
import { MailRuns } from './MailRuns.tsx';
import { useMailConfigQuery } from './mailQueries.ts';
import { TestMail } from './TestMail.tsx';

/** The Mailer tab (ROLE_ADMIN): the mail settings, a test mail, the schedule's next and last runs, the send log. */
export function MailerTab() {
  const config = useMailConfigQuery();
  if (isStatus(config.error, 403)) return <Navigate to="/403" replace />;
  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (config.isError) return <QueryErrorAlert query={config} />;
  return (
    <>
      <MailForm initial={config.data} />
      <Divider />
      <TestMail />
      <Divider />
      <MailRuns />
      <MailLog />
    </>
  );
}
