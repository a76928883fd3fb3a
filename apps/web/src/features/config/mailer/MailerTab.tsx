import { MailOutlined, RedoOutlined, SaveOutlined } from '@ant-design/icons';
import {
  LANGUAGES,
  type MailConfig,
  type MailConfigInput,
  type MailLogEntry,
  type MailOutcome,
  SECRET_MASK,
} from '@it4u/shared';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { codeText, isStatus } from '../../../api/errors.ts';
import { formatDateTime } from '../../../components/formatting.ts';
import { useListState } from '../../../components/ListState.tsx';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert.tsx';
import { type RegisterColumn, RegisterTable } from '../../../components/RegisterTable.tsx';
import { useNotice } from '../../../components/useNotice.ts';
import { useCurrentUser } from '../../../session/useCurrentUser.ts';
import {
  useMailConfigQuery,
  useMailLogQuery,
  useMailRunsQuery,
  useSaveMailConfigMutation,
  useSendMailMutation,
} from './mailQueries.ts';
import { scheduleProblemText, upcomingRuns, viewerTimeZone } from './schedule.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FORM_STYLE = { maxWidth: 720 };

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

/** What a send found, in the reader's language. */
const outcomeText = (t: TFunction, o: Pick<MailOutcome, 'code' | 'params'> & { message?: string; response?: string }) =>
  codeText(t, o.code, o.params) ?? o.message ?? o.response ?? '';

