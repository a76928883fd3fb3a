import type { CountedHours, ServicePack } from '@it4u/shared';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { conflictFields } from '../../../components/form/conflictFields.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useProvidersQuery } from '../useProvidersQuery.ts';
import { useAddServicePackMutation, useUpdateServicePackMutation } from '../useServicePackMutations.ts';
import { useServicePacksQuery } from '../useServicePacksQuery.ts';

type Props = { providerId?: number | null; onClose: () => void };
type Values = {
  providerId: number | undefined;
  /** 0: a new pack */
  packId: number;
  servicePack: string;
  value?: string;
  availabilityTarget?: number | null;
  countedHours: CountedHours;
};

const NEW = 0;
const blank = { servicePack: '', value: '', availabilityTarget: null, countedHours: 'all' as const };
const termsOf = (p: ServicePack) => ({
  servicePack: p.servicePack,
  value: p.value,
  availabilityTarget: p.availabilityTarget,
  countedHours: p.countedHours,
});

/**
 * A provider's service pack, new or one of theirs changed: its name, value, and the availability the provider
 * contracts for it (in %, with the hours that counts), which the providers' availability measures links against.
 */
export function ServicePackModal({ providerId, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const providers = useProvidersQuery();
  const add = useAddServicePackMutation();
  const update = useUpdateServicePackMutation();
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch('providerId', form);
  const packId = Form.useWatch('packId', form) ?? NEW;
  const packs = useServicePacksQuery(provider);

  const onFinish = (values: Values) => {
    if (values.providerId === undefined) return;
    const terms = {
      servicePack: values.servicePack.trim(),
      value: (values.value ?? '').trim(),
      availabilityTarget: values.availabilityTarget ?? null,
      countedHours: values.countedHours,
    };
    const handlers = {
      onSuccess: () => {
        notice.success(t(values.packId === NEW ? 'notices.added' : 'notices.saved'));
        onClose();
      },
      onError: (error: unknown) => {
        const fields = conflictFields(error);
        if (fields.includes('servicePack')) {
          form.setFields([{ name: 'servicePack', errors: [t('channels.servicePack.duplicate')] }]);
          return;
        }
        showFormError(form, error, notice);
      },
    };
    if (values.packId === NEW) add.mutate({ ...terms, channelName: { id: values.providerId } }, handlers);
    else update.mutate({ id: values.packId, body: terms }, handlers);
  };

  const required = (title: string) => ({ required: true, message: t('channels.required', { title }) });
  return (
    <FormModal
      title={t('channels.servicePack.title')}
      okText={packId === NEW ? t('common.add') : t('common.save')}
      form={form}
      pending={add.isPending || update.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="channelServicePack"
        initialValues={{ providerId: providerId ?? undefined, packId: NEW, ...blank }}
        onValuesChange={(changed: Partial<Values>) => {
          // another provider: a new pack of theirs; a pack picked: its terms to change
          if ('providerId' in changed) form.setFieldsValue({ packId: NEW, ...blank });
          if ('packId' in changed) {
            const pack = packs.data?.find((p) => p.id === changed.packId);
            form.setFieldsValue(pack ? termsOf(pack) : blank);
          }
        }}
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
        <Form.Item name="packId" label={t('channels.servicePack.which')}>
          <Select<number>
            disabled={provider === undefined}
            loading={packs.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: NEW, label: t('channels.servicePack.new') },
              ...(packs.data ?? []).map((p) => ({
                value: p.id,
                label: p.value ? `${p.servicePack} (${p.value})` : p.servicePack,
              })),
            ]}
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
        <Form.Item
          name="availabilityTarget"
          label={t('channels.servicePack.target')}
          extra={t('channels.servicePack.targetHint')}
        >
          <InputNumber<number> min={0} max={100} controls={false} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="countedHours" label={t('channels.servicePack.hours')}>
          <Select<CountedHours>
            options={[
              { value: 'all', label: t('sla.hoursAll') },
              { value: 'business', label: t('sla.hoursBusiness') },
            ]}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
