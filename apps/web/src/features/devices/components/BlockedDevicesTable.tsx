import { CheckCircleOutlined } from '@ant-design/icons';
import type { BlockedDevice } from '@it4u/shared';
import { Button, Empty, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useClientPagination } from '../../../components/table/useClientPagination.ts';

type Props = {
  devices: BlockedDevice[];
  loading: boolean;
  pendingMac: string | null;
  onUnblock: (device: BlockedDevice) => Promise<unknown>;
};

/** DD-MM-YYYY HH:mm, or '—' for no time. */
export function formatSeen(epochMs: number | null | undefined): string {
  return (epochMs && formatDateTime(epochMs)) || '—';
}

export function BlockedDevicesTable({ devices, loading, pendingMac, onUnblock }: Props) {
  const { t } = useTranslation();
  const pagination = useClientPagination();

  const columns: RegisterColumn<BlockedDevice>[] = [
    {
      key: 'name',
      title: t('devices.columns.name'),
      dataIndex: 'name',
      width: 220,
      render: (name: string, device) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name || device.mac}</Typography.Text>
          {name && name !== device.mac && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {device.mac}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'firstSeen',
      title: t('devices.columns.firstSeen'),
      dataIndex: 'firstSeen',
      render: (ms: number) => formatSeen(ms),
    },
    {
      key: 'lastSeen',
      title: t('devices.columns.lastSeen'),
      dataIndex: 'lastSeen',
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.lastSeen - b.lastSeen,
      render: (ms: number) => formatSeen(ms),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      fixed: 'right',
      render: (_, device) => (
        <Popconfirm
          title={t('devices.confirmUnblock', { name: device.name || device.mac })}
          okText={t('common.yes')}
          cancelText={t('common.no')}
          onConfirm={() => onUnblock(device)}
        >
          <Button size="small" icon={<CheckCircleOutlined aria-hidden />} loading={pendingMac === device.mac}>
            {t('devices.actions.unblock')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <RegisterTable<BlockedDevice>
      rowKey="mac"
      size="middle"
      columns={columns}
      dataSource={devices}
      loading={loading}
      scroll={{ x: 640 }}
      pagination={pagination}
      locale={{ emptyText: <Empty description={t('devices.emptyBlocked')} /> }}
    />
  );
}
