import { type CreateVoucherInput, VOUCHER_EXPIRE_MINUTES, type Voucher } from '@it4u/shared';
import { Checkbox, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useCreateVouchersMutation } from '../useCreateVouchersMutation.ts';

/** What a new batch starts with: 1 voucher of 1 use, valid 8 hours (480 minutes); limits of 150 Kbps down and up and 2 MB, unticked. */
export const VOUCHER_DEFAULTS = { n: 1, quota: 1, expire: 480, down: 150, up: 150, bytes: 2 } as const;
export const MAX_VOUCHERS_PER_CREATE = 1000;

export type CreateVoucherValues = {
  n?: number;
  quota?: number;
  /** minutes, one of VOUCHER_EXPIRE_MINUTES */
  expire?: CreateVoucherInput['expire'];
  downLimited: boolean;
  down?: number;
  upLimited: boolean;
  up?: number;
  bytesLimited: boolean;
  bytes?: number;
  note?: string;
};

/**
 * The body of POST /it4u/{site}/createVoucher from the form's values (n, quota and expire are required there):
 * a limit (kbps, MB) is sent only when its box is ticked.
 */
export function toCreateVoucherBody(values: CreateVoucherValues): CreateVoucherInput {
  return {
    cmd: 'create-voucher',
    n: Number(values.n),
    quota: Number(values.quota),
    expire: Number(values.expire) as CreateVoucherInput['expire'],
    ...(values.downLimited && values.down !== undefined && values.down !== null ? { down: values.down } : {}),
    ...(values.upLimited && values.up !== undefined && values.up !== null ? { up: values.up } : {}),
    ...(values.bytesLimited && values.bytes !== undefined && values.bytes !== null ? { bytes: values.bytes } : {}),
    note: (values.note ?? '').trim(),
  };
}

type LimitProps = {
  form: FormInstance<CreateVoucherValues>;
  flag: 'downLimited' | 'upLimited' | 'bytesLimited';
  field: 'down' | 'up' | 'bytes';
  unit: string;
  label: string;
};

/** 'limited to' box + the number it enables. */
function LimitRow({ form, flag, field, unit, label }: LimitProps) {
  const { t } = useTranslation();
  const enabled = Form.useWatch(flag, form) === true;
  return (
    <Form.Item label={label} required={false} style={{ marginBottom: 12 }}>
      <Space wrap>
        <Form.Item name={flag} valuePropName="checked" noStyle>
          <Checkbox>{t('vouchers.create.limitedTo')}</Checkbox>
        </Form.Item>
        <Form.Item name={field} noStyle rules={[{ required: enabled, message: t('vouchers.create.limitRequired') }]}>
          <InputNumber
            aria-label={label}
            min={1}
            precision={0}
            disabled={!enabled}
            suffix={unit}
            style={{ width: 160 }}
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

type Props = { site: string; onClose: () => void; onCreated: (vouchers: Voucher[]) => void };

/** Creates n vouchers on the site's controller. */
export function CreateVoucherModal({ site, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const create = useCreateVouchersMutation(site);
  const [form] = Form.useForm<CreateVoucherValues>();

  const onFinish = (values: CreateVoucherValues) =>
    create.mutate(toCreateVoucherBody(values), {
      onSuccess: (vouchers) => {
        notice.success(t('vouchers.notices.created', { count: vouchers?.length ?? values.n ?? 0 }));
        onCreated(vouchers ?? []);
        onClose();
      },
      onError: (error) => showFormError(form, error, notice),
    });

  return (
    <FormModal
      title={t('vouchers.create.title')}
      okText={t('vouchers.create.submit')}
      form={form}
      pending={create.isPending}
      onClose={onClose}
    >
      <Form<CreateVoucherValues>
        form={form}
        layout="vertical"
        name="createVoucher"
        initialValues={{
          n: VOUCHER_DEFAULTS.n,
          quota: VOUCHER_DEFAULTS.quota,
          expire: VOUCHER_DEFAULTS.expire,
          downLimited: false,
          down: VOUCHER_DEFAULTS.down,
          upLimited: false,
          up: VOUCHER_DEFAULTS.up,
          bytesLimited: false,
          bytes: VOUCHER_DEFAULTS.bytes,
        }}
        onFinish={onFinish}
      >
        <Space wrap size="middle" align="start">
          <Form.Item
            name="n"
            label={t('vouchers.create.n')}
            rules={[
              { required: true, message: t('vouchers.create.required.n') },
              {
                type: 'number',
                min: 1,
                max: MAX_VOUCHERS_PER_CREATE,
                message: t('vouchers.create.nRange', { max: MAX_VOUCHERS_PER_CREATE }),
              },
            ]}
          >
            <InputNumber min={1} max={MAX_VOUCHERS_PER_CREATE} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="quota"
            label={t('vouchers.create.quota')}
            extra={t('vouchers.create.quotaHint')}
            rules={[{ required: true, message: t('vouchers.create.required.quota') }]}
          >
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="expire"
          label={t('vouchers.create.expire')}
          rules={[{ required: true, message: t('vouchers.create.required.expire') }]}
        >
          <Select<CreateVoucherInput['expire']>
            placeholder={t('vouchers.create.expirePlaceholder')}
            options={VOUCHER_EXPIRE_MINUTES.map((minutes) => ({
              value: minutes,
              label: t(`vouchers.expire.${minutes}`),
            }))}
          />
        </Form.Item>
        <LimitRow form={form} flag="downLimited" field="down" unit="Kbps" label={t('vouchers.create.down')} />
        <LimitRow form={form} flag="upLimited" field="up" unit="Kbps" label={t('vouchers.create.up')} />
        <LimitRow form={form} flag="bytesLimited" field="bytes" unit="MB" label={t('vouchers.create.bytes')} />
        <Form.Item
          name="note"
          label={t('vouchers.create.note')}
          rules={[{ required: true, whitespace: true, message: t('vouchers.create.required.note') }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
