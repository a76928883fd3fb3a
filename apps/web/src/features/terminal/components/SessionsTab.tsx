import { PlayCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { HostKey, TerminalSession } from '@it4u/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Pagination, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { formatBytes } from '../../../components/format/units.ts';
import { pageLabels } from '../../../components/table/pageLabels.tsx';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { SearchBox, TableToolbar } from '../../../components/table/TableToolbar.tsx';
import { usePaging } from '../../../components/table/usePaging.ts';
import { useCan } from '../../../session/useCan.ts';
import { ReplayModal } from './ReplayModal.tsx';

const keys = {
  sessions: (params: object) => ['terminal', 'sessions', params] as const,
  hostKeys: ['terminal', 'hostKeys'] as const,
};

/** Terminal sessions (who went where, for how long, how much, why it ended) with their replays, and the host keys. */
export function SessionsTab() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const paging = usePaging();
  const [text, setText] = useState('');
  const [replaying, setReplaying] = useState<TerminalSession | null>(null);
  const isAdmin = useCan('parameters');
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: keys.sessions(paging.params),
    queryFn: () =>
      call('GET /it4u/webssh/sessions', {
        query: { page: paging.page, pageSize: paging.pageSize, q: paging.q || undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const hostKeys = useQuery({ queryKey: keys.hostKeys, queryFn: () => call('GET /it4u/webssh/hostKeys') });
  const sessionRows = sessions.data?.items ?? [];
  const sessionsState = useListState(sessions, { rows: sessionRows.length });
  const hostKeyRows = hostKeys.data ?? [];
  const hostKeysState = useListState(hostKeys, { rows: hostKeyRows.length });
  const accept = useMutation({
    // the key a host offered (only such a row has the button)
    mutationFn: (key: HostKey & { offeredFingerprint: string }) =>
      call('POST /it4u/webssh/hostKeys/accept', {
        body: { host: key.host, port: key.port, fingerprint: key.offeredFingerprint },
      }),
    onSuccess: async () => {
      notice.success(t('terminal.hostKeys.accepted'));
      await queryClient.invalidateQueries({ queryKey: keys.hostKeys });
    },
    onError: (error) => notice.error(error),
  });
  const bytes = (n: number) => formatBytes(n, i18n.language);

  const columns: RegisterColumn<TerminalSession>[] = [
    {
      key: 'startedAt',
      title: t('terminal.sessions.started'),
      width: 150,
      render: (_, s) => formatDateTime(s.startedAt),
    },
    { key: 'actorName', title: t('terminal.sessions.who'), dataIndex: 'actorName', width: 130 },
    { key: 'customer', title: t('deviceInfo.columns.customer'), dataIndex: 'customer', width: 180 },
    { key: 'site', title: t('deviceInfo.columns.idname'), dataIndex: 'site', width: 120 },
    {
      key: 'host',
      title: t('terminal.sessions.host'),
      width: 190,
      render: (_, s) => `${s.sshUser}@${s.host}:${s.port}`,
    },
    {
      key: 'endedAt',
      title: t('terminal.sessions.ended'),
      width: 150,
      render: (_, s) =>
        s.endedAt === null ? <Tag color="green">{t('terminal.sessions.open')}</Tag> : formatDateTime(s.endedAt),
    },
    {
      key: 'bytes',
      title: t('terminal.sessions.bytes'),
      width: 170,
      render: (_, s) => t('terminal.sessions.bytesValue', { typed: bytes(s.bytesIn), shown: bytes(s.bytesOut) }),
    },
    {
      key: 'closeReason',
      title: t('terminal.sessions.reason'),
      width: 150,
      render: (_, s) => (s.closeReason ? t(`terminal.reasons.${s.closeReason}`, { defaultValue: s.closeReason }) : ''),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (_, s) => (
        <Button
          type="link"
          size="small"
          icon={<PlayCircleOutlined aria-hidden />}
          disabled={s.recordedBytes === 0}
          onClick={() => setReplaying(s)}
          aria-label={t('terminal.sessions.replayOf', { host: s.host, when: formatDateTime(s.startedAt) })}
        >
          {t('terminal.sessions.replay')}
        </Button>
      ),
    },
  ];

  const keyColumns: RegisterColumn<HostKey>[] = [
    { key: 'host', title: t('terminal.sessions.host'), width: 170, render: (_, k) => `${k.host}:${k.port}` },
    {
      key: 'fingerprint',
      title: t('terminal.hostKeys.pinned'),
      render: (_, k) => (
        <Space direction="vertical" size={0}>
          <Typography.Text code>{k.fingerprint}</Typography.Text>
          <Typography.Text type="secondary">
            {t('terminal.hostKeys.pinnedBy', { who: k.pinnedBy, when: formatDateTime(k.pinnedAt) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'offered',
      title: t('terminal.hostKeys.offered'),
      render: (_, k) =>
        k.offeredFingerprint ? (
          <Space direction="vertical" size={0}>
            <Typography.Text code type="danger">
              {k.offeredFingerprint}
            </Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(k.offeredAt)}</Typography.Text>
          </Space>
        ) : (
          ''
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      render: (_, k) => {
        const offered = k.offeredFingerprint;
        return offered && isAdmin ? (
          <Popconfirm
            title={t('terminal.hostKeys.confirm', { fingerprint: offered })}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => accept.mutateAsync({ ...k, offeredFingerprint: offered })}
          >
            <Button size="small" danger icon={<SafetyCertificateOutlined aria-hidden />}>
              {t('terminal.hostKeys.accept')}
            </Button>
          </Popconfirm>
        ) : null;
      },
    },
  ];

  return (
    <>
      <TableToolbar
        left={
          <SearchBox
            placeholder={t('terminal.sessions.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={paging.setSearch}
          />
        }
        right={null}
      />
      {sessionsState.alert}
      <RegisterTable<TerminalSession>
        aria-label={t('terminal.sessions.title')}
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        card={{ title: ['host', 'startedAt'], fields: ['closeReason'], actions: 'actions' }}
        dataSource={sessionRows}
        loading={sessionsState.loading}
        locale={sessionsState.locale}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={paging.page}
        pageSize={paging.pageSize}
        total={sessions.data?.total ?? 0}
        showTotal={(total) => t('common.total', { count: total })}
        onChange={paging.changePage}
        itemRender={pageLabels(t)}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('terminal.hostKeys.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('terminal.hostKeys.hint')}</Typography.Paragraph>
      {hostKeysState.alert}
      <RegisterTable<HostKey>
        aria-label={t('terminal.hostKeys.title')}
        rowKey={(k) => `${k.host}:${k.port}`}
        size="small"
        bordered
        columns={keyColumns}
        card={{ title: ['host'], actions: 'actions' }}
        dataSource={hostKeyRows}
        loading={hostKeysState.loading}
        locale={hostKeysState.locale}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
      {replaying && <ReplayModal session={replaying} onClose={() => setReplaying(null)} />}
    </>
  );
}
