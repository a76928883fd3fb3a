import {
  type AttributeCreateInput,
  CHANNEL_STATUSES,
  type ChannelAttribute,
  type ChannelStatus,
  type CountedHours,
  DEFAULT_CHANNEL_STATUS,
} from '@it4u/shared';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useProvidersQuery } from '../useProvidersQuery.ts';
import { useSaveAttributeMutation } from '../useSaveAttributeMutation.ts';
import { useServicePacksQuery } from '../useServicePacksQuery.ts';

type Props = { channel?: ChannelAttribute; onClose: () => void };

type Values = {
  name: string;
  customer: string;
  providerId?: number;
  channelValueId?: number;
  status: ChannelStatus;
  virtualNum: string;
  usernamePPPoE: string;
  availabilityTarget?: number | null;
  /** 'pack': the pack's hours */
  countedHours: CountedHours | 'pack';
};

/** Register a channel (no `channel`) or change one. */
export function AttributeModal({ channel, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveAttributeMutation();
  const providers = useProvidersQuery();
  const [form] = Form.useForm<Values>();
  const providerId = Form.useWatch('providerId', form);
  const packs = useServicePacksQuery(providerId);

  const onFinish = (values: Values) => {
    const input: AttributeCreateInput = {
      name: values.name.trim(),
      customer: (values.customer ?? '').trim(),
      status: values.status,
      virtualNum: (values.virtualNum ?? '').trim(),
      usernamePPPoE: (values.usernamePPPoE ?? '').trim(),
      channelValueId: values.channelValueId ?? null,
      availabilityTarget: values.availabilityTarget ?? null,
      countedHours: values.countedHours === 'pack' ? null : values.countedHours,
    };
    save.mutate(
      { id: channel?.id, input },
      {
        onSuccess: () => {
          notice.success(t(channel ? 'notices.updated' : 'notices.added'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
  };

  const title = (key: string) => t(`channels.fields.${key}`);
  return (
    <FormModal
      title={t(channel ? 'channels.registration.editTitle' : 'channels.registration.addTitle')}
      okText={t(channel ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="channelAttribute"
        initialValues={{
          name: channel?.name ?? '',
          customer: channel?.customer ?? '',
          providerId: channel?.channelValue?.channelName.id,
          channelValueId: channel?.channelValue?.id,
          status: channel?.status ?? DEFAULT_CHANNEL_STATUS,
          virtualNum: channel?.virtualNum ?? '',
          usernamePPPoE: channel?.usernamePPPoE ?? '',
          availabilityTarget: channel?.availabilityTarget ?? null,
          countedHours: channel?.countedHours ?? 'pack',
        }}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={title('name')}
          rules={[
            { required: true, whitespace: true, message: t('channels.required', { title: title('name') }) },
            { max: 200 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="customer" label={title('customer')} rules={[{ max: 200 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="providerId" label={title('provider')}>
          <Select<number>
            allowClear
            loading={providers.isFetching}
            placeholder={t('channels.registration.pickProvider')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFieldValue('channelValueId', undefined)}
          />
        </Form.Item>
        <Form.Item name="channelValueId" label={title('servicePack')}>
          <Select<number>
            allowClear
            disabled={providerId === undefined || providerId === null}
            loading={packs.isFetching}
            placeholder={t(providerId ? 'channels.registration.pickPack' : 'channels.registration.pickProviderFirst')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(packs.data ?? []).map((p) => ({
              value: p.id,
              label: p.value ? `${p.servicePack} (${p.value})` : p.servicePack,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="status"
          label={title('status')}
          rules={[{ required: true, message: t('channels.required', { title: title('status') }) }]}
        >
          <Select<ChannelStatus>
            options={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`channels.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="virtualNum" label={title('virtualNum')} rules={[{ max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="usernamePPPoE" label={title('usernamePPPoE')} rules={[{ max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="availabilityTarget" label={title('availabilityTarget')} extra={t('channels.ownTargetHint')}>
          <InputNumber<number> min={0} max={100} controls={false} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="countedHours" label={title('countedHours')}>
          <Select<CountedHours | 'pack'>
            options={[
              { value: 'pack', label: t('channels.packHours') },
              { value: 'all', label: t('sla.hoursAll') },
              { value: 'business', label: t('sla.hoursBusiness') },
            ]}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
