import { RedoOutlined } from '@ant-design/icons';
import type { MailLogEntry, MailOutcome } from '@it4u/shared';
import { Button, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useMailLogQuery, useSendMailMutation } from './mailQueries.ts';
import { OutcomeAlert } from './OutcomeAlert.tsx';
import { outcomeText } from './outcomeText.ts';

/** The send log, a page at a time, with a resend for each mail that can be sent again. */
export function MailLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const log = useMailLogQuery(page, pageSize);
  const logRows = log.data?.items ?? [];
  const logState = useListState(log, {
    rows: logRows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mailer.logEmpty')} />,
  });
  const send = useSendMailMutation();
  const notice = useNotice();
  const [outcome, setOutcome] = useState<MailOutcome | null>(null);
  const columns: RegisterColumn<MailLogEntry>[] = [
    { key: 'at', dataIndex: 'at', title: t('mailer.log.at'), render: (at: number) => formatDateTime(at), width: 150 },
    { key: 'kind', dataIndex: 'kind', title: t('mailer.log.kind'), render: (k: string) => t(`mailer.kinds.${k}`) },
    {
      key: 'to',
      dataIndex: 'to',
      title: t('mailer.log.to'),
      render: (to: string[], row) => [...to, ...row.cc].join(', ') || '—',
    },
    { key: 'subject', dataIndex: 'subject', title: t('mailer.log.subject') },
    {
      key: 'result',
      title: t('mailer.log.result'),
      render: (_: unknown, row) => (
        <Tag color={row.ok ? 'success' : 'error'}>{t(row.ok ? 'mailer.sent' : 'mailer.notSent')}</Tag>
      ),
    },
    {
      key: 'answer',
      title: t('mailer.log.answer'),
      render: (_: unknown, row) => outcomeText(t, row),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_: unknown, row) =>
        row.kind === 'reset' || row.kind === 'notice' ? null : (
          <Button
            size="small"
            icon={<RedoOutlined aria-hidden />}
            loading={send.isPending && send.variables && 'resend' in send.variables && send.variables.resend === row.id}
            onClick={() => {
              setOutcome(null);
              send.mutate({ resend: row.id }, { onSuccess: setOutcome, onError: (e) => notice.error(e) });
            }}
          >
            {t('mailer.resend')}
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="mailer-log">
      <Typography.Title level={5} id="mailer-log">
        {t('mailer.logTitle')}
      </Typography.Title>
      {outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      {logState.alert}
      <RegisterTable<MailLogEntry>
        aria-label={t('mailer.logTitle')}
        rowKey="id"
        columns={columns}
        dataSource={logRows}
        loading={logState.loading}
        card={{ title: ['at', 'kind'], status: 'result', actions: 'actions', fields: ['to', 'answer'] }}
        pagination={{
          current: page,
          pageSize,
          total: log.data?.total ?? 0,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        locale={logState.locale}
      />
    </section>
  );
}
