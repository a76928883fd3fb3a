import { CloudDownloadOutlined } from '@ant-design/icons';
import type { BackupRun } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime, formatNumber } from '../../../components/format/formatting.ts';
import { formatBytes } from '../../../components/format/units.ts';
import { settingsKeys } from '../queryKeys.ts';

const K = 'settings.parameters.backups';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const when = (ms: number) => formatDateTime(ms).replace(/ /g, '\u00a0');

function resultTag(t: TFunction, run: BackupRun) {
  if (run.ok === null) return <Tag color="processing">{t(`${K}.running`)}</Tag>;
  return run.ok ? <Tag color="success">{t(`${K}.ok`)}</Tag> : <Tag color="error">{t(`${K}.failed`)}</Tag>;
}

/**
 * The console's backups (ROLE_ADMIN): the schedule, the last result, Back up now, and the latest backups with how
 * each ended. Restores are made from the command line (a restore replaces everything).
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = useNotice();
  const queryClient = useQueryClient();
  const backups = useQuery({
    queryKey: settingsKeys.backups(),
    queryFn: () => call('GET /it4u/backups'),
    // while one runs, its end is looked for every 2 s
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.ok === null) ? 2_000 : false),
  });
  const now = useMutation({
    mutationFn: () => call('POST /it4u/backups'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.backups() }),
    onError: (err) => notice.error(err),
  });
  const runs = backups.data?.runs ?? [];
  const state = useListState(backups, { rows: runs.length, empty: t(`${K}.none`) });
  const last = runs.find((r) => r.ok !== null);
  const running = runs.some((r) => r.ok === null);

  const columns: ColumnsType<BackupRun> = [
    { key: 'when', title: t(`${K}.when`), render: (_, r) => <span style={NOWRAP}>{when(r.startedAt)}</span> },
    {
      key: 'trigger',
      title: t(`${K}.trigger`),
      render: (_, r) => (r.trigger === 'manual' ? t(`${K}.manual`, { name: r.by ?? '' }) : t(`${K}.scheduled`)),
    },
    { key: 'result', title: t(`${K}.result`), render: (_, r) => resultTag(t, r) },
    {
      key: 'size',
      title: t(`${K}.size`),
      responsive: ['md'],
      render: (_, r) =>
        r.ok ? (
          <span style={NOWRAP}>
            {formatBytes(r.bytes, language)} ·{' '}
            {t(`${K}.rows`, { count: r.rows ?? 0, n: formatNumber(r.rows, language) })}
          </span>
        ) : (
          (r.error ?? '')
        ),
    },
  ];

  return (
    <Card title={t(`${K}.title`)}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {backups.data
            ? backups.data.everyHours > 0
              ? t(`${K}.schedule`, { count: backups.data.everyHours, keep: backups.data.keep })
              : t(`${K}.noSchedule`, { keep: backups.data.keep })
            : null}{' '}
          {t(`${K}.restoreHint`)}
        </Typography.Paragraph>
        {last ? (
          <Alert
            type={last.ok ? 'success' : 'error'}
            showIcon
            message={
              last.ok
                ? t(`${K}.lastOk`, { when: when(last.startedAt), size: formatBytes(last.bytes, language) })
                : t(`${K}.lastFailed`, { when: when(last.startedAt) })
            }
            description={last.ok ? last.file : last.error}
          />
        ) : null}
        <div>
          <Button icon={<CloudDownloadOutlined />} loading={now.isPending || running} onClick={() => now.mutate()}>
            {running ? t(`${K}.backingUp`) : t(`${K}.now`)}
          </Button>
        </div>
        {state.alert}
        <Table<BackupRun>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={runs}
          loading={state.loading}
          locale={state.locale}
          pagination={false}
          aria-label={t(`${K}.title`)}
        />
      </Flex>
    </Card>
  );
}
