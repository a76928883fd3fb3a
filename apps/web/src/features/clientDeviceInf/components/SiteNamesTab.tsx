import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS, type Site, TABLE_SCROLL_Y } from '@it4u/shared';
import { Alert, Button, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorText, isStatus } from '../../../api/errors.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { useDeleteSiteNameMutation } from '../useDeleteSiteNameMutation.ts';
import { useSiteNamesQuery } from '../useSiteNamesQuery.ts';
import { SiteNameModal } from './SiteNameModal.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; site: Site } | null;

/** Monitoring site names: the description (sitename) of each controller site (idname). */
export function SiteNamesTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [q, setQ] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const sites = useSiteNamesQuery({ page, pageSize, q });
  const remove = useDeleteSiteNameMutation();

  if (isStatus(sites.error, 403)) return <Navigate to="/403" replace />;

  const onDelete = (site: Site) =>
    remove.mutateAsync(site.id).then(
      () => {
        notice.success(t('notices.deleted'));
        if (sites.data && sites.data.items.length === 1 && page > 1) setPage(page - 1);
      },
      (error: unknown) => notice.error(error),
    );

  const columns: TableColumnsType<Site> = [
    { key: 'sitename', title: t('siteNames.columns.sitename'), dataIndex: 'sitename' },
    { key: 'idname', title: t('siteNames.columns.idname'), dataIndex: 'idname' },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      render: (_, site) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit', site })}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('common.sureToDelete')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={() => onDelete(site)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          enterButton
          aria-label={t('common.search')}
          placeholder={t('siteNames.searchPlaceholder')}
          style={{ width: 320 }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
          {t('siteNames.addButton')}
        </Button>
      </Space>
      {sites.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(sites.error, t)}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void sites.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Table<Site>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sites.data?.items ?? []}
        loading={sites.isFetching}
        scroll={{ y: TABLE_SCROLL_Y }}
        pagination={{
          current: page,
          pageSize,
          total: sites.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== pageSize ? 1 : nextPage);
            setPageSize(nextSize);
          },
        }}
      />
      {dialog?.kind === 'add' && <SiteNameModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <SiteNameModal site={dialog.site} onClose={() => setDialog(null)} />}
    </>
  );
}
