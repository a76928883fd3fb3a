import { StopOutlined } from '@ant-design/icons';
import type { ConnectedDevice } from '@it4u/shared';
import { Button, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatUptime } from '../../../components/format/units.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useClientPagination } from '../../../components/table/useClientPagination.ts';

type Props = {
  devices: ConnectedDevice[];
  loading: boolean;
  /** MAC of the device being blocked now */
  pendingMac: string | null;
  onBlock: (device: ConnectedDevice) => Promise<unknown>;
};

const BAND_COLORS: Record<string, string> = { '2.4 GHz': 'blue', '5 GHz': 'purple', '6 GHz': 'magenta' };

export function ConnectedDevicesTable({ devices, loading, pendingMac, onBlock }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const pagination = useClientPagination();

  const columns: RegisterColumn<ConnectedDevice>[] = [
    {
      key: 'name',
      title: t('devices.columns.name'),
      dataIndex: 'name',
      width: 220,
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, device) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>
            {name || device.mac}
            {device.isGuest && (
              <Tag color="orange" style={{ marginInlineStart: 8 }}>
                {t('devices.guest')}
              </Tag>
            )}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[name && name !== device.mac ? device.mac : '', device.ip].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'essid',
      title: t('devices.columns.essid'),
      dataIndex: 'essid',
      width: 150,
      render: (essid: string) => essid || '—',
    },
    {
      key: 'ap',
      title: t('devices.columns.ap'),
      dataIndex: 'apName',
      width: 210,
      render: (apName: string, device) => (
        <Space size={4} wrap>
          <span>{apName || '—'}</span>
          <Tag color={BAND_COLORS[device.band] ?? 'default'}>{device.band || t('devices.wired')}</Tag>
        </Space>
      ),
    },
    {
      key: 'download',
      title: t('devices.columns.download'),
      dataIndex: 'download',
      align: 'right',
      sorter: (a, b) => a.download - b.download,
      render: (bytes: number) => formatBytes(bytes, language),
    },
    {
      key: 'upload',
      title: t('devices.columns.upload'),
      dataIndex: 'upload',
      align: 'right',
      sorter: (a, b) => a.upload - b.upload,
      render: (bytes: number) => formatBytes(bytes, language),
    },
    {
      key: 'uptime',
      title: t('devices.columns.uptime'),
      dataIndex: 'uptime',
      align: 'right',
      sorter: (a, b) => a.uptime - b.uptime,
      render: (seconds: number) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatUptime(seconds, t)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      fixed: 'right',
      render: (_, device) => (
        <Popconfirm
          title={t('devices.confirmBlock', { name: device.name || device.mac })}
          okText={t('common.yes')}
          cancelText={t('common.no')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onBlock(device)}
        >
          <Button danger size="small" icon={<StopOutlined aria-hidden />} loading={pendingMac === device.mac}>
            {t('devices.actions.block')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <RegisterTable<ConnectedDevice>
      rowKey="mac"
      size="middle"
      columns={columns}
      dataSource={devices}
      loading={loading}
      scroll={{ x: 1080 }}
      pagination={pagination}
      locale={{ emptyText: <Empty description={t('devices.emptyConnected')} /> }}
    />
  );
}
