import { ApiOutlined, AppstoreAddOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { ChannelAttribute } from '@it4u/shared';
import { Button, Grid, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDate } from '../../../components/format/formatting.ts';
import { DeleteAction } from '../../../components/table/DeleteAction.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import { usePaging } from '../../../components/table/usePaging.ts';
import { statusRowClass } from '../statuses.ts';
import { useAttributesQuery } from '../useAttributesQuery.ts';
import { useDeleteAttributeMutation } from '../useDeleteAttributeMutation.ts';
import { AttributeModal } from './AttributeModal.tsx';
import { ChannelFilters } from './ChannelFilters.tsx';
import { HistoryModal } from './HistoryModal.tsx';
import { ProviderModal } from './ProviderModal.tsx';
import { ServicePackModal } from './ServicePackModal.tsx';
import { StatusTag } from './StatusTag.tsx';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; channel: ChannelAttribute }
  | { kind: 'history'; channel: ChannelAttribute }
  | { kind: 'provider' }
  | { kind: 'servicePack' }
  | null;

/** Channel registration (Đăng ký kênh): the registered channels, their providers and service packs. */
export function RegistrationTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const paging = usePaging();
  const [status, setStatus] = useState('');
  const [providerId, setProviderId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const channels = useAttributesQuery({ ...paging.params, status, providerId });
  const remove = useDeleteAttributeMutation();
  const [modal, modalHolder] = Modal.useModal();
  const wide = Grid.useBreakpoint().md === true;

  if (isStatus(channels.error, 403)) return <Navigate to="/403" replace />;

  // 409: details still use the channel; the history stays after a delete.
  const onDelete = (channel: ChannelAttribute) =>
    remove.mutateAsync(channel.id).then(
      () => {
        notice.success(t('notices.deleted'));
        paging.afterDelete(channels.data?.items.length ?? 0);
      },
      (error: unknown) => {
        if (isStatus(error, 409)) {
          modal.error({
            title: t('channels.registration.inUseTitle'),
            content: t('channels.registration.inUse'),
            okText: t('common.upload.close'),
          });
          return;
        }
        notice.error(error);
      },
    );

  const columns: RegisterColumn<ChannelAttribute>[] = [
    { key: 'name', title: t('channels.fields.name'), dataIndex: 'name', width: 180, fixed: wide ? 'left' : undefined },
    { key: 'customer', title: t('channels.fields.customer'), dataIndex: 'customer', width: 200 },
    {
      key: 'provider',
      title: t('channels.fields.provider'),
      width: 130,
      render: (_, c) => c.channelValue?.channelName.name ?? '',
    },
    {
      key: 'servicePack',
      title: t('channels.fields.servicePack'),
      width: 150,
      render: (_, c) => c.channelValue?.servicePack ?? '',
    },
    { key: 'value', title: t('channels.fields.value'), width: 110, render: (_, c) => c.channelValue?.value ?? '' },
    {
      key: 'status',
      title: t('channels.fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (value: string) => <StatusTag status={value} />,
    },
    { key: 'virtualNum', title: t('channels.fields.virtualNum'), dataIndex: 'virtualNum', width: 130 },
    { key: 'usernamePPPoE', title: t('channels.fields.usernamePPPoE'), dataIndex: 'usernamePPPoE', width: 160 },
    {
      key: 'createdAt',
      title: t('channels.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 110,
      render: (value: number) => formatDate(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: wide ? 'right' : undefined,
      width: 250,
      render: (_, channel) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'edit', channel })}
          >
            {t('common.edit')}
          </Button>
          <DeleteAction onConfirm={() => onDelete(channel)} />
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'history', channel })}
          >
            {t('channels.history.button')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {modalHolder}
      <PagedTable<ChannelAttribute>
        query={channels}
        paging={paging}
        columns={columns}
        card={{ title: ['name', 'customer'] }}
        chooser={{ key: 'channelRegistration', hidden: ['value', 'virtualNum', 'usernamePPPoE', 'createdAt'] }}
        searchPlaceholder={t('channels.registration.searchPlaceholder')}
        addLabel={t('channels.registration.add')}
        onAdd={() => setDialog({ kind: 'add' })}
        scrollX="max-content"
        rowClassName={(c) => statusRowClass(c.status)}
        filters={
          <ChannelFilters
            providerId={providerId}
            status={status}
            onProvider={(id) => {
              setProviderId(id);
              paging.toFirstPage();
            }}
            onStatus={(s) => {
              setStatus(s);
              paging.toFirstPage();
            }}
          />
        }
        extra={
          <>
            <Button icon={<ApiOutlined aria-hidden />} onClick={() => setDialog({ kind: 'provider' })}>
              {t('channels.registration.addProvider')}
            </Button>
            <Button icon={<AppstoreAddOutlined aria-hidden />} onClick={() => setDialog({ kind: 'servicePack' })}>
              {t('channels.registration.addServicePack')}
            </Button>
          </>
        }
      />
      {dialog?.kind === 'add' && <AttributeModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <AttributeModal channel={dialog.channel} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && (
        <HistoryModal attributeId={dialog.channel.id} name={dialog.channel.name} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'provider' && <ProviderModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'servicePack' && <ServicePackModal providerId={providerId} onClose={() => setDialog(null)} />}
    </>
  );
}
