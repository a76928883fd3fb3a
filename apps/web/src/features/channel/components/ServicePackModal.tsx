import type { ServicePackInput } from '@it4u/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { conflictFields } from '../../../components/conflictFields.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFormError } from '../../../components/showFormError.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { useAddServicePackMutation } from '../useAddServicePackMutation.ts';
import { useProvidersQuery } from '../useProvidersQuery.ts';

type Props = { providerId?: number | null; onClose: () => void };
type Values = { providerId: number | undefined; servicePack: string; value?: string };

/** Add a service pack (name and value) to a provider. */
export function ServicePackModal({ providerId, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const providers = useProvidersQuery();
  const add = useAddServicePackMutation();
  const [form] = Form.useForm<Values>();

  const onFinish = (values: Values) => {
    if (values.providerId === undefined) return;
    const input: ServicePackInput = {
      servicePack: values.servicePack.trim(),
      value: (values.value ?? '').trim(),
      channelName: { id: values.providerId },
    };
    add.mutate(input, {
      onSuccess: () => {
        notice.success(t('notices.added'));
        onClose();
      },
      onError: (error) => {
        const fields = conflictFields(error);
        if (fields.includes('servicePack')) {
          form.setFields([{ name: 'servicePack', errors: [t('channel.servicePack.duplicate')] }]);
          return;
        }
        showFormError(form, error, notice);
      },
    });
  };

  const required = (title: string) => ({ required: true, message: t('channel.required', { title }) });
  return (
    <FormModal
      title={t('channel.servicePack.title')}
      okText={t('common.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="channelServicePack"
        initialValues={{ providerId: providerId ?? undefined, servicePack: '', value: '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="providerId"
          label={t('channel.fields.provider')}
          rules={[required(t('channel.fields.provider'))]}
        >
          <Select<number>
            loading={providers.isFetching}
            placeholder={t('channel.registration.pickProvider')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="servicePack"
          label={t('channel.fields.servicePack')}
          rules={[{ ...required(t('channel.fields.servicePack')), whitespace: true }, { max: 200 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="value" label={t('channel.fields.value')} rules={[{ max: 200 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
