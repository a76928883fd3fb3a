import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { SlaMail } from '@it4u/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call.ts';
import { errorText } from '../../api/errors.ts';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { recipientsRule } from '../../components/form/addresses.ts';
import { FormModal } from '../../components/form/FormModal.tsx';
import { showFormError } from '../../components/form/showFormError.ts';

type Values = {
  enabled: boolean;
  language: SlaMail['language'];
  to?: string[];
  customers?: { customerId?: number; to?: string[] }[];
};

const slaMailKey = ['sla', 'mail'] as const;

/** A customer of the register, found by what is typed (name, contract number). */
function CustomerPicker({
  value,
  onChange,
  known,
  id,
}: {
  value?: number;
  onChange?: (id: number) => void;
  known?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['customers', 'pick', q],
    queryFn: () => call('GET /it4u/customers', { query: { page: 1, pageSize: 20, ...(q && { q }) } }),
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.companyName || c.clientName} (${c.numContract})`,
  }));
  if (value !== undefined && known && !options.some((o) => o.value === value)) options.unshift({ value, label: known });
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setQ }}
      loading={found.isFetching}
      placeholder={t('sla.mail.pickCustomer')}
      notFoundContent={found.isError ? errorText(found.error, t) : undefined}
      options={options}
      style={{ minWidth: 220 }}
    />
  );
}

/**
 * The monthly mail of the availability report, for those who set the mail: on or off, its language, the operator's
 * addresses, and the customers who get their own report with theirs; a month's reports sent now.
 */
export function SlaMailModal({
  month: first,
  latest,
  onClose,
}: {
  /** the month offered to send now, 'YYYY-MM' */
  month: string;
  /** the latest month that may be picked */
  latest: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const settings = useQuery({ queryKey: slaMailKey, queryFn: () => call('GET /it4u/sla/mail') });
  const save = useMutation({
    mutationFn: (body: SlaMail) => call('PUT /it4u/sla/mail', { body }),
    onSuccess: (saved) => client.setQueryData(slaMailKey, saved),
  });
  const [month, setMonth] = useState<Dayjs>(() => dayjs(`${first}-01`));
  const send = useMutation({
    mutationFn: (m: string) => call('POST /it4u/sla/mail/send', { body: { month: m } }),
    onSuccess: (r) => {
      if (r.failed === 0) notice.success(t('sla.mail.sent', { count: r.sent }));
      else notice.failure(t('sla.mail.sentFailed', { sent: r.sent, failed: r.failed }));
    },
    onError: (e) => notice.error(e),
  });
  const names = new Map((settings.data?.customers ?? []).map((c) => [c.customerId, c.name]));
  const addresses = recipientsRule(t);

  const onFinish = (v: Values) =>
    save.mutate(
      {
        enabled: v.enabled,
        language: v.language,
        to: v.to ?? [],
        customers: (v.customers ?? [])
          .filter((c) => c.customerId !== undefined)
          .map((c) => ({ customerId: c.customerId as number, to: c.to ?? [] })),
      },
      {
        onSuccess: () => {
          notice.success(t('notices.saved'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );

  return (
    <FormModal
      title={t('sla.mail.title')}
      okText={t('common.save')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <QueryView
        query={settings}
        empty={settings.data === undefined}
        emptyText={null}
        errorTitle={t('sla.mail.failed')}
      >
        {settings.data && (
          <Form<Values>
            form={form}
            layout="vertical"
            name="slaMail"
            initialValues={{
              enabled: settings.data.enabled,
              language: settings.data.language,
              to: settings.data.to,
              customers: settings.data.customers.map((c) => ({ customerId: c.customerId, to: c.to })),
            }}
            onFinish={onFinish}
          >
            <Form.Item name="enabled" label={t('sla.mail.enabled')} valuePropName="checked" extra={t('sla.mail.when')}>
              <Switch />
            </Form.Item>
            <Form.Item name="language" label={t('sla.mail.language')}>
              <Select
                options={[
                  { value: 'Vietnamese', label: 'Tiếng Việt' },
                  { value: 'English', label: 'English' },
                ]}
              />
            </Form.Item>
            <Form.Item name="to" label={t('sla.mail.to')} extra={t('sla.mail.toHint')} rules={[addresses]}>
              <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
            </Form.Item>
            <Typography.Text strong>{t('sla.mail.customers')}</Typography.Text>
            <Typography.Paragraph type="secondary">{t('sla.mail.customersHint')}</Typography.Paragraph>
            <Form.List name="customers">
              {(rows, { add, remove }) => (
                <>
                  {rows.map((row, i) => (
                    <Flex key={row.key} wrap gap={8} align="start">
                      <Form.Item
                        name={[row.name, 'customerId']}
                        label={t('sla.mail.customer', { n: i + 1 })}
                        rules={[{ required: true, message: t('sla.mail.pickCustomer') }]}
                        style={{ flex: '1 1 220px' }}
                      >
                        <CustomerPicker known={names.get(form.getFieldValue(['customers', row.name, 'customerId']))} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'to']}
                        label={t('sla.mail.customerTo', { n: i + 1 })}
                        rules={[addresses, { required: true, message: t('sla.mail.addressNeeded') }]}
                        style={{ flex: '2 1 260px' }}
                      >
                        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
                      </Form.Item>
                      <Button
                        aria-label={t('sla.mail.remove', { n: i + 1 })}
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => remove(row.name)}
                        style={{ marginTop: 30 }}
                      />
                    </Flex>
                  ))}
                  <Button
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => add({ to: [] })}
                    style={{ marginBottom: 16 }}
                  >
                    {t('sla.mail.addCustomer')}
                  </Button>
                </>
              )}
            </Form.List>
            <Typography.Text strong style={{ display: 'block' }}>
              {t('sla.mail.now')}
            </Typography.Text>
            <Typography.Paragraph type="secondary">{t('sla.mail.nowHint')}</Typography.Paragraph>
            <Space wrap>
              <DatePicker
                picker="month"
                format="MM/YYYY"
                allowClear={false}
                aria-label={t('sla.month')}
                value={month}
                disabledDate={(d) => d.format('YYYY-MM') > latest}
                onChange={(d) => d && setMonth(d)}
              />
              <Button
                icon={<SendOutlined aria-hidden />}
                loading={send.isPending}
                onClick={() => send.mutate(month.format('YYYY-MM'))}
              >
                {t('sla.mail.sendNow')}
              </Button>
            </Space>
          </Form>
        )}
      </QueryView>
    </FormModal>
  );
}
