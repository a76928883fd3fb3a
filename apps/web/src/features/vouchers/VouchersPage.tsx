import { FileExcelOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { TABLE_SCROLL_Y, type Voucher, type VoucherSort, type VoucherStatus } from '@it4u/shared';
import { Button, Card, Empty, Space } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call.ts';
import { ControllerError } from '../../components/feedback/ControllerError.tsx';
import { ListLoading } from '../../components/feedback/ListState.tsx';
import { QueryErrorAlert } from '../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { SiteSelect } from '../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../components/sites/useSiteChoice.ts';
import { RegisterTable } from '../../components/table/RegisterTable.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ListToolbar } from '../devices/components/ListToolbar.tsx';
import { type SortField, useServerList } from '../devices/serverList.tsx';
import { CreateVoucherModal } from './components/CreateVoucherModal.tsx';
import { VoucherStatusFilter } from './components/VoucherStatusFilter.tsx';
import { voucherColumns } from './components/voucherColumns.tsx';
import { exportVouchers } from './exportVouchers.ts';
import { fitsOnePrint, printVouchers } from './printVouchers.ts';
import { useDeleteVoucherMutation } from './useDeleteVoucherMutation.ts';
import { useVouchersQuery } from './useVouchersQuery.ts';

/**
 * The register's width: its columns and check boxes (1,082 px) fit a 1440 px screen beside the menu (about 1,100 px
 * of room), so the fixed Actions column covers none of them (the Status tag whole).
 */
const VOUCHER_TABLE_WIDTH = 1082;

type VoucherField = SortField<VoucherSort>;

/**
 * /voucher: the hotspot vouchers of one site — create, print, export, delete. The list is searched, filtered, sorted
 * and paged on the server (a site may hold ten thousand vouchers); printing or exporting them all asks for the whole
 * list only then.
 */
export function VouchersPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = useNotice();
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const paging = useServerList<VoucherField>('createTime:desc');
  const [status, setStatus] = useState<VoucherStatus | undefined>(undefined);
  const vouchers = useVouchersQuery(site?.idname, { ...paging.params, ...(status ? { status } : {}) });
  paging.keepOnRows(vouchers.data);
  const remove = useDeleteVoucherMutation(idname);
  const [creating, setCreating] = useState(false);
  // the vouchers picked, on any page (those just created among them): kept while paging, searching or sorting
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<'print' | 'export' | null>(null);

  const rows = vouchers.data?.items ?? [];
  const siteTotal = vouchers.data?.siteTotal ?? 0;
  const pageIds = rows.map((v) => v.id);
  const pickedHere = pageIds.filter((id) => selected.includes(id));
  // the table reports the picks of its page only: those of other pages stay as they were
  const pick = (keys: Key[]) =>
    setSelected((before) => [...before.filter((id) => !pageIds.includes(id)), ...keys.map(String)]);

  const onSite = (next: string) => {
    setSelected([]);
    paging.restart();
    choose(next);
  };

  /** The vouchers to export: the page's when every pick is on it, else from the whole list, asked for now. */
  const toExport = async (): Promise<Voucher[]> => {
    const picked = new Set(selected);
    const here = rows.filter((v) => picked.has(v.id));
    if (picked.size > 0 && here.length === picked.size) return here;
    const all = await call('GET /it4u/:site/voucher', { params: { site: idname } });
    return picked.size > 0 ? all.filter((v) => picked.has(v.id)) : all;
  };

  const onDelete = (voucher: Voucher) =>
    remove.mutateAsync(voucher.id).then(
      () => {
        notice.success(t('vouchers.notices.deleted'));
        setSelected((ids) => ids.filter((id) => id !== voucher.id));
      },
      (error: unknown) => notice.error(error),
    );

  const onPrint = async () => {
    const ids = selected.length === 0 || selected.length === siteTotal ? 'all' : selected;
    if (!fitsOnePrint(ids)) {
      notice.failure(t('vouchers.print.tooMany'));
      return;
    }
    setBusy('print');
    try {
      const opened = await printVouchers(idname, ids, currentLanguage(), t('vouchers.print.preparing'));
      if (!opened) notice.failure(t('vouchers.print.blocked'));
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(null);
    }
  };

  const onExport = async () => {
    setBusy('export');
    try {
      await exportVouchers(await toExport(), idname, t, language);
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(null);
    }
  };

  const columns = voucherColumns({ t, language, paging, onDelete });

  const printLabel =
    selected.length > 0
      ? t('vouchers.actions.printSelected', { count: selected.length })
      : t('vouchers.actions.printAll');
  const exportLabel =
    selected.length > 0
      ? t('vouchers.actions.exportSelected', { count: selected.length })
      : t('vouchers.actions.export');
  const emptyText =
    vouchers.isFetching && rows.length === 0 ? (
      <ListLoading />
    ) : (
      <Empty description={t(paging.searching || status ? 'vouchers.noMatch' : 'vouchers.empty')} />
    );

  return (
    <Card title={t('vouchers.title')}>
      {sites.isError ? (
        <QueryErrorAlert query={sites} />
      ) : !sites.isPending && list.length === 0 ? (
        <Empty description={t('sites.noneAssigned')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
            <SiteSelect sites={list} value={site?.idname} onChange={onSite} loading={sites.isPending} />
            <Space wrap>
              {selected.length > 0 && (
                <Button type="link" onClick={() => setSelected([])}>
                  {t('vouchers.actions.clearSelection')}
                </Button>
              )}
              <Button
                icon={<PrinterOutlined aria-hidden />}
                disabled={!site || siteTotal === 0}
                loading={busy === 'print'}
                onClick={() => void onPrint()}
              >
                {printLabel}
              </Button>
              <Button
                icon={<FileExcelOutlined aria-hidden />}
                disabled={!site || siteTotal === 0}
                loading={busy === 'export'}
                onClick={() => void onExport()}
              >
                {exportLabel}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                disabled={!site}
                onClick={() => setCreating(true)}
              >
                {t('vouchers.actions.create')}
              </Button>
            </Space>
          </Space>
          <ListToolbar<VoucherField>
            list={paging}
            searchPlaceholder={t('vouchers.searchPlaceholder')}
            sortFields={[
              { field: 'createTime', title: t('vouchers.columns.createTime') },
              { field: 'code', title: t('vouchers.columns.code') },
              { field: 'note', title: t('vouchers.columns.note') },
              { field: 'duration', title: t('vouchers.columns.duration') },
              { field: 'used', title: t('vouchers.columns.uses') },
              { field: 'status', title: t('vouchers.columns.status') },
            ]}
            filters={
              <VoucherStatusFilter
                value={status}
                counts={vouchers.data?.statuses ?? {}}
                onChange={(next) => {
                  setStatus(next);
                  paging.restart();
                }}
              />
            }
          />
          {vouchers.isError ? (
            <ControllerError
              error={vouchers.error}
              retrying={vouchers.isFetching}
              onRetry={() => void vouchers.refetch()}
            />
          ) : (
            <RegisterTable<Voucher>
              rowKey="id"
              size="middle"
              columns={columns}
              card={{ title: ['code', 'createTime'] }}
              dataSource={rows}
              loading={vouchers.isFetching || (Boolean(site) && vouchers.isPending)}
              scroll={{ x: VOUCHER_TABLE_WIDTH, y: TABLE_SCROLL_Y }}
              rowSelection={{ selectedRowKeys: pickedHere, onChange: pick }}
              pagination={paging.pagination(vouchers.data?.total ?? 0)}
              locale={{ emptyText }}
            />
          )}
        </>
      )}
      {creating && site && (
        <CreateVoucherModal
          site={site.idname}
          onClose={() => setCreating(false)}
          onCreated={(created) => setSelected(created.map((v) => v.id))}
        />
      )}
    </Card>
  );
}
