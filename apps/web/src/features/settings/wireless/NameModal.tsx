import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';

type Props = {
  title: string;
  label: string;
  /** the message when the name is left empty */
  required: string;
  max: number;
  /** the body's field the server names when it refuses the name */
  field: string;
  pending: boolean;
  save: (name: string, done: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onClose: () => void;
};

type Values = { name: string };

/** A dialog asking for one name: a new site, a new wifi group. */
export function NameModal({ title, label, required, max, field, pending, save, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<Values>();
  const onFinish = (values: Values) =>
    save(values.name.trim(), {
      onSuccess: () => {
        notice.success(t('notices.added'));
        onClose();
      },
      onError: (error) => showFormError(form, error, notice, (f) => (f === field ? 'name' : undefined)),
    });
  return (
    <FormModal title={title} okText={t('common.add')} form={form} pending={pending} onClose={onClose}>
      <Form<Values> form={form} layout="vertical" name="wirelessName" onFinish={onFinish}>
        <Form.Item name="name" label={label} rules={[{ required: true, whitespace: true, message: required }, { max }]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
