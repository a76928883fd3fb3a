import { MailOutlined } from '@ant-design/icons';
import type { MailOutcome } from '@it4u/shared';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { EMAIL } from '../../../components/form/addresses.ts';
import { useCurrentUser } from '../../../session/useCurrentUser.ts';
import { FORM_STYLE } from './mailForms.ts';
import { useSendMailMutation } from './mailQueries.ts';
import { OutcomeAlert } from './OutcomeAlert.tsx';

/** Sends a test mail to one address (the signed-in user's by default) and shows what the send found. */
export function TestMail() {
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
