import { SaveOutlined } from '@ant-design/icons';
import { LANGUAGES, type MailConfig, type MailConfigInput, SECRET_MASK } from '@it4u/shared';
import { Alert, Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { EMAIL, recipientsRule } from '../../../components/form/addresses.ts';
import { FORM_STYLE } from './mailForms.ts';
import { useSaveMailConfigMutation } from './mailQueries.ts';
import { scheduleProblemText, upcomingRuns, viewerTimeZone } from './schedule.ts';

/** The mail settings form: schedule (with its next runs), SMTP server, sender, recipients, text and rate limits. */
export function MailForm({ initial }: { initial: MailConfig }) {
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
            extra={initial.passwordMail === SECRET_MASK ? t('settings.parameters.keepSecret') : undefined}
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
        rules={[recipientsRule(t)]}
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
