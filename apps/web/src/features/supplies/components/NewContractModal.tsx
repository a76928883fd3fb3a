import type { Contract } from '@it4u/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { showFormError } from '../../../components/showFormError.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { conflictFields } from '../conflictFields.ts';
import { type ContractInput, useCreateContractMutation } from '../useCreateContractMutation.ts';

type Props = { initialName?: string; onCreated: (contract: Contract) => void; onClose: () => void };

/** A small dialog to register a customer contract from the stock-out row. */
export function NewContractModal({ initialName, onCreated, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const create = useCreateContractMutation();
  const [form] = Form.useForm<ContractInput>();

  const onFinish = (values: ContractInput) => {
    const input: ContractInput = {
      clientName: values.clientName.trim(),
      numContract: values.numContract.trim(),
      street: values.street?.trim() ?? '',
      phone: values.phone?.trim() ?? '',
      servicePlans: values.servicePlans?.trim() ?? '',
    };
    create.mutate(input, {
      onSuccess: (contract) => {
        notice.success(t('supplies.notices.added'));
        onCreated(contract);
        onClose();
      },
      onError: (error) => {
        if (conflictFields(error).includes('numContract')) {
          form.setFields([{ name: 'numContract', errors: [t('supplies.contract.duplicate')] }]);
        }
        showFormError(form, error, notice);
      },
    });
  };

  return (
    <FormModal
      title={t('supplies.contract.newTitle')}
      okText={t('common.add')}
      form={form}
      pending={create.isPending}
      onClose={onClose}
    >
      <Form<ContractInput>
        form={form}
        layout="vertical"
        name="newContract"
        initialValues={{ clientName: initialName ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="clientName"
          label={t('supplies.contract.clientName')}
          rules={[{ required: true, whitespace: true, message: t('supplies.contract.required.clientName') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="numContract"
          label={t('supplies.contract.numContract')}
          rules={[{ required: true, whitespace: true, message: t('supplies.contract.required.numContract') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="street" label={t('supplies.contract.street')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('supplies.contract.phone')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="servicePlans" label={t('supplies.contract.servicePlans')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
