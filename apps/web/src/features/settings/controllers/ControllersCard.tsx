// Over 300 lines: the card's table and phone cards share cells (name, sign-in, state, actions), kept together here.
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloudOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  CONNECTOR_URL,
  type ControllerCheck,
  type ControllerState,
  type ControllerView,
  type SavedController,
} from '@it4u/shared';
import { Alert, Button, Card, Empty, Flex, Grid, message, Popconfirm, Tag, Tooltip, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { type CSSProperties, Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../api/errors.ts';
import { CONFIRM_STYLES } from '../../../components/feedback/confirmStyles.ts';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTimeSeconds, formatNumber } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { CloudConsolesModal } from './CloudConsolesModal.tsx';
import { ControllerModal } from './ControllerModal.tsx';
import {
  useCheckControllerNowMutation,
  useControllersQuery,
  useRemoveControllerMutation,
} from './controllerQueries.ts';

const K = 'settings.parameters.controllers';
const NONE = '–';
// a number with its unit, a version or a time is read as one piece: never split over two lines
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;
// the checks that found no controller answering, and those where it answered no to the sign-in
const NOT_REACHED: readonly string[] = ['controllerUnreachable', 'controllerTimeout', 'controllerBusy'];
const REFUSED: readonly string[] = ['controllerLoginRefused', 'controllerTwoFactor', 'controllerLoginThrottled'];
/** a certificate refused, named by its fingerprint: the administrator may trust it */
const CERTIFICATE_REFUSALS: readonly string[] = ['controllerCertificateUntrusted', 'controllerCertificateChanged'];

type Props = {
  /** a controller was added, changed or removed (its data asked again): the parameters form shows the primary one */
  onChanged?: () => void;
};

type Language = 'en' | 'vi';

/** A check's outcome or a failure in the reader's language, from its code and parameters (its own full stop kept). */
function reasonText(t: TFunction, check: Pick<ControllerCheck, 'code' | 'params' | 'message'>): string {
  return codeText(t, check.code, check.params) ?? check.message;
}

/** The title of the outcome after a save: what went wrong, when it did, in the words of the failure's kind. */
function outcomeTitle(t: TFunction, name: string, check: ControllerCheck): string {
  if (check.ok) return t(`${K}.savedOk`, { name });
  if (NOT_REACHED.includes(check.code)) return t(`${K}.savedUnreachable`, { name });
  if (REFUSED.includes(check.code)) return t(`${K}.savedRefused`, { name });
  return t(`${K}.savedFailed`, { name });
}

/** What "Check now" found, said briefly: reachable with the time it took, or unreachable and why. */
function checkedText(t: TFunction, name: string, state: ControllerState, language: Language): string {
  if (!state.reachable) {
    const reason = state.error ? reasonText(t, state.error) : '';
    return t(`${K}.checkedUnreachable`, { name, reason }).trim();
  }
  return state.latencyMs == null
    ? t(`${K}.checkedReachableNoTime`, { name })
    : t(`${K}.checkedReachable`, { name, ms: formatNumber(state.latencyMs, language) });
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

/** A line of secondary text under a cell's main value. */
function Sub({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM, ...style }}>
      {children}
    </Typography.Text>
  );
}

type ActionButton = {
  label: string;
  /** names the controller too: "Edit HQ" */
  aria: string;
  icon: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onClick?: () => void;
};

/** A row's action: on a wide screen an icon with its word in a tooltip (the table keeps its room for the state); on
 * a phone the word shows. */
function ActionButton({ button, iconOnly }: { button: ActionButton; iconOnly: boolean }) {
  const props = {
    size: 'small' as const,
    icon: button.icon,
    'aria-label': button.aria,
    danger: button.danger,
    loading: button.loading,
    onClick: button.onClick,
  };
  return iconOnly ? (
    <Tooltip title={button.label}>
      <Button {...props} />
    </Tooltip>
  ) : (
    <Button {...props}>{button.label}</Button>
  );
}

/**
 * What the last check found: the version, the time it took and when it ran; or the failure and when. Each piece
 * stays whole (no "11" on one line and "ms" on the next); the line breaks only between pieces.
 */
