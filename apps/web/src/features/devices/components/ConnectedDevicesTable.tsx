import { StopOutlined } from '@ant-design/icons';
import type { ConnectedDevice, ConnectedSort, Page } from '@it4u/shared';
import { Button, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '../../../components/feedback/ListState.tsx';
import { formatBytes, formatUptime } from '../../../components/format/units.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import type { ServerList, SortField } from '../serverList.tsx';
import { ListToolbar } from './ListToolbar.tsx';

export type ConnectedField = SortField<ConnectedSort>;

type Props = {
  list: ServerList<ConnectedField>;
  /** the page the server answered (undefined before the first answer) */
  page: Page<ConnectedDevice> | undefined;
  loading: boolean;
  /** the failure shown in place of the rows (with its Retry) */
  error?: ReactNode;
  /** MAC of the device being blocked now */
  pendingMac: string | null;
  onBlock: (device: ConnectedDevice) => Promise<unknown>;
};

const BAND_COLORS: Record<string, string> = { '2.4 GHz': 'blue', '5 GHz': 'purple', '6 GHz': 'magenta' };

/** The devices connected now, a page at a time: search, sort and paging are the server's. */
export function ConnectedDevicesTable({ list, page, loading, error, pendingMac, onBlock }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const devices = page?.items ?? [];

  const columns: RegisterColumn<ConnectedDevice>[] = [
    {
      key: 'name',
      title: t('devices.columns.name'),
      dataIndex: 'name',
      width: 220,
      ...list.sortColumn<ConnectedDevice>('name'),
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
      ...list.sortColumn<ConnectedDevice>('essid'),
      render: (essid: string) => essid || '—',
    },
    {
      key: 'ap',
      title: t('devices.columns.ap'),
      dataIndex: 'apName',
      width: 210,
      ...list.sortColumn<ConnectedDevice>('apName'),
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
      ...list.sortColumn<ConnectedDevice>('download'),
      render: (bytes: number) => formatBytes(bytes, language),
    },
    {
      key: 'upload',
      title: t('devices.columns.upload'),
      dataIndex: 'upload',
      align: 'right',
      ...list.sortColumn<ConnectedDevice>('upload'),
      render: (bytes: number) => formatBytes(bytes, language),
    },
    {
      key: 'uptime',
      title: t('devices.columns.uptime'),
      dataIndex: 'uptime',
      align: 'right',
      ...list.sortColumn<ConnectedDevice>('uptime'),
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

  const emptyText =
    loading && devices.length === 0 ? (
      <ListLoading />
    ) : (
      <Empty description={t(list.searching ? 'devices.noMatch' : 'devices.emptyConnected')} />
    );

  return (
    <>
      <ListToolbar
        list={list}
        searchPlaceholder={t('devices.searchConnected')}
        sortFields={[
          { field: 'name', title: t('devices.columns.name') },
          { field: 'essid', title: t('devices.columns.essid') },
          { field: 'apName', title: t('devices.columns.ap') },
          { field: 'download', title: t('devices.columns.download') },
          { field: 'upload', title: t('devices.columns.upload') },
          { field: 'uptime', title: t('devices.columns.uptime') },
        ]}
      />
      {error ?? (
        <RegisterTable<ConnectedDevice>
          rowKey="mac"
          size="middle"
          columns={columns}
          dataSource={devices}
          loading={loading}
          scroll={{ x: 1080 }}
          pagination={list.pagination(page?.total ?? 0)}
          locale={{ emptyText }}
        />
      )}
    </>
  );
}
