import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ControllerCheck, ControllerState, ControllerView, SavedController } from '@it4u/shared';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../api/errors.ts';
import { CONFIRM_STYLES } from '../../../components/feedback/confirmStyles.ts';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatNumber } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { ControllerModal } from './ControllerModal.tsx';
import {
  useCheckControllerNowMutation,
  useControllersQuery,
  useRemoveControllerMutation,
} from './controllerQueries.ts';

const K = 'settings.parameters.controllers';
const NONE = '–';
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

type Props = {
  /** a controller was added, changed or removed (its data asked again): the parameters form shows the first one */
  onChanged?: () => void;
};

/** A check's outcome or a failure in the reader's language, from its code and parameters. */
function checkText(t: TFunction, check: Pick<ControllerCheck, 'code' | 'params' | 'message' | 'controller'>): string {
  const text = codeText(t, check.code, check.params) ?? check.message;
  return check.controller ? `${text} (${check.controller})` : text;
}

/** Whether the controller answered at its last check, in words and colour (never colour alone). */
function StateTag({ state }: { state: ControllerState | null }) {
  const { t } = useTranslation();
  if (!state) return <Tag icon={<QuestionCircleOutlined aria-hidden />}>{t(`${K}.state.unchecked`)}</Tag>;
  return state.reachable ? (
    <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
      {t(`${K}.state.reachable`)}
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseCircleOutlined aria-hidden />}>
      {t(`${K}.state.unreachable`)}
    </Tag>
  );
}

/**
 * The Parameter tab's controllers (ROLE_ADMIN): each with how the console signs in to it and what its last check
 * found; add, change, check now and remove. A table on a wide screen, cards on a phone.
 */
export function ControllersCard({ onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const notice = useNotice();
  const controllers = useControllersQuery();
  const check = useCheckControllerNowMutation();
  const remove = useRemoveControllerMutation();
  const [dialog, setDialog] = useState<{ controller: ControllerView | null } | null>(null);
  const [outcome, setOutcome] = useState<{ name: string; check: ControllerCheck } | null>(null);
  const items = controllers.data?.items ?? [];
  const list = useListState(controllers, {
    rows: items.length,
    empty: (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(controllers.data?.demo ? `${K}.demo` : `${K}.none`)} />
    ),
  });

  const onSaved = (saved: SavedController) => {
    setDialog(null);
    setOutcome({ name: saved.controller.name, check: saved.check });
    onChanged?.();
  };
  const onCheck = (c: ControllerView) => check.mutate(c.id, { onError: (error) => notice.error(error) });
  const onRemove = (c: ControllerView) =>
    remove
      .mutateAsync(c.id)
      .then(() => {
        notice.success(t(`${K}.removed`, { name: c.name }));
        onChanged?.();
      })
      .catch((error: unknown) => notice.error(error));

  const flavorText = (c: ControllerView) => {
    const label = t(`${K}.flavors.${c.flavor}`);
    const found = c.state?.flavor;
    // "automatic" says what it found once a check did
    return c.flavor === 'auto' && (found === 'classic' || found === 'unifios')
      ? t(`${K}.flavorFound`, { flavor: label, found: t(`${K}.flavors.${found}`) })
      : label;
  };

  const columns: RegisterColumn<ControllerView>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t(`${K}.columns.name`),
      render: (name: string, c) => (
        <Flex wrap gap={4} align="center">
          <span style={BREAK_ANYWHERE}>{name}</span>
          {c.first && <Tag color="blue">{t(`${K}.first`)}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'url',
      dataIndex: 'url',
      title: t(`${K}.columns.url`),
      render: (url: string) => <span style={BREAK_ANYWHERE}>{url}</span>,
    },
    { key: 'flavor', title: t(`${K}.columns.flavor`), render: (_, c) => flavorText(c) },
    {
      key: 'signIn',
      title: t(`${K}.columns.signIn`),
      render: (_, c) =>
        c.signIn === 'apiKey' ? t(`${K}.signIns.apiKey`) : <span style={BREAK_ANYWHERE}>{c.username}</span>,
    },
    {
      key: 'sites',
      dataIndex: 'siteCount',
      title: t(`${K}.columns.sites`),
      align: 'end',
      render: (count: number) => formatNumber(count, language),
    },
    { key: 'state', title: t(`${K}.columns.state`), render: (_, c) => <StateTag state={c.state} /> },
    { key: 'version', title: t(`${K}.columns.version`), render: (_, c) => c.state?.version ?? NONE },
    {
      key: 'latency',
      title: t(`${K}.columns.latency`),
      align: 'end',
      render: (_, c) =>
        c.state?.latencyMs == null ? NONE : t(`${K}.latencyMs`, { ms: formatNumber(c.state.latencyMs, language) }),
    },
    {
      key: 'lastError',
      title: t(`${K}.columns.lastError`),
      render: (_, c) => (c.state?.error ? <span style={BREAK_ANYWHERE}>{checkText(t, c.state.error)}</span> : NONE),
    },
    {
      key: 'checkedAt',
      title: t(`${K}.columns.checkedAt`),
      // the date and time as the reader's language writes them, whatever language dayjs was last set to
      render: (_, c) => (c.state ? dayjs(c.state.checkedAt).locale(language).format('L LT') : NONE),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, c) => (
        <Flex wrap gap={4} justify="flex-end">
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t(`${K}.editOne`, { name: c.name })}
            onClick={() => setDialog({ controller: c })}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            icon={<SyncOutlined aria-hidden />}
            aria-label={t(`${K}.checkOne`, { name: c.name })}
            loading={check.isPending && check.variables === c.id}
            onClick={() => onCheck(c)}
          >
            {t(`${K}.check`)}
          </Button>
          <Popconfirm
            title={<span style={BREAK_ANYWHERE}>{t(`${K}.removeConfirm`, { name: c.name })}</span>}
            styles={CONFIRM_STYLES}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => onRemove(c)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t(`${K}.removeOne`, { name: c.name })}
            >
              {t(`${K}.remove`)}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card size="small" title={t(`${K}.title`)}>
      <Typography.Paragraph type="secondary">{t(`${K}.hint`)}</Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ controller: null })}>
          {t(`${K}.add`)}
        </Button>
      </Flex>
      {outcome && (
        <Alert
          type={outcome.check.ok ? 'success' : 'warning'}
          showIcon
          role="status"
          title={t(outcome.check.ok ? `${K}.savedOk` : `${K}.savedFailed`, { name: outcome.name })}
          description={checkText(t, outcome.check)}
          style={{ marginBottom: 12 }}
          closable={{ onClose: () => setOutcome(null), 'aria-label': t('common.dismiss') }}
        />
      )}
      {list.alert}
      <RegisterTable<ControllerView>
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={list.loading}
        locale={list.locale}
        pagination={false}
        size="small"
        card={{ title: ['name', 'url'], status: 'state', actions: 'actions', fields: ['signIn', 'sites', 'lastError'] }}
        aria-label={t(`${K}.title`)}
      />
      {dialog && <ControllerModal controller={dialog.controller} onSaved={onSaved} onClose={() => setDialog(null)} />}
    </Card>
  );
}
