import { type ScheduleWindow, WLAN_SECURITIES, type Wlan, type WlanInput } from '@it4u/shared';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { ScheduleField } from './ScheduleField.tsx';
import { useSaveWlan } from './wirelessQueries.ts';

type Values = {
  name: string;
  security: (typeof WLAN_SECURITIES)[number];
  passphrase: string;
  isGuest: boolean;
  vlanEnabled: boolean;
  vlan: number | null;
  scheduleEnabled: boolean;
  schedule: ScheduleWindow[];
};

type Props = { site: string; groupId: string; wlan: Wlan | null; onClose: () => void };

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Create (wlan null) or edit a wireless network: open hides the passphrase, the VLAN and schedule show when on. */
export function WlanModal({ site, groupId, wlan, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveWlan(site);
  const [form] = Form.useForm<Values>();
  const security = Form.useWatch('security', form);
  const vlanEnabled = Form.useWatch('vlanEnabled', form);
  const scheduleEnabled = Form.useWatch('scheduleEnabled', form);
  const editing = wlan !== null;

  const initial: Values = {
    name: wlan?.name ?? '',
    security: wlan?.security === 'open' ? 'open' : 'wpapsk',
    passphrase: wlan?.passphrase ?? '',
    isGuest: wlan?.isGuest ?? false,
    vlanEnabled: wlan?.vlanEnabled ?? false,
    vlan: wlan?.vlan ?? null,
    scheduleEnabled: wlan?.scheduleEnabled ?? false,
    schedule: wlan?.schedule ?? [],
  };

  const onFinish = (v: Values) => {
    const body: WlanInput = {
      name: v.name.trim(),
      enabled: wlan?.enabled ?? true,
      security: v.security,
      ...(v.security === 'wpapsk' ? { passphrase: v.passphrase ?? '' } : {}),
      isGuest: v.isGuest,
      vlanEnabled: v.vlanEnabled,
      ...(v.vlanEnabled ? { vlan: v.vlan } : {}),
      groupId: wlan?.groupId ?? groupId,
      scheduleEnabled: v.scheduleEnabled,
      schedule: v.scheduleEnabled ? v.schedule : [],
    };
    save.mutate(
      { id: wlan?.id ?? null, body },
      {
        onSuccess: () => {
          notice.success(t(editing ? 'notices.saved' : 'notices.added'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
  };

  return (
    <FormModal
      title={t(editing ? 'settings.wireless.network.editTitle' : 'settings.wireless.network.createTitle')}
      okText={t(editing ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<Values> form={form} layout="vertical" name="wlan" initialValues={initial} onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('settings.wireless.network.name')}
          rules={[
            { required: true, whitespace: true, message: t('settings.wireless.network.nameRequired') },
            {
              validator: (_, value: string) =>
                bytes((value ?? '').trim()) > 32
                  ? Promise.reject(new Error(t('apiErrors.ssidTooLong', { bytes: bytes((value ?? '').trim()) })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="security" label={t('settings.wireless.network.security')}>
          <Select options={WLAN_SECURITIES.map((s) => ({ value: s, label: t(`settings.wireless.security.${s}`) }))} />
        </Form.Item>
        {security === 'wpapsk' && (
          <Form.Item
            name="passphrase"
            label={t('settings.wireless.network.passphrase')}
            extra={editing ? t('settings.wireless.network.passphraseKept') : undefined}
            rules={[
              { required: !editing, message: t('apiErrors.passphraseLength') },
              { min: 8, max: 63, message: t('apiErrors.passphraseLength') },
              { pattern: /^[\x20-\x7e]*$/, message: t('apiErrors.passphraseAscii') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="isGuest" label={t('settings.wireless.network.guest')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="vlanEnabled" label={t('settings.wireless.network.vlanEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {vlanEnabled && (
          <Form.Item
            name="vlan"
            label={t('settings.wireless.network.vlan')}
            rules={[{ required: true, message: t('apiErrors.vlanRequired') }]}
          >
            <InputNumber min={1} max={4094} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item
          name="scheduleEnabled"
          label={t('settings.wireless.network.scheduleEnabled')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        {scheduleEnabled && (
          <Form.Item
            name="schedule"
            label={t('settings.wireless.network.schedule')}
            rules={[
              {
                validator: (_, value: ScheduleWindow[] | undefined) =>
                  value && value.length > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('apiErrors.scheduleEmpty'))),
              },
            ]}
          >
            <ScheduleField />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