function LastCheck({
  state,
  language,
  onTrust,
}: {
  state: ControllerState | null;
  language: Language;
  /** a refused certificate: opens the form with its fingerprint, to be trusted */
  onTrust: (fingerprint: string) => void;
}) {
  const { t } = useTranslation();
  if (!state) return null;
  const refused = state.error && CERTIFICATE_REFUSALS.includes(state.error.code) ? state.error.params?.fingerprint : '';
  // the time as the reader's language writes it, with seconds (a check now shows it moved), whatever language
  // dayjs was last set to; its date and time held together by no-break spaces, the word before it free to wrap
  const time = formatDateTimeSeconds(state.checkedAt).replace(/ /g, '\u00a0');
  const latency = state.latencyMs == null ? null : t(`${K}.latencyMs`, { ms: formatNumber(state.latencyMs, language) });
  const pieces = (state.reachable ? [state.version, latency] : []).filter((p): p is string => Boolean(p));
  return (
    <>
      {!state.reachable && state.error && <Sub style={BREAK_ANYWHERE}>{reasonText(t, state.error)}</Sub>}
      {!state.reachable && typeof refused === 'string' && refused !== '' && (
        <Button size="small" icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => onTrust(refused)}>
          {t(`${K}.trustCertificate`)}
        </Button>
      )}
      <Sub>
        {pieces.map((p) => (
          <Fragment key={p}>
            <span style={NOWRAP}>{p}</span>
            {' · '}
          </Fragment>
        ))}
        <span>{t(`${K}.checkedAt`, { time })}</span>
      </Sub>
    </>
  );
}

/**
 * The Parameter tab's controllers (ROLE_ADMIN): each with how the console signs in to it and what its last check
 * found; add, change, check now and remove. A table of five columns on a wide screen, cards on a phone.
 */
