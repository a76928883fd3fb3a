import { EditOutlined } from '@ant-design/icons';
import type { SupplyItem } from '@it4u/shared';
import { Button, Grid, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatMoney, formatNumber } from '../../../components/format/formatting.ts';
import { LabelsButton } from '../../../components/labels/LabelsButton.tsx';
import { DeleteAction } from '../../../components/table/DeleteAction.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import { usePaging } from '../../../components/table/usePaging.ts';
import { useCatalogueQuery } from '../useCatalogueQuery.ts';
import { useDeleteSupplyItemMutation } from '../useDeleteSupplyItemMutation.ts';
import { SpreadsheetActions } from './SpreadsheetActions.tsx';
import { SupplyItemModal } from './SupplyItemModal.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; item: SupplyItem } | null;

/** Catalogue (Danh mục): the items with their opening stock. */
export function CatalogueTab() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = useCatalogueQuery(paging.params);
  const remove = useDeleteSupplyItemMutation();
  const wide = Grid.useBreakpoint().md === true;

  if (isStatus(items.error, 403)) return <Navigate to="/403" replace />;

  // A 409 (stock records use the item) shows the server's message.
  const onDelete = (item: SupplyItem) =>
    remove.mutateAsync(item.id).then(
      () => {
        notice.success(t('notices.deleted'));
        paging.afterDelete(items.data?.items.length ?? 0);
      },
      (error: unknown) => notice.error(error),
    );

  const columns: RegisterColumn<SupplyItem>[] = [
    { key: 'itemCode', title: t('supplies.columns.itemCode'), dataIndex: 'itemCode', width: 120 },
    { key: 'name', title: t('supplies.columns.itemName'), dataIndex: 'name', width: 220 },
    { key: 'unit', title: t('supplies.columns.unit'), dataIndex: 'unit', width: 80 },
    {
      key: 'number',
      title: t('supplies.catalogue.columns.openingNumber'),
      dataIndex: 'number',
      align: 'right',
      width: 140,
      render: (value: number) => formatNumber(value, i18n.language),
    },
    {
      key: 'value',
      title: t('supplies.catalogue.columns.openingValue'),
      dataIndex: 'value',
      align: 'right',
      width: 160,
      render: (value: number) => formatMoney(value, i18n.language),
    },
    {
      key: 'minStock',
      title: t('supplies.catalogue.columns.minStock'),
      dataIndex: 'minStock',
      align: 'right',
      width: 140,
      render: (value: number | null) => (value === null ? '—' : formatNumber(value, i18n.language)),
    },
    { key: 'note', title: t('supplies.columns.note'), dataIndex: 'note', width: 180 },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: wide ? 'right' : undefined,
      width: 180,
      render: (_, item) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'edit', item })}
          >
            {t('common.edit')}
          </Button>
          <DeleteAction title={t('supplies.catalogue.confirmDelete')} onConfirm={() => onDelete(item)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<SupplyItem>
        query={items}
        paging={paging}
        columns={columns}
        card={{ title: ['itemCode', 'name'] }}
        searchPlaceholder={t('supplies.catalogue.searchPlaceholder')}
        addLabel={t('supplies.catalogue.addButton')}
        onAdd={() => setDialog({ kind: 'add' })}
        scrollX="max-content"
        extra={
          <>
            <LabelsButton
              what={t('labels.itemsShown')}
              labels={(items.data?.items ?? []).map((item) => ({ code: item.itemCode, name: item.name }))}
            />
            <SpreadsheetActions kind="listSupplies" exportQuery={{ q: paging.q }} />
          </>
        }
      />
      {dialog?.kind === 'add' && <SupplyItemModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <SupplyItemModal item={dialog.item} onClose={() => setDialog(null)} />}
    </>
  );
}
