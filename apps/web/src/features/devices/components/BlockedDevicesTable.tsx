import { CheckCircleOutlined } from '@ant-design/icons';
import type { BlockedDevice, BlockedSort, Page } from '@it4u/shared';
import { Button, Empty, Popconfirm, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '../../../components/feedback/ListState.tsx';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import type { ServerList, SortField } from '../serverList.tsx';
import { ListToolbar } from './ListToolbar.tsx';

export type BlockedField = SortField<BlockedSort>;

type Props = {
  list: ServerList<BlockedField>;
  /** the page the server answered (undefined before the first answer) */
  page: Page<BlockedDevice> | undefined;
  loading: boolean;
  /** the failure shown in place of the rows (with its Retry) */
  error?: ReactNode;
  pendingMac: string | null;
  onUnblock: (device: BlockedDevice) => Promise<unknown>;
};

/** DD-MM-YYYY HH:mm, or '—' for no time. */
export function formatSeen(epochMs: number | null | undefined): string {
  return (epochMs && formatDateTime(epochMs)) || '—';
}

/** The devices blocked on the site, a page at a time: search, sort and paging are the server's. */
export function BlockedDevicesTable({ list, page, loading, error, pendingMac, onUnblock }: Props) {
  const { t } = useTranslation();
  const devices = page?.items ?? [];

  const columns: RegisterColumn<BlockedDevice>[] = [
    {
      key: 'name',
      title: t('devices.columns.name'),
      dataIndex: 'name',
      width: 220,
      ...list.sortColumn<BlockedDevice>('name'),
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
      ...list.sortColumn<BlockedDevice>('firstSeen'),
      render: (ms: number) => formatSeen(ms),
    },
    {
      key: 'lastSeen',
      title: t('devices.columns.lastSeen'),
      dataIndex: 'lastSeen',
      ...list.sortColumn<BlockedDevice>('lastSeen'),
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

  const emptyText =
    loading && devices.length === 0 ? (
      <ListLoading />
    ) : (
      <Empty description={t(list.searching ? 'devices.noMatch' : 'devices.emptyBlocked')} />
    );

  return (
    <>
      <ListToolbar
        list={list}
        searchPlaceholder={t('devices.searchBlocked')}
        sortFields={[
          { field: 'name', title: t('devices.columns.name') },
          { field: 'firstSeen', title: t('devices.columns.firstSeen') },
          { field: 'lastSeen', title: t('devices.columns.lastSeen') },
        ]}
      />
      {error ?? (
        <RegisterTable<BlockedDevice>
          rowKey="mac"
          size="middle"
          columns={columns}
          dataSource={devices}
          loading={loading}
          scroll={{ x: 640 }}
          pagination={list.pagination(page?.total ?? 0)}
          locale={{ emptyText }}
        />
      )}
    </>
  );
}
