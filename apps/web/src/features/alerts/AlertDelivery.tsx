import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AlertDeliveryLine, AlertDelivery as Settings, Webhook, WebhookInput } from '@it4u/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Flex, Form, Input, List, Popconfirm, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call.ts';
import { QueryView, useListState } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { recipientsRule } from '../../components/form/addresses.ts';
import { FormModal } from '../../components/form/FormModal.tsx';
import { showFormError } from '../../components/form/showFormError.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { RegisterTable } from '../../components/table/RegisterTable.tsx';
import { alertKeys } from './alertsQueries.ts';

const deliveryKey = [...alertKeys.all, 'delivery'] as const;
const FORMATS: Webhook['format'][] = ['json', 'slack', 'discord', 'googleChat', 'teams'];
const DIGESTS = [0, 15, 60, 240, 1440] as const;

/** The alerts' mail: on or off, to whom, at once or a digest, in which language. */
function MailSettings({ saved }: { saved: Settings }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const client = useQueryClient();
  const [form] = Form.useForm<{
    enabled: boolean;
    to: string[];
    digestMinutes: number;
    language: Settings['language'];
  }>();
  const save = useMutation({
    mutationFn: (body: Settings) => call('PUT /it4u/alerts/delivery', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKey }),
  });
  return (
    <Form
      form={form}
      layout="vertical"
      name="alertMail"
      style={{ maxWidth: 640 }}
      initialValues={{ ...saved.mail, language: saved.language }}
      onFinish={(v) =>
        save.mutate(
          {
            mail: {
              enabled: v.enabled,
              to: v.to ?? [],
              digestMinutes: v.digestMinutes as Settings['mail']['digestMinutes'],
            },
            language: v.language,
          },
          { onSuccess: () => notice.success(t('notices.saved')), onError: (e) => showFormError(form, e, notice) },
        )
      }
    >
      <Form.Item name="enabled" label={t('alerts.delivery.mailOn')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="to"
        label={t('alerts.delivery.to')}
        extra={t('alerts.delivery.toHint')}
        rules={[recipientsRule(t)]}
      >
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="digestMinutes" label={t('alerts.delivery.when')}>
        <Select options={DIGESTS.map((m) => ({ value: m, label: t(`alerts.delivery.digest.${m}`) }))} />
      </Form.Item>
      <Form.Item name="language" label={t('alerts.delivery.language')}>
        <Select
          options={[
            { value: 'Vietnamese', label: 'Tiếng Việt' },
            { value: 'English', label: 'English' },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/** Adds or changes a webhook; a secret made now is shown once. */
function WebhookModal({
  editing,
  onClose,
  onSecret,
}: {
  editing: Webhook | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const client = useQueryClient();
  const [form] = Form.useForm<WebhookInput>();
  const save = useMutation({
    mutationFn: (body: WebhookInput) =>
      editing
        ? call('PUT /it4u/alerts/webhooks/:id', { params: { id: editing.id }, body })
        : call('POST /it4u/alerts/webhooks', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKey }),
  });
  return (
    <FormModal
      title={editing ? t('alerts.delivery.editWebhook') : t('alerts.delivery.addWebhook')}
      okText={t('common.save')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<WebhookInput>
        form={form}
        layout="vertical"
        name="webhook"
        initialValues={editing ?? { name: '', url: 'https://', format: 'json', enabled: true }}
        onFinish={(v) =>
          save.mutate(
            { ...v, name: v.name.trim(), url: v.url.trim() },
            {
              onSuccess: (saved) => {
                onClose();
                if (saved.secret) onSecret(saved.secret);
                else notice.success(t('notices.saved'));
              },
              onError: (e) => showFormError(form, e, notice),
            },
          )
        }
      >
        <Form.Item
          name="name"
          label={t('alerts.delivery.name')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('alerts.delivery.url')}
          extra={t('alerts.delivery.urlHint')}
          rules={[
            { required: true, max: 2000 },
            { pattern: /^https?:\/\/\S+$/, message: t('alerts.delivery.urlInvalid') },
          ]}
        >
          <Input inputMode="url" />
        </Form.Item>
        <Form.Item name="format" label={t('alerts.delivery.format')}>
          <Select options={FORMATS.map((f) => ({ value: f, label: t(`alerts.delivery.formats.${f}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('alerts.delivery.webhookOn')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {editing && (
          <Form.Item name="newSecret" valuePropName="checked">
            <Checkbox>{t('alerts.delivery.newSecret')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

function Webhooks({ hooks }: { hooks: Webhook[] }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => call('DELETE /it4u/alerts/webhooks/:id', { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKey }),
    onError: (e) => notice.error(e),
  });
  return (
    <>
      <Typography.Paragraph type="secondary">{t('alerts.delivery.webhooksHelp')}</Typography.Paragraph>
      <List
        dataSource={hooks}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.delivery.noWebhooks')} />,
        }}
        renderItem={(hook) => (
          <List.Item
            key={hook.id}
            actions={[
              <Button
                key="edit"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('alerts.delivery.editNamed', { name: hook.name })}
                onClick={() => setEditing(hook)}
              />,
              <Popconfirm
                key="delete"
                title={t('alerts.delivery.removeSure', { name: hook.name })}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => remove.mutate(hook.id)}
              >
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('alerts.delivery.removeNamed', { name: hook.name })}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Flex gap={8} wrap align="center">
                  {hook.name}
                  <Tag>{t(`alerts.delivery.formats.${hook.format}`)}</Tag>
                  {!hook.enabled && <Tag>{t('alerts.ruleOff')}</Tag>}
                </Flex>
              }
              // the address's origin only: a chat service's path is its own secret
              description={new URL(hook.url).origin}
            />
          </List.Item>
        )}
      />
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
        {t('alerts.delivery.addWebhook')}
      </Button>
      {editing !== undefined && (
        <WebhookModal editing={editing} onClose={() => setEditing(undefined)} onSecret={setSecret} />
      )}
      {secret && (
        <FormModal
          title={t('alerts.delivery.secretTitle')}
          okText={t('alerts.delivery.secretDone')}
          form={{ submit: () => setSecret(null) }}
          pending={false}
          onClose={() => setSecret(null)}
        >
          <Typography.Paragraph>{t('alerts.delivery.secretOnce')}</Typography.Paragraph>
          <Typography.Paragraph code copyable>
            {secret}
          </Typography.Paragraph>
        </FormModal>
      )}
    </>
  );
}

function DeliveryLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [...alertKeys.all, 'deliveries', page],
    queryFn: () => call('GET /it4u/alerts/deliveries', { query: { page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const rows = log.data?.items ?? [];
  const state = useListState(log, {
    rows: rows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.delivery.noDeliveries')} />,
  });
  return (
    <>
      {state.alert}
      <RegisterTable<AlertDeliveryLine>
        aria-label={t('alerts.delivery.logTitle')}
        size="small"
        rowKey="id"
        card={{ title: ['at', 'kind'], status: 'status', fields: ['event', 'to', 'attempts', 'answer'] }}
        scroll={{ x: 'max-content' }}
        loading={state.loading}
        locale={state.locale}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: 20,
          total: log.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'at', title: t('alerts.delivery.at'), render: (_, r) => formatDateTime(r.at) },
          { key: 'kind', title: t('alerts.delivery.alert'), render: (_, r) => t(`alerts.rules.${r.kind}`) },
          { key: 'event', title: t('alerts.delivery.event'), render: (_, r) => t(`alerts.delivery.events.${r.event}`) },
          {
            key: 'to',
            title: t('alerts.delivery.channel'),
            render: (_, r) => (r.channel === 'mail' ? t('alerts.delivery.mail') : r.webhook),
          },
          {
            key: 'status',
            title: t('alerts.delivery.status'),
            render: (_, r) => (
              <Tag color={r.status === 'sent' ? 'green' : r.status === 'failed' ? 'red' : 'gold'}>
                {t(`alerts.delivery.statuses.${r.status}`)}
              </Tag>
            ),
          },
          { key: 'attempts', title: t('alerts.delivery.attempts'), dataIndex: 'attempts' },
          { key: 'answer', title: t('alerts.delivery.answer'), render: (_, r) => r.answer ?? '—' },
        ]}
      />
    </>
  );
}

/** Where the alerts go (ROLE_ADMIN): the mail, the webhooks, and what was sent. */
export function AlertDelivery() {
  const { t } = useTranslation();
  const delivery = useQuery({ queryKey: deliveryKey, queryFn: () => call('GET /it4u/alerts/delivery') });
  return (
    <QueryView query={delivery} empty={delivery.data === undefined} emptyText={null}>
      {delivery.data && (
        <Flex vertical gap={24}>
          <section aria-labelledby="alerts-mail">
            <Typography.Title level={2} id="alerts-mail" style={{ fontSize: 16 }}>
              {t('alerts.delivery.mailTitle')}
            </Typography.Title>
            <MailSettings saved={delivery.data.settings} />
          </section>
          <section aria-labelledby="alerts-webhooks">
            <Typography.Title level={2} id="alerts-webhooks" style={{ fontSize: 16 }}>
              {t('alerts.delivery.webhooksTitle')}
            </Typography.Title>
            <Webhooks hooks={delivery.data.webhooks} />
          </section>
          <section aria-labelledby="alerts-log">
            <Typography.Title level={2} id="alerts-log" style={{ fontSize: 16 }}>
              {t('alerts.delivery.logTitle')}
            </Typography.Title>
            <DeliveryLog />
          </section>
        </Flex>
      )}
    </QueryView>
  );
}
