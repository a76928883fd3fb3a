import { HOTSPOT_AUTHS, type Hotspot, type HotspotInput } from '@it4u/shared';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useSaveHotspot } from './wirelessQueries.ts';

type Values = { portalName: string; auth: HotspotInput['auth']; password: string; promoUrl: string };
type Props = { site: string; hotspot: Hotspot; enabled: boolean; onClose: () => void };

/** The hotspot login of a site: its name, how guests get in (the password shows for password), the promotional URL. */
export function HotspotModal({ site, hotspot, enabled, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveHotspot(site);
  const [form] = Form.useForm<Values>();
  const auth = Form.useWatch('auth', form);
  const known = (HOTSPOT_AUTHS as readonly string[]).includes(hotspot.auth);
  const initial: Values = {
    portalName: hotspot.portalName,
    auth: known ? (hotspot.auth as Values['auth']) : 'none',
    password: hotspot.password,
    promoUrl: hotspot.promoUrl,
  };
  const onFinish = (v: Values) =>
    save.mutate(
      {
        enabled,
        portalName: v.portalName.trim(),
        auth: v.auth,
        ...(v.auth === 'password' ? { password: v.password ?? '' } : {}),
        promoUrl: (v.promoUrl ?? '').trim(),
      },
      {
        onSuccess: () => {
          notice.success(t('notices.saved'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );
  return (
    <FormModal
      title={t('settings.wireless.hotspot.title')}
      okText={t('common.save')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Alert
        type={hotspot.portalUrl ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16, overflowWrap: 'anywhere' }}
        title={
          hotspot.portalUrl
            ? t(`settings.wireless.hotspot.${hotspot.external ? 'portalNow' : 'portalAt'}`, { url: hotspot.portalUrl })
            : t('settings.wireless.hotspot.noPortal')
        }
      />
      <Form<Values> form={form} layout="vertical" name="hotspot" initialValues={initial} onFinish={onFinish}>
        <Form.Item name="portalName" label={t('settings.wireless.hotspot.portalName')} rules={[{ max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="auth" label={t('settings.wireless.hotspot.auth')}>
          <Select
            options={HOTSPOT_AUTHS.map((a) => ({ value: a, label: t(`settings.wireless.hotspot.auths.${a}`) }))}
          />
        </Form.Item>
        {auth === 'password' && (
          <Form.Item
            name="password"
            label={t('settings.wireless.hotspot.password')}
            rules={[{ required: !hotspot.password, message: t('apiErrors.hotspotPasswordRequired') }, { max: 64 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          name="promoUrl"
          label={t('settings.wireless.hotspot.promoUrl')}
          rules={[
            { pattern: /^(|https?:\/\/\S+)$/, message: t('settings.wireless.hotspot.promoUrlInvalid') },
            { max: 500 },
          ]}
        >
          <Input autoComplete="off" placeholder="https://" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
