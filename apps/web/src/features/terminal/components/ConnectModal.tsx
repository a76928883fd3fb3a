import { type DeviceInfo, TERMINAL, type TerminalLogin } from '@it4u/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { rowHosts, type TerminalTarget, webAddress, withSiteLinks } from '../terminal.ts';

type Props = {
  row: DeviceInfo;
  onClose: () => void;
  /** SSH: the terminal opens full screen */
  onConnect: (target: TerminalTarget) => void;
};

type Values = {
  type: 'ssh' | 'other';
  host: string;
  login: TerminalLogin;
  username?: string;
  password?: string;
  port: number;
};

/**
 * 'Enter parameters' (the Connect button): SSH or other, a host recorded for the row or its site, the user (root and admin
 * use passwords the server keeps), and the port (4949).
 */
export function ConnectModal({ row, onClose, onConnect }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'ssh';
  const login = Form.useWatch('login', form) ?? 'root';
  const site = row.sitename?.idname;
  const links = useQuery({
    queryKey: ['deviceInfo', 'siteLinks', site],
    queryFn: () => call('GET /it4u/:sitename/devicesInfo', { params: { sitename: site ?? '' } }),
    enabled: Boolean(site),
  });
  const hosts = withSiteLinks(rowHosts(row, t), links.data ?? []);
  const title = row.contract?.clientName || row.sitename?.sitename || '';

  const onFinish = (values: Values) => {
    if (values.type === 'other') {
      window.open(webAddress(values.host, values.port), '_blank', 'noopener,noreferrer');
      onClose();
      return;
    }
    onConnect({
      rowId: row.id,
      host: values.host,
      port: values.port,
      login: values.login,
      ...(values.login === 'typed' ? { username: values.username?.trim(), password: values.password ?? '' } : {}),
      title,
    });
  };

  return (
    <Modal
      open
      title={t('terminal.connect.title')}
      okText={t('terminal.connect.ok')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="connect"
        initialValues={{ type: 'ssh', login: 'root', port: TERMINAL.port, host: hosts[0]?.value }}
        onFinish={onFinish}
      >
        <Form.Item name="type" label={t('terminal.connect.type')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'ssh', label: 'SSH' },
              { value: 'other', label: t('terminal.connect.other') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="host"
          label={t('terminal.connect.host')}
          extra={t('terminal.connect.hostHint')}
          rules={[{ required: true, message: t('terminal.connect.hostRequired') }]}
        >
          <Select
            options={hosts}
            loading={links.isFetching}
            notFoundContent={t('terminal.connect.noHosts')}
            placeholder={t('terminal.connect.hostPlaceholder')}
          />
        </Form.Item>
        {type === 'ssh' && (
          <>
            <Form.Item name="login" label={t('terminal.connect.username')}>
              <Radio.Group
                options={[
                  { value: 'root', label: t('terminal.connect.root') },
                  { value: 'admin', label: t('terminal.connect.admin') },
                  { value: 'typed', label: t('terminal.connect.typed') },
                ]}
              />
            </Form.Item>
            {login === 'typed' && (
              <>
                <Form.Item
                  name="username"
                  label={t('terminal.connect.typedUser')}
                  rules={[{ required: true, whitespace: true, message: t('apiErrors.terminalUsernameRequired') }]}
                >
                  <Input autoComplete="off" maxLength={64} />
                </Form.Item>
                <Form.Item name="password" label={t('terminal.connect.password')}>
                  <Input.Password autoComplete="new-password" maxLength={200} />
                </Form.Item>
              </>
            )}
          </>
        )}
        <Form.Item
          name="port"
          label={t('terminal.connect.port')}
          rules={[{ required: true, message: t('terminal.connect.portRequired') }]}
        >
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
