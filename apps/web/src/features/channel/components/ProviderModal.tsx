import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { conflictFields } from '../../../components/conflictFields.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFormError } from '../../../components/showFormError.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { useAddProviderMutation } from '../useAddProviderMutation.ts';

type Props = { onClose: () => void };
type Values = { name: string };

/** Add a provider (names are unique). */
export function ProviderModal({ onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const add = useAddProviderMutation();
  const [form] = Form.useForm<Values>();

  const onFinish = (values: Values) =>
    add.mutate(values.name.trim(), {
      onSuccess: () => {
        notice.success(t('notices.added'));
        onClose();
      },
      onError: (error) => {
        if (conflictFields(error).includes('name')) {
          form.setFields([{ name: 'name', errors: [t('channel.provider.duplicate')] }]);
          return;
        }
        showFormError(form, error, notice);
      },
    });

  return (
    <FormModal
      title={t('channel.provider.title')}
      okText={t('common.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
    >
      <Form<Values> form={form} layout="vertical" name="channelProvider" onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('channel.provider.name')}
          rules={[
            { required: true, whitespace: true, message: t('channel.required', { title: t('channel.provider.name') }) },
            { max: 100 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
