import { type ContractRef, canonicalMac, type StockKind, type SupplyItem } from '@it4u/shared';
import { Alert, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { ContractPicker } from '../../../components/contracts/ContractPicker.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { CodeList } from '../../../components/scan/CodeList.tsx';
import { useSaveStockRecordMutation } from '../useSaveStockRecordMutation.ts';
import { ItemCodeSelect } from './ItemCodeSelect.tsx';

type Values = { itemCode?: string; date?: Dayjs; contract?: ContractRef | null };
type Outcome = { ok: true } | { ok: false; reason: string };

type Props = { kind: StockKind; codes: string[]; onClose: () => void };

/**
 * Several labels scanned in a row: one record each, of the same item, date and (stock out) customer. Each code is
 * saved on its own; one refused (a serial issued elsewhere meanwhile) stays with the reason, the others are saved, and
 * nothing scanned is lost: the dialog keeps what is left to save.
 */
export function ScannedRowsModal({ kind, codes, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<Values>();
  const [left, setLeft] = useState(codes);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [saving, setSaving] = useState(false);
  const save = useSaveStockRecordMutation(kind);

  const submit = async (values: Values) => {
    setSaving(true);
    let saved = 0;
    const next: Record<string, Outcome> = {};
    for (const code of left) {
      // a code that is a MAC address in one of its usual notations goes in the MAC field, else in the serial
      const mac = canonicalMac(code) !== undefined;
      const body = {
        itemCode: values.itemCode ?? '',
        number: 1,
        value: 0,
        exportDate: (values.date ?? dayjs()).valueOf(),
        serialNum: mac ? '' : code,
        mac: mac ? code : '',
        ...(kind === 'out' ? { contractId: values.contract?.id ?? null } : {}),
      };
      try {
        await save.mutateAsync({ id: null, body });
        next[code] = { ok: true };
        saved++;
      } catch (error) {
        next[code] = { ok: false, reason: errorText(error, t) };
      }
    }
    setSaving(false);
    setOutcomes(next);
    const refused = left.filter((code) => !next[code]?.ok);
    if (saved > 0) notice.success(t('supplies.scanned.saved', { count: saved }));
    if (refused.length === 0) onClose();
    else setLeft(refused);
  };

  return (
    <Modal
      open
      title={t('supplies.scanned.title', { count: left.length })}
      onCancel={onClose}
      okText={t('supplies.scanned.add', { count: left.length })}
      okButtonProps={{ loading: saving, disabled: left.length === 0 }}
      onOk={() => form.submit()}
      cancelText={t('common.cancel')}
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ date: dayjs() }} onFinish={submit}>
        <Form.Item
          name="itemCode"
          label={t('supplies.columns.itemCode')}
          rules={[{ required: true, message: t('supplies.stock.required.itemCode') }]}
        >
          <ItemCodeSelect onPick={(item: SupplyItem) => form.setFieldValue('itemCode', item.itemCode)} />
        </Form.Item>
        <Form.Item
          name="date"
          label={t(kind === 'out' ? 'supplies.stock.columns.exportDate' : 'supplies.stock.columns.importDate')}
        >
          <DatePicker format="DD-MM-YYYY" allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'out' && (
          <Form.Item name="contract" label={t('supplies.stock.columns.customer')}>
            <ContractPicker />
          </Form.Item>
        )}
      </Form>
      {Object.values(outcomes).some((o) => !o.ok) && (
        <Alert type="error" showIcon role="alert" title={t('supplies.scanned.refused')} style={{ marginBottom: 12 }} />
      )}
      <CodeList
        codes={left}
        disabled={saving}
        onRemove={(code) => setLeft((list) => list.filter((c) => c !== code))}
        reason={(code) => {
          const outcome = outcomes[code];
          return outcome && !outcome.ok ? outcome.reason : undefined;
        }}
      />
    </Modal>
  );
}
