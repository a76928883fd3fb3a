import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TerminalApproval } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { CONFIRM_STYLES } from '../../../components/feedback/confirmStyles.ts';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { sourceLabel } from '../terminal.ts';

const approvalsKey = ['terminal', 'approvals'] as const;
const keyOf = (a: TerminalApproval) => `${a.deviceInfoId}/${a.host}/${a.port}`;
// a key is one long word: it breaks anywhere rather than widen the table or a confirmation past the screen
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The hosts the terminal may offer a stored password to (root: the row's load-balancer password, admin: the default
 * one), per row: those waiting since a first connection, and those approved. Administrators and lead technicians
 * approve a host with the key it offered, or withdraw an approval (the tab is theirs alone).
 */
export function ApprovalsTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const approvals = useQuery({
    queryKey: approvalsKey,
    queryFn: () => call('GET /it4u/webssh/approvals'),
  });
  const approvalRows = approvals.data ?? [];
  const approvalsState = useListState(approvals, { rows: approvalRows.length });
  const done = (text: string) => async () => {
    notice.success(text);
    await queryClient.invalidateQueries({ queryKey: approvalsKey });
  };
  const approve = useMutation({
    mutationFn: (a: TerminalApproval) =>
      call('POST /it4u/webssh/approvals/approve', {
        body: { rowId: a.deviceInfoId, host: a.host, port: a.port, fingerprint: a.fingerprint },
      }),
    onSuccess: done(t('terminal.approvals.approvedDone')),
    onError: (error) => notice.error(error),
  });
  const revoke = useMutation({
    mutationFn: (a: TerminalApproval) =>
      call('POST /it4u/webssh/approvals/revoke', { body: { rowId: a.deviceInfoId, host: a.host, port: a.port } }),
    onSuccess: done(t('terminal.approvals.revoked')),
    onError: (error) => notice.error(error),
  });

  // "asked by admin, 05-05-2026 20:00" with the date and time kept whole (a narrow cell breaks at a hyphen)
  const dated = (key: string, who: string, at: number | null) => {
    const [before = '', after = ''] = t(key, { who, when: '\u0001' }).split('\u0001');
    return (
      <>
        {before}
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>
        {after}
      </>
    );
  };

  const columns: RegisterColumn<TerminalApproval>[] = [
    {
      key: 'state',
      title: t('terminal.approvals.state'),
      width: 120,
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
      width: 170,
      render: (_, a) =>
        [a.customer, a.site].filter(Boolean).join(' · ') || t('terminal.approvals.rowNumber', { id: a.deviceInfoId }),
    },
    {
      key: 'host',
      title: t('terminal.sessions.host'),
      width: 140,
      render: (_, a) => <span style={breakAnywhere}>{`${a.host}:${a.port}`}</span>,
    },
    {
      key: 'source',
      title: t('terminal.approvals.source'),
      width: 120,
      render: (_, a) => sourceLabel(a.source, t),
    },
    {
      key: 'fingerprint',
      title: t('terminal.approvals.fingerprint'),
      render: (_, a) => (
        <Typography.Text code style={breakAnywhere}>
          {a.fingerprint}
        </Typography.Text>
      ),
    },
    {
      key: 'who',
      title: t('terminal.approvals.who'),
      width: 190,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{dated('terminal.approvals.requestedBy', a.requestedBy, a.requestedAt)}</Typography.Text>
          {a.approvedBy && (
            <Typography.Text type="secondary">
              {dated('terminal.approvals.approvedBy', a.approvedBy, a.approvedAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_, a) => (
        <Space wrap>
          {a.state === 'pending' && (
            <Popconfirm
              title={
                <span style={breakAnywhere}>
                  {t('terminal.approvals.confirm', {
                    host: `${a.host}:${a.port}`,
                    source: sourceLabel(a.source, t),
                    fingerprint: a.fingerprint,
                  })}
                </span>
              }
              styles={CONFIRM_STYLES}
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
            title={
              <span style={breakAnywhere}>
                {t('terminal.approvals.revokeConfirm', { host: `${a.host}:${a.port}` })}
              </span>
            }
            styles={CONFIRM_STYLES}
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
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('terminal.approvals.hint')}</Typography.Paragraph>
      {approvalsState.alert}
      <RegisterTable<TerminalApproval>
        aria-label={t('terminal.approvals.title')}
        rowKey={keyOf}
        size="small"
        bordered
        columns={columns}
        // on a phone the closed card shows the key too: it is what an approver checks
        card={{ title: ['host'], status: 'state', fields: ['row', 'source', 'fingerprint'], actions: 'actions' }}
        dataSource={approvalRows}
        loading={approvalsState.loading}
        locale={approvalsState.locale}
        // at 1440 px the columns fit beside the menu (the key wraps); a narrower window scrolls the table, not the page
        scroll={{ x: 1040 }}
        pagination={false}
      />
    </>
  );
}
