import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { conflictFields } from '../../../components/form/conflictFields.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
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
          form.setFields([{ name: 'name', errors: [t('channels.provider.duplicate')] }]);
          return;
        }
        showFormError(form, error, notice);
      },
    });

  return (
    <FormModal
      title={t('channels.provider.title')}
      okText={t('common.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
    >
      <Form<Values> form={form} layout="vertical" name="channelProvider" onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('channels.provider.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('channels.required', { title: t('channels.provider.name') }),
            },
            { max: 100 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
