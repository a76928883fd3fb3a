import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TerminalApproval } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { formatDateTime } from '../../../components/formatting.ts';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert.tsx';
import { type RegisterColumn, RegisterTable } from '../../../components/RegisterTable.tsx';
import { useNotice } from '../../../components/useNotice.ts';
import { useCan } from '../../../session/useCan.ts';
import { sourceLabel } from '../terminal.ts';

const approvalsKey = ['terminal', 'approvals'] as const;
const keyOf = (a: TerminalApproval) => `${a.deviceInfoId}/${a.host}/${a.port}`;

/**
 * The hosts the terminal may offer a stored password to (root: the row's load-balancer password, admin: the default
 * one), per row: those waiting since a first connection, and those approved. Administrators and lead technicians
 * approve a host with the key it offered, or withdraw an approval.
 */
export function ApprovalsTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const mayApprove = useCan('terminalTrust');
  const approvals = useQuery({
    queryKey: approvalsKey,
    queryFn: () => api.get<TerminalApproval[]>('/it4u/webssh/approvals'),
  });
  const done = (text: string) => async () => {
    notice.success(text);
    await queryClient.invalidateQueries({ queryKey: approvalsKey });
  };
  const approve = useMutation({
    mutationFn: (a: TerminalApproval) =>
      api.post('/it4u/webssh/approvals/approve', {
        rowId: a.deviceInfoId,
        host: a.host,
        port: a.port,
        fingerprint: a.fingerprint,
      }),
    onSuccess: done(t('terminal.approvals.approvedDone')),
    onError: (error) => notice.error(error),
  });
  const revoke = useMutation({
    mutationFn: (a: TerminalApproval) =>
      api.post('/it4u/webssh/approvals/revoke', { rowId: a.deviceInfoId, host: a.host, port: a.port }),
    onSuccess: done(t('terminal.approvals.revoked')),
    onError: (error) => notice.error(error),
  });

  const columns: RegisterColumn<TerminalApproval>[] = [
    {
      key: 'state',
      title: t('terminal.approvals.state'),
      width: 130,
      render: (_, a) =>
        a.state === 'approved' ? (
          <Tag color="green">{t('terminal.approvals.approved')}</Tag>
        ) : (
          <Tag color="orange">{t('terminal.approvals.pending')}</Tag>
        ),
    },
    {
      key: 'row',
      title: t('terminal.approvals.row'),
      width: 200,
      render: (_, a) =>
        [a.customer, a.site].filter(Boolean).join(' · ') || t('terminal.approvals.rowNumber', { id: a.deviceInfoId }),
    },
    { key: 'host', title: t('terminal.sessions.host'), width: 170, render: (_, a) => `${a.host}:${a.port}` },
    {
      key: 'source',
      title: t('terminal.approvals.source'),
      width: 170,
      render: (_, a) => sourceLabel(a.source, t),
    },
    {
      key: 'fingerprint',
      title: t('terminal.approvals.fingerprint'),
      render: (_, a) => <Typography.Text code>{a.fingerprint}</Typography.Text>,
    },
    {
      key: 'who',
      title: t('terminal.approvals.who'),
      width: 220,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>
            {t('terminal.approvals.requestedBy', { who: a.requestedBy, when: formatDateTime(a.requestedAt) })}
          </Typography.Text>
          {a.approvedBy && (
            <Typography.Text type="secondary">
              {t('terminal.approvals.approvedBy', { who: a.approvedBy, when: formatDateTime(a.approvedAt) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      render: (_, a) =>
        mayApprove ? (
          <Space wrap>
            {a.state === 'pending' && (
              <Popconfirm
                title={t('terminal.approvals.confirm', {
                  host: `${a.host}:${a.port}`,
                  source: sourceLabel(a.source, t),
                  fingerprint: a.fingerprint,
                })}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => approve.mutateAsync(a)}
              >
                <Button
                  size="small"
                  type="primary"
                  icon={<CheckCircleOutlined aria-hidden />}
                  aria-label={t('terminal.approvals.approveHost', { host: `${a.host}:${a.port}` })}
                >
                  {t('terminal.approvals.approve')}
                </Button>
              </Popconfirm>
            )}
            <Popconfirm
              title={t('terminal.approvals.revokeConfirm', { host: `${a.host}:${a.port}` })}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              onConfirm={() => revoke.mutateAsync(a)}
            >
              <Button
                size="small"
                danger
                icon={<StopOutlined aria-hidden />}
                aria-label={t('terminal.approvals.revokeHost', { host: `${a.host}:${a.port}` })}
              >
                {t('terminal.approvals.revoke')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('terminal.approvals.hint')}</Typography.Paragraph>
      <QueryErrorAlert query={approvals} />
      <RegisterTable<TerminalApproval>
        aria-label={t('terminal.approvals.title')}
        rowKey={keyOf}
        size="small"
        bordered
        columns={columns}
        card={{ title: ['host'], status: 'state', fields: ['row', 'source'], actions: 'actions' }}
        dataSource={approvals.data ?? []}
        loading={approvals.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
    </>
  );
}
