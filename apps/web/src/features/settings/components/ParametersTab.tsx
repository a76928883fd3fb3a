// Over 300 lines: the Parameter tab is one form (controller, SSH host, terminal) with its checks and the metrics token.
import { ApiOutlined, KeyOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type ControllerCheck,
  SECRET_PARAMETERS,
  type SessionCheck,
  SSH_SECRETS,
  type SystemParameters,
} from '@it4u/shared';
import {
  Alert,
  Button,
  Divider,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { codeText, isStatus } from '../../../api/errors.ts';
import { ControllerError } from '../../../components/feedback/ControllerError.tsx';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { BackupsCard } from '../backups/BackupsCard.tsx';
import { ControllersCard } from '../controllers/ControllersCard.tsx';
import { DemoLeftovers } from '../controllers/DemoLeftovers.tsx';
import { hasControllerAddress, isControllerAccount, toParametersBody } from '../parameters.ts';
import { useCheckControllerMutation } from '../useCheckControllerMutation.ts';
import { useGenerateMetricsTokenMutation, useMetricsTokenQuery } from '../useMetricsToken.ts';
import { useParametersQuery } from '../useParametersQuery.ts';
import { useSaveParametersMutation } from '../useSaveParametersMutation.ts';

const FIELD_STYLE = { maxWidth: 560 };

/** The Parameter tab: controller credentials and tokens (ROLE_ADMIN). */

/** Secrets shown in a part of their own (the controller host's, the terminal's). */
const OWN_SECTIONS: readonly string[] = [...SSH_SECRETS, 'terminalPassword'];
export function ParametersTab() {
  const parameters = useParametersQuery();
  // The form takes its values when it is drawn: a controller added, changed or removed above (the first one is the
  // form's) draws it again with the values asked again, which its own saves do not (their outcome stays shown).
  const [controllersChanged, setControllersChanged] = useState(0);

  if (isStatus(parameters.error, 403)) return <Navigate to="/403" replace />;
  return (
    <Flex vertical gap={24}>
      <ControllersCard onChanged={() => setControllersChanged((n) => n + 1)} />
      <DemoLeftovers />
      {parameters.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : parameters.isError ? (
        <QueryErrorAlert query={parameters} />
      ) : (
        <ParametersForm key={controllersChanged} initial={parameters.data} />
      )}
      <BackupsCard />
    </Flex>
  );
}

type FormProps = { initial: SystemParameters };

/** What a controller check found, in the reader's language, with the controller's address when it is given. */
function checkText(t: TFunction, check: ControllerCheck): string {
  const text = codeText(t, check.code, check.params) ?? check.message;
  return check.controller ? `${text} (${check.controller})` : text;
}

export function ParametersForm({ initial }: FormProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<SystemParameters>();
  const save = useSaveParametersMutation();
  const check = useCheckControllerMutation();
  const [tested, setTested] = useState<ControllerCheck | null>(null);
  const [session, setSession] = useState<SessionCheck | null>(null);

  const onFinish = (values: SystemParameters) => {
    setTested(null);
    save.mutate(toParametersBody(values), {
      onSuccess: (answer) => {
        notice.success(t('notices.saved'));
        setTested(answer.controller);
      },
      // A failed parameter save always shows the generic message; a refused field says why under it.
      onError: (error) => {
        form.setFields(
          notice.fieldErrors(error).map((f) => ({ name: f.field as keyof SystemParameters, errors: [f.message] })),
        );
        notice.failure(t('errors.generic'));
      },
    });
  };

  const onCheck = () => {
    setSession(null);
    check.mutate(undefined, { onSuccess: setSession });
  };

  const required = (field: keyof SystemParameters) => [
    { required: true, whitespace: true, message: t(`settings.parameters.required.${field}`) },
  ];
  // The controller's user and password are needed only with an address (without one the demo controller is used):
  // their rule follows the address, checked again when it changes; the mark and the hint follow it too.
  const hasAddress = hasControllerAddress(Form.useWatch('urlUbnt', form) ?? initial.urlUbnt);
  const rulesOf = (field: keyof SystemParameters): FormRule[] =>
    isControllerAccount(field)
      ? [
          ({ getFieldValue }) => ({
            required: hasControllerAddress(getFieldValue('urlUbnt')),
            whitespace: true,
            message: t(`settings.parameters.required.${field}`),
          }),
        ]
      : required(field);
  // The shared device token likewise follows its switch: needed only while it is accepted.
  const sharedOn = (Form.useWatch('tokenDevEnabled', form) ?? initial.tokenDevEnabled) !== false;
  const itemProps = (field: keyof SystemParameters) => {
    const keep = initial[field] ? t('settings.parameters.keepSecret') : undefined;
    if (field === 'tokenDev')
      return {
        rules: [
          ({ getFieldValue }) => ({
            required: getFieldValue('tokenDevEnabled') !== false,
            whitespace: true,
            message: t('settings.parameters.required.tokenDev'),
          }),
        ] satisfies FormRule[],
        dependencies: ['tokenDevEnabled'],
        required: sharedOn,
        extra: keep ?? (sharedOn ? undefined : t('settings.parameters.tokenDevOptional')),
      };
    if (!isControllerAccount(field)) return { rules: rulesOf(field), extra: keep };
    return {
      rules: rulesOf(field),
      dependencies: ['urlUbnt'],
      required: hasAddress,
      extra: keep ?? (hasAddress ? undefined : t('settings.parameters.accountOptional')),
    };
  };

  return (
    <Form<SystemParameters>
      form={form}
      layout="vertical"
      name="parameters"
      initialValues={{
        ...initial,
        urlUbnt: initial.urlUbnt ?? '',
        verifyTls: initial.verifyTls !== false,
        tokenDevEnabled: initial.tokenDevEnabled !== false,
      }}
      onFinish={onFinish}
      style={FIELD_STYLE}
    >
      <Form.Item name="urlUbnt" label={t('settings.parameters.urlUbnt')} extra={t('settings.parameters.urlUbntHint')}>
        <Input autoComplete="off" placeholder="https://controller:8443" inputMode="url" />
      </Form.Item>
      <Form.Item
        name="verifyTls"
        label={t('settings.parameters.verifyTls')}
        valuePropName="checked"
        extra={t('settings.parameters.verifyTlsHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="usernameUbnt" label={t('settings.parameters.usernameUbnt')} {...itemProps('usernameUbnt')}>
        <Input autoComplete="off" />
      </Form.Item>
      {SECRET_PARAMETERS.filter((name) => !OWN_SECTIONS.includes(name)).map((name) => (
        <Form.Item key={name} name={name} label={t(`settings.parameters.${name}`)} {...itemProps(name)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ))}
      <Form.Item
        name="tokenDevEnabled"
        label={t('settings.parameters.tokenDevEnabled')}
        valuePropName="checked"
        extra={t('settings.parameters.tokenDevEnabledHint')}
      >
        <Switch />
      </Form.Item>

      <Divider />
      <Typography.Title level={5}>{t('settings.parameters.sshTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.parameters.sshHint')}</Typography.Paragraph>
      <Form.Item name="sshHost" label={t('settings.parameters.sshHost')}>
        <Input autoComplete="off" placeholder="unifi.example.vn" />
      </Form.Item>
      <Form.Item name="sshPort" label={t('settings.parameters.sshPort')}>
        <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="sshUser"
        label={t('settings.parameters.sshUser')}
        dependencies={['sshHost']}
        rules={[
          ({ getFieldValue }) => ({
            required: hasControllerAddress(getFieldValue('sshHost')),
            whitespace: true,
            message: t('apiErrors.sshUserRequired'),
          }),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="sshPassword"
        label={t('settings.parameters.sshPassword')}
        extra={initial.sshPassword ? t('settings.parameters.keepSecret') : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="sshKey"
        label={t('settings.parameters.sshKey')}
        extra={initial.sshKey ? t('settings.parameters.keepSecret') : undefined}
      >
        <Input.TextArea rows={3} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="unifiDataDir" label={t('settings.parameters.unifiDataDir')}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label={t('settings.parameters.sshHostKey')}>
        <Typography.Text code={Boolean(initial.sshHostKey)} type={initial.sshHostKey ? undefined : 'secondary'}>
          {initial.sshHostKey || t('settings.parameters.sshHostKeyNone')}
        </Typography.Text>
      </Form.Item>

      <Divider />
      <Typography.Title level={5}>{t('settings.parameters.terminalTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.parameters.terminalHint')}</Typography.Paragraph>
      <Form.Item
        name="terminalPassword"
        label={t('settings.parameters.terminalPassword')}
        extra={initial.terminalPassword ? t('settings.parameters.keepSecret') : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>

      <Divider />
      <MetricsTokenPart />

      {tested && (
        <Alert
          type={tested.ok ? 'success' : 'warning'}
          showIcon
          role="status"
          title={t(tested.ok ? 'settings.parameters.controllerOk' : 'settings.parameters.controllerFailed')}
          description={checkText(t, tested)}
          style={{ marginBottom: 16 }}
          closable={{ onClose: () => setTested(null), 'aria-label': t('common.dismiss') }}
        />
      )}
      {check.isError && <ControllerError error={check.error} retrying={check.isPending} onRetry={onCheck} />}
      {session && (
        <Alert
          type={session.ok ? 'success' : 'warning'}
          showIcon
          role="status"
          title={
            <Space wrap size={4}>
              {t(session.ok ? 'settings.parameters.sessionOk' : 'settings.parameters.sessionFailed')}
              {session.demo && <Tag color="gold">{t('controller.demo')}</Tag>}
              {session.flavor && <Tag>{session.flavor}</Tag>}
            </Space>
          }
          description={checkText(t, session)}
          style={{ marginBottom: 16 }}
          closable={{ onClose: () => setSession(null), 'aria-label': t('common.dismiss') }}
        />
      )}

      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
          {t('common.save')}
        </Button>
        <Button icon={<ApiOutlined aria-hidden />} loading={check.isPending} onClick={onCheck}>
          {t('settings.parameters.checkSession')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * The token GET /metrics asks for: the generated one, shown with a copy button and generated again on demand;
 * METRICS_TOKEN's is not shown; without one, /metrics answers only this machine. Outside the form: not saved with it.
 */
function MetricsTokenPart() {
  const { t } = useTranslation();
  const notice = useNotice();
  const token = useMetricsTokenQuery();
  const generate = useGenerateMetricsTokenMutation();
  const onGenerate = () => generate.mutateAsync().catch((error: unknown) => notice.error(error));
  const info = token.data;
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{t('settings.parameters.metricsTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.parameters.metricsHint')}</Typography.Paragraph>
      <QueryErrorAlert query={token} />
      {info?.source === 'env' && <Typography.Paragraph>{t('settings.parameters.metricsEnv')}</Typography.Paragraph>}
      {info?.source === 'none' && (
        <Flex vertical gap={8} align="flex-start">
          <Typography.Text>{t('settings.parameters.metricsNone')}</Typography.Text>
          <Button icon={<KeyOutlined aria-hidden />} loading={generate.isPending} onClick={onGenerate}>
            {t('settings.parameters.metricsGenerate')}
          </Button>
        </Flex>
      )}
      {info?.source === 'generated' && info.token && (
        <Flex vertical gap={8} align="flex-start" style={{ maxWidth: '100%' }}>
          <Typography.Text code copyable={{ text: info.token }} style={{ wordBreak: 'break-all' }}>
            {info.token}
          </Typography.Text>
          <Popconfirm
            title={t('settings.parameters.metricsRegenerateConfirm')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={onGenerate}
          >
            <Button icon={<KeyOutlined aria-hidden />} loading={generate.isPending}>
              {t('settings.parameters.metricsRegenerate')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </div>
  );
}
