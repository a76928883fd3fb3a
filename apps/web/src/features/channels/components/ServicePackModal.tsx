import type { ServicePackInput } from '@it4u/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { conflictFields } from '../../../components/form/conflictFields.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
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
          form.setFields([{ name: 'servicePack', errors: [t('channels.servicePack.duplicate')] }]);
          return;
        }
        showFormError(form, error, notice);
      },
    });
  };

  const required = (title: string) => ({ required: true, message: t('channels.required', { title }) });
  return (
    <FormModal
      title={t('channels.servicePack.title')}
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
          label={t('channels.fields.provider')}
          rules={[required(t('channels.fields.provider'))]}
        >
          <Select<number>
            loading={providers.isFetching}
            placeholder={t('channels.registration.pickProvider')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="servicePack"
          label={t('channels.fields.servicePack')}
          rules={[{ ...required(t('channels.fields.servicePack')), whitespace: true }, { max: 200 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="value" label={t('channels.fields.value')} rules={[{ max: 200 }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
