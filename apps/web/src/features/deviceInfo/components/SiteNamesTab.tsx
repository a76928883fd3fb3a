import { CloudSyncOutlined, EditOutlined } from '@ant-design/icons';
import type { Site } from '@it4u/shared';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { DeleteAction } from '../../../components/table/DeleteAction.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import { usePaging } from '../../../components/table/usePaging.ts';
import { useDeleteSiteNameMutation } from '../useDeleteSiteNameMutation.ts';
import { useSiteNamesQuery } from '../useSiteNamesQuery.ts';
import { useSyncSiteNamesMutation } from '../useSyncSiteNamesMutation.ts';
import { SiteNameModal } from './SiteNameModal.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; site: Site } | null;

/** Monitoring site names: the description (sitename) of each controller site (idname). */
export function SiteNamesTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const sites = useSiteNamesQuery(paging.params);
  const remove = useDeleteSiteNameMutation();
  const sync = useSyncSiteNamesMutation();

  if (isStatus(sites.error, 403)) return <Navigate to="/403" replace />;

  const onDelete = (site: Site) =>
    remove.mutateAsync(site.id).then(
      () => {
        notice.success(t('notices.deleted'));
        paging.afterDelete(sites.data?.items.length ?? 0);
      },
      (error: unknown) => notice.error(error),
    );

  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (answer) => notice.success(t('siteNames.sync.done', answer)),
      onError: (error) => notice.error(error),
    });

  const columns: RegisterColumn<Site>[] = [
    { key: 'sitename', title: t('siteNames.columns.sitename'), dataIndex: 'sitename' },
    { key: 'idname', title: t('siteNames.columns.idname'), dataIndex: 'idname' },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      render: (_, site) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'edit', site })}
          >
            {t('common.edit')}
          </Button>
          <DeleteAction onConfirm={() => onDelete(site)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<Site>
        query={sites}
        paging={paging}
        columns={columns}
        card={{ title: ['sitename', 'idname'] }}
        searchPlaceholder={t('siteNames.searchPlaceholder')}
        addLabel={t('siteNames.addButton')}
        onAdd={() => setDialog({ kind: 'add' })}
        extra={
          <Button icon={<CloudSyncOutlined aria-hidden />} loading={sync.isPending} onClick={onSync}>
            {t('siteNames.sync.button')}
          </Button>
        }
      />
      {dialog?.kind === 'add' && <SiteNameModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <SiteNameModal site={dialog.site} onClose={() => setDialog(null)} />}
    </>
  );
}
