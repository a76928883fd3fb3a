import type { CustomerSiteInput } from '@it4u/shared';
import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { showFormError } from '../../../components/form/showFormError.ts';
import { useMySitesQuery } from '../../../session/useMySitesQuery.ts';
import { useAddCustomerSiteMutation } from '../useAddCustomerSiteMutation.ts';

type Props = { groups: string[]; onClose: () => void };

const optionsOf = (values: string[], typed: string) => {
  const q = typed.trim().toLowerCase();
  return values.filter((v) => v.toLowerCase().includes(q)).map((value) => ({ value }));
};

/** Registers a customer site by hand: its name (as its router will push it) and its service group. */
export function AddCustomerSiteModal({ groups, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const add = useAddCustomerSiteMutation();
  const sites = useMySitesQuery();
  const [form] = Form.useForm<CustomerSiteInput>();
  const sitename = Form.useWatch('sitename', form) ?? '';
  const group = Form.useWatch('groupClient', form) ?? '';
  const names = [...new Set((sites.data ?? []).map((s) => s.sitename))].sort();

  const onFinish = (values: CustomerSiteInput) =>
    add.mutate(
      { sitename: values.sitename.trim(), groupClient: (values.groupClient ?? '').trim() },
      {
        onSuccess: () => {
          notice.success(t('wanLinks.notices.added'));
          onClose();
        },
        onError: (error) => showFormError(form, error, notice),
      },
    );

  return (
    <FormModal
      title={t('wanLinks.addDialog.title')}
      okText={t('common.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
    >
      <Form<CustomerSiteInput> form={form} layout="vertical" name="customerSite" onFinish={onFinish}>
        <Form.Item
          name="sitename"
          label={t('wanLinks.addDialog.sitename')}
          extra={t('wanLinks.addDialog.sitenameHint')}
          rules={[{ required: true, whitespace: true, message: t('wanLinks.addDialog.sitenameRequired') }]}
        >
          <AutoComplete options={optionsOf(names, sitename)} maxLength={200} />
        </Form.Item>
        <Form.Item name="groupClient" label={t('wanLinks.addDialog.group')}>
          <AutoComplete options={optionsOf(groups, group)} maxLength={100} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