function MailForm({ initial }: { initial: MailConfig }) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<MailConfigInput>();
  const save = useSaveMailConfigMutation();
  const cron = Form.useWatch('cronjobMail', form) ?? initial.cronjobMail;
  const runs = upcomingRuns(cron, Date.now(), i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  const sameZone = viewerTimeZone() === 'Asia/Ho_Chi_Minh';
  const allowInsecure = Form.useWatch('allowInsecure', form) ?? initial.allowInsecure;

  const onFinish = (values: MailConfigInput) =>
    save.mutate(
      { ...values, fromMail: values.fromMail?.trim() ?? '', ccMail: values.ccMail ?? [] },
      {
        onSuccess: (saved) => {
          notice.success(t('notices.saved'));
          form.setFieldsValue({ passwordMail: saved.passwordMail });
        },
        onError: (error) => {
          const fields = notice.fieldErrors(error);
          form.setFields(fields.map((f) => ({ name: f.field as keyof MailConfigInput, errors: [f.message] })));
          if (fields.length === 0) notice.error(error);
        },
      },
    );

  const number = (name: keyof MailConfigInput, min: number, max: number) => (
    <Form.Item
      name={name}
      label={t(`mailer.fields.${name}`)}
      extra={t(`mailer.help.${name}`)}
      rules={[{ required: true, type: 'integer', min, max, message: t('mailer.between', { min, max }) }]}
    >
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Form<MailConfigInput>
      form={form}
      layout="vertical"
      name="mailer"
      style={FORM_STYLE}
      initialValues={initial}
      onFinish={onFinish}
      scrollToFirstError
    >
      {!initial.configured && (
        <Alert type="warning" showIcon title={t('mailer.notConfigured')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="cronjobMail"
        label={t('mailer.fields.cronjobMail')}
        extra={t('mailer.help.cronjobMail')}
        rules={[
          { required: true, whitespace: true, message: t('mailer.cronRequired') },
          {
            validator: (_, value: string) => {
              const problem = value?.trim() ? scheduleProblemText(t, value) : null;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      {runs.length > 0 && (
        <section aria-label={t('mailer.nextRuns')} style={{ marginBottom: 24 }}>
          <Typography.Text strong>{t('mailer.nextRuns')}</Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey="at"
            dataSource={runs}
            columns={[
              { key: 'operator', dataIndex: 'operator', title: t('mailer.operatorTime') },
              ...(sameZone
                ? []
                : [{ key: 'viewer', dataIndex: 'viewer', title: t('mailer.viewerTime', { zone: viewerTimeZone() }) }]),
            ]}
          />
        </section>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="serviceMail" label={t('mailer.fields.serviceMail')} extra={t('mailer.help.serviceMail')}>
            <Input autoComplete="off" placeholder="gmail" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="languageMail" label={t('mailer.fields.languageMail')}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`values.language.${l}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="hostMail" label={t('mailer.fields.hostMail')} extra={t('mailer.help.hostMail')}>
            <Input autoComplete="off" placeholder="smtp.example.vn" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {number('portMail', 1, 65_535)}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="usernameMail" label={t('mailer.fields.usernameMail')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="passwordMail"
            label={t('mailer.fields.passwordMail')}
            extra={initial.passwordMail === SECRET_MASK ? t('config.parameters.keepSecret') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="allowInsecure"
        valuePropName="checked"
        extra={t('mailer.help.allowInsecure')}
        style={allowInsecure ? { marginBottom: 8 } : undefined}
      >
        <Checkbox>{t('mailer.fields.allowInsecure')}</Checkbox>
      </Form.Item>
      {allowInsecure && (
        <Alert type="warning" showIcon role="alert" title={t('mailer.insecureWarning')} style={{ marginBottom: 24 }} />
      )}
      <Form.Item
        name="fromMail"
        label={t('mailer.fields.fromMail')}
        extra={t('mailer.help.fromMail')}
        rules={[{ pattern: EMAIL, message: t('mailer.badAddress') }]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="ccMail"
        label={t('mailer.fields.ccMail')}
        extra={t('mailer.help.ccMail')}
        rules={[
          {
            validator: (_, value: string[] | undefined) => {
              const bad = (value ?? []).find((a) => !EMAIL.test(a));
              return bad ? Promise.reject(new Error(t('mailer.badRecipient', { address: bad }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="subjectMail" label={t('mailer.fields.subjectMail')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="textMail" label={t('mailer.fields.textMail')} extra={t('mailer.help.textMail')}>
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {number('maxMessages', 1, 10_000)}
        </Col>
        <Col xs={24} md={8}>
          {number('rateDelta', 100, 3_600_000)}
        </Col>
        <Col xs={24} md={8}>
          {number('rateLimit', 0, 10_000)}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

function OutcomeAlert({ outcome, onClose }: { outcome: MailOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      role="status"
      title={t(outcome.ok ? 'mailer.sent' : 'mailer.notSent')}
      description={outcomeText(t, outcome)}
      closable={{ onClose, 'aria-label': t('common.dismiss') }}
      style={{ marginTop: 12 }}
    />
  );
}

function TestMail() {
  const { t } = useTranslation();
  const { data: me } = useCurrentUser();
  const send = useSendMailMutation();
  const notice = useNotice();
  const [outcome, setOutcome] = useState<MailOutcome | null>(null);
  return (
    <section aria-labelledby="mailer-test" style={FORM_STYLE}>
      <Typography.Title level={5} id="mailer-test">
        {t('mailer.testTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mailer.testHelp')}</Typography.Paragraph>
      <Form
        layout="vertical"
        name="mailTest"
        initialValues={{ to: me?.email ?? '' }}
        onFinish={({ to }: { to: string }) => {
          setOutcome(null);
          send.mutate({ to: to.trim() }, { onSuccess: setOutcome, onError: (e) => notice.error(e) });
        }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="to"
            label={t('mailer.testTo')}
            rules={[
              { required: true, message: t('mailer.testToRequired') },
              { pattern: EMAIL, message: t('mailer.badAddress') },
            ]}
            style={{ flex: 1, marginBottom: 0 }}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Space.Compact>
        <Button
          htmlType="submit"
          icon={<MailOutlined aria-hidden />}
          loading={send.isPending}
          style={{ marginTop: 12 }}
        >
          {t('mailer.sendTest')}
        </Button>
      </Form>
      {outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
    </section>
  );
}

function MailRuns() {
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

function MailLog() {
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
