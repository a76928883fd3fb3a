import { type ItemInput, type SupplyItem, UNITS } from '@it4u/shared';
import { AutoComplete, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { conflictFields } from '../../../components/form/conflictFields.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { ScannableInput } from '../../../components/scan/ScanButton.tsx';
import { useSaveSupplyItemMutation } from '../useSaveSupplyItemMutation.ts';

type Props = { item?: SupplyItem; onClose: () => void };

type Values = {
  itemCode: string;
  name: string;
  unit?: string;
  number: number | null;
  value: number | null;
  note?: string;
  minStock?: number | null;
};

/** Add (no item) or edit a catalogue item; both dialogs are titled 'add supplies category'. */
export function SupplyItemModal({ item, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveSupplyItemMutation();
  const [form] = Form.useForm<Values>();

  const onFinish = (values: Values) => {
    const input: ItemInput = {
      itemCode: values.itemCode.trim(),
      name: values.name.trim(),
      unit: (values.unit ?? '').trim(),
      number: values.number ?? 0,
      value: values.value ?? 0,
      note: (values.note ?? '').trim(),
      minStock: values.minStock ?? null,
    };
    save.mutate(
      { id: item?.id, input },
      {
        onSuccess: () => {
          notice.success(t(item ? 'notices.saved' : 'notices.added'));
          onClose();
        },
        onError: (error) => {
          if (conflictFields(error).includes('itemCode')) {
            form.setFields([{ name: 'itemCode', errors: [t('supplies.catalogue.duplicateCode')] }]);
          }
          showFormError(form, error, notice);
        },
      },
    );
  };

  return (
    <FormModal
      title={t('supplies.catalogue.modalTitle')}
      okText={t(item ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="supplyItem"
        initialValues={item ? { ...item } : { itemCode: '', name: '', unit: UNITS[0], number: 0, value: 0, note: '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="itemCode"
          label={t('supplies.columns.itemCode')}
          rules={[{ required: true, whitespace: true, message: t('supplies.catalogue.required.itemCode') }]}
        >
          <ScannableInput autoComplete="off" aria-label={t('supplies.columns.itemCode')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('supplies.columns.itemName')}
          rules={[{ required: true, whitespace: true, message: t('supplies.catalogue.required.name') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="unit" label={t('supplies.columns.unit')} extra={t('supplies.catalogue.unitHint')}>
          <AutoComplete options={UNITS.map((u) => ({ value: u }))} />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('supplies.catalogue.columns.openingNumber')}
          rules={[{ required: true, type: 'number', message: t('supplies.catalogue.numberMessage') }]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('supplies.catalogue.columns.openingValue')}
          rules={[{ required: true, type: 'number', message: t('supplies.catalogue.valueMessage') }]}
        >
          <InputNumber style={{ width: '100%' }} min={0} />
        </Form.Item>
        <Form.Item
          name="minStock"
          label={t('supplies.catalogue.columns.minStock')}
          extra={t('supplies.catalogue.minStockHint')}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={1_000_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="note" label={t('supplies.columns.note')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
