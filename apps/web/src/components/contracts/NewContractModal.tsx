import type { Contract, ContractInput } from '@it4u/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../feedback/useNotice.ts';
import { conflictFields } from '../form/conflictFields.ts';
import { FormModal } from '../form/FormModal.tsx';
import { showFormError } from '../form/showFormError.ts';
import { useCreateContractMutation } from './useCreateContractMutation.ts';

/** The fields of the dialog, as typed (the body sends them trimmed). */
type Values = Pick<ContractInput, 'clientName' | 'numContract' | 'street' | 'phone' | 'servicePlans'>;

type Props = { initialName?: string; onCreated: (contract: Contract) => void; onClose: () => void };

/** A small dialog to register a customer contract from the stock-out row. */
export function NewContractModal({ initialName, onCreated, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const create = useCreateContractMutation();
  const [form] = Form.useForm<Values>();

  const onFinish = (values: Values) => {
    const input: ContractInput = {
      clientName: values.clientName.trim(),
      numContract: values.numContract.trim(),
      street: values.street?.trim() ?? '',
      phone: values.phone?.trim() ?? '',
      servicePlans: values.servicePlans?.trim() ?? '',
    };
    create.mutate(input, {
      onSuccess: (contract) => {
        notice.success(t('notices.added'));
        onCreated(contract);
        onClose();
      },
      onError: (error) => {
        if (conflictFields(error).includes('numContract')) {
          form.setFields([{ name: 'numContract', errors: [t('common.contract.duplicate')] }]);
        }
        showFormError(form, error, notice);
      },
    });
  };

  return (
    <FormModal
      title={t('common.contract.newTitle')}
      okText={t('common.add')}
      form={form}
      pending={create.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="newContract"
        initialValues={{ clientName: initialName ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="clientName"
          label={t('common.contract.clientName')}
          rules={[{ required: true, whitespace: true, message: t('common.contract.required.clientName') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="numContract"
          label={t('common.contract.numContract')}
          rules={[{ required: true, whitespace: true, message: t('common.contract.required.numContract') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="street" label={t('common.contract.street')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('common.contract.phone')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="servicePlans" label={t('common.contract.servicePlans')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