export function ControllersCard({ onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'vi' ? 'vi' : 'en';
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().md === true;
  const notice = useNotice();
  const [messages, messageHolder] = message.useMessage();
  const controllers = useControllersQuery();
  const check = useCheckControllerNowMutation();
  const remove = useRemoveControllerMutation();
  const [dialog, setDialog] = useState<{ controller: ControllerView | null; trust?: string } | null>(null);
  const [outcome, setOutcome] = useState<{ name: string; check: ControllerCheck } | null>(null);
  const [fromCloud, setFromCloud] = useState(false);
  // the rows being checked now, each with its own spinning button (checks of several rows may run at once)
  const [checking, setChecking] = useState<ReadonlySet<number>>(new Set());
  const items = controllers.data?.items ?? [];
  const list = useListState(controllers, {
    rows: items.length,
    empty: (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(controllers.data?.demo ? `${K}.demo` : `${K}.none`)} />
    ),
  });

  // the outcome of the last save stays until it is closed or another action starts
  const openDialog = (controller: ControllerView | null, trust?: string) => {
    setOutcome(null);
    setDialog({ controller, ...(trust ? { trust } : {}) });
  };
  const onSaved = (saved: SavedController) => {
    setDialog(null);
    setOutcome({ name: saved.controller.name, check: saved.check });
    onChanged?.();
  };
  const onCheck = (c: ControllerView) => {
    setOutcome(null);
    setChecking((before) => new Set(before).add(c.id));
    check
      .mutateAsync(c.id)
      .then((state) => {
        const text = checkedText(t, c.name, state, language);
        if (state.reachable) messages.success(text);
        else messages.warning(text);
      })
      .catch((error: unknown) => notice.error(error))
      .finally(() =>
        setChecking((before) => {
          const next = new Set(before);
          next.delete(c.id);
          return next;
        }),
      );
  };
  const onRemove = (c: ControllerView) => {
    setOutcome(null);
    return remove
      .mutateAsync(c.id)
      .then(() => {
        notice.success(t(`${K}.removed`, { name: c.name }));
        onChanged?.();
      })
      .catch((error: unknown) => notice.error(error));
  };
  /** The question before removing: the primary's names the next primary, or says the demo comes back. */
  const removeQuestion = (c: ControllerView) => {
    if (!c.first) return t(`${K}.removeConfirm`, { name: c.name });
    // the list is in the server's order (the primary first): the next one becomes the primary
    const next = items.find((other) => other.id !== c.id);
    return next
      ? t(`${K}.removeConfirmPrimary`, { name: c.name, next: next.name })
      : t(`${K}.removeConfirmOnly`, { name: c.name });
  };

  const flavorText = (c: ControllerView) => {
    const label = t(`${K}.flavors.${c.flavor}`);
    const found = c.state?.flavor;
    // "automatic" says what it found once a check did
    return c.flavor === 'auto' && (found === 'classic' || found === 'unifios')
      ? t(`${K}.flavorFound`, { flavor: label, found: t(`${K}.flavors.${found}`) })
      : label;
  };

  const actions = (c: ControllerView) => {
    const buttons: ActionButton[] = [
      {
        label: t(`${K}.edit`),
        aria: t(`${K}.editOne`, { name: c.name }),
        icon: <EditOutlined aria-hidden />,
        onClick: () => openDialog(c),
      },
      {
        label: t(`${K}.check`),
        aria: t(`${K}.checkOne`, { name: c.name }),
        icon: <SyncOutlined aria-hidden />,
        loading: checking.has(c.id),
        onClick: () => onCheck(c),
      },
    ];
    const removing: ActionButton = {
      label: t(`${K}.remove`),
      aria: t(`${K}.removeOne`, { name: c.name }),
      icon: <DeleteOutlined aria-hidden />,
      danger: true,
    };
    return (
      <Flex gap={4} justify="flex-end" style={NOWRAP}>
        {buttons.map((b) => (
          <ActionButton key={b.label} button={b} iconOnly={wide} />
        ))}
        <Popconfirm
          title={<span style={BREAK_ANYWHERE}>{removeQuestion(c)}</span>}
          styles={CONFIRM_STYLES}
          okText={t(`${K}.remove`)}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => onRemove(c)}
        >
          {/* a plain element between the confirmation and the button's tooltip: each opens on its own */}
          <span>
            <ActionButton button={removing} iconOnly={wide} />
          </span>
        </Popconfirm>
      </Flex>
    );
  };

  const columns: RegisterColumn<ControllerView>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t(`${K}.columns.name`),
      render: (name: string, c) => (
        <div style={{ minWidth: 0 }}>
          <Flex wrap gap={6} align="center">
            <span style={BREAK_ANYWHERE}>{name}</span>
            {c.first && (
              <Tooltip title={t(`${K}.primaryTip`)} trigger={['hover', 'focus']}>
                {/* focusable, so the tooltip also opens from the keyboard */}
                <Tag color="blue" tabIndex={0} style={{ marginInlineEnd: 0, fontWeight: 400 }}>
                  {t(`${K}.primary`)}
                </Tag>
              </Tooltip>
            )}
          </Flex>
          {/* on a wide screen a long address ends in "…", the whole of it in its title; on a phone (no pointer to
              show a title) it wraps */}
          <Sub
            style={{
              fontFamily: token.fontFamilyCode,
              fontWeight: 400,
              ...(wide
                ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 280 }
                : BREAK_ANYWHERE),
            }}
          >
            <span title={c.url}>{c.url}</span>
          </Sub>
        </div>
      ),
    },
    {
      key: 'signIn',
      title: t(`${K}.columns.signIn`),
      render: (_, c) => (
        <>
          <div style={BREAK_ANYWHERE}>
            {c.signIn === 'account'
              ? t(`${K}.accountAs`, { username: c.username })
              : CONNECTOR_URL.test(c.url)
                ? t(`${K}.signIns.siteManager`)
                : t(`${K}.signIns.apiKey`)}
          </div>
          <Sub style={NOWRAP}>{flavorText(c)}</Sub>
        </>
      ),
    },
    {
      key: 'sites',
      dataIndex: 'siteCount',
      title: t(`${K}.columns.sites`),
      align: 'end',
      render: (count: number) => <span style={NOWRAP}>{formatNumber(count, language)}</span>,
    },
    {
      key: 'state',
      title: t(`${K}.columns.state`),
      // on a phone the tag sits in the card's head, what the check found below it
      render: (_, c) =>
        wide ? (
          <>
            <StateTag state={c.state} />
            <LastCheck state={c.state} language={language} onTrust={(fingerprint) => openDialog(c, fingerprint)} />
          </>
        ) : (
          <StateTag state={c.state} />
        ),
    },
    ...(wide
      ? []
      : [
          {
            key: 'lastCheck',
            title: t(`${K}.columns.lastCheck`),
            render: (_: unknown, c: ControllerView) =>
              c.state ? (
                <LastCheck state={c.state} language={language} onTrust={(fingerprint) => openDialog(c, fingerprint)} />
              ) : (
                NONE
              ),
          },
        ]),
    { key: 'actions', title: t('common.actions'), align: 'end', render: (_, c) => actions(c) },
  ];

  return (
    <Card size="small" title={t(`${K}.title`)}>
      {messageHolder}
      <Typography.Paragraph type="secondary">{t(`${K}.hint`)}</Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog(null)}>
          {t(`${K}.add`)}
        </Button>
        <Button
          icon={<CloudOutlined aria-hidden />}
          onClick={() => {
            setOutcome(null);
            setFromCloud(true);
          }}
        >
          {t(`${K}.addFromCloud`)}
        </Button>
      </Flex>
      {outcome && (
        <Alert
          type={outcome.check.ok ? 'success' : 'warning'}
          showIcon
          role="status"
          title={outcomeTitle(t, outcome.name, outcome.check)}
          description={
            <>
              <div>{reasonText(t, outcome.check)}</div>
              {outcome.check.controller && (
                <div style={BREAK_ANYWHERE}>{t(`${K}.address`, { url: outcome.check.controller })}</div>
              )}
            </>
          }
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
        card={{ title: ['name'], status: 'state', actions: 'actions', fields: ['signIn', 'sites', 'lastCheck'] }}
        aria-label={t(`${K}.title`)}
      />
      {fromCloud && <CloudConsolesModal onAdded={() => onChanged?.()} onClose={() => setFromCloud(false)} />}
      {dialog && (
        <ControllerModal
          controller={dialog.controller}
          trust={dialog.trust}
          onSaved={onSaved}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
