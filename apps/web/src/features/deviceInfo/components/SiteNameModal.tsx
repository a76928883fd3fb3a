import { SITE_SHORT_NAME, SITE_SHORT_NAME_MAX, type Site, type SiteInput } from '@it4u/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useSaveSiteNameMutation } from '../useSaveSiteNameMutation.ts';

type Props = { site?: Site; onClose: () => void };

/** The controller's rule for short names (the server refuses others): said before the form is sent. */
const SHORT_NAME = new RegExp(SITE_SHORT_NAME);

/** Add (no site) or edit a monitoring site name. */
export function SiteNameModal({ site, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveSiteNameMutation();
  const [form] = Form.useForm<SiteInput>();

  const onFinish = (values: SiteInput) =>
    save.mutate(
      { id: site?.id, input: { sitename: values.sitename.trim(), idname: values.idname.trim() } },
      {
        onSuccess: () => {
          notice.success(t(site ? 'notices.updated' : 'notices.added'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );

  return (
    <FormModal
      title={t(site ? 'siteNames.edit.title' : 'siteNames.add.title')}
      okText={t(site ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form<SiteInput>
        form={form}
        layout="vertical"
        name="siteName"
        initialValues={site ? { sitename: site.sitename, idname: site.idname } : undefined}
        onFinish={onFinish}
      >
        <Form.Item
          name="sitename"
          label={t('siteNames.field.sitename')}
          rules={[{ required: true, whitespace: true, message: t('siteNames.required.sitename') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="idname"
          label={t('siteNames.field.idname')}
          extra={t('siteNames.idnameHint')}
          rules={[
            { required: true, whitespace: true, message: t('siteNames.required.idname') },
            { pattern: SHORT_NAME, max: SITE_SHORT_NAME_MAX, message: t('siteNames.idnameRule') },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={SITE_SHORT_NAME_MAX} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
