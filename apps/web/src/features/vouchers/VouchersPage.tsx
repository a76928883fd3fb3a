import { FileExcelOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { TABLE_SCROLL_Y, type Voucher } from '@it4u/shared';
import { Button, Card, Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControllerError } from '../../components/feedback/ControllerError.tsx';
import { QueryErrorAlert } from '../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { SiteSelect } from '../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../components/sites/useSiteChoice.ts';
import { DeleteAction } from '../../components/table/DeleteAction.tsx';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { useClientPagination } from '../../components/table/useClientPagination.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { CreateVoucherModal } from './components/CreateVoucherModal.tsx';
import { VoucherStatusTag } from './components/VoucherStatusTag.tsx';
import { exportVouchers } from './exportVouchers.ts';
import { formatDuration, formatQuotaMb, formatRate, formatUses } from './formatting.ts';
import { fitsOnePrint, printVouchers } from './printVouchers.ts';
import { useDeleteVoucherMutation } from './useDeleteVoucherMutation.ts';
import { useVouchersQuery } from './useVouchersQuery.ts';

/**
 * The register's width: its columns and check boxes (1,082 px) fit a 1440 px screen beside the menu (about 1,100 px
 * of room), so the fixed Actions column covers none of them (the Status tag whole).
 */
const VOUCHER_TABLE_WIDTH = 1082;

/** /voucher: the hotspot vouchers of one site — create, print, export, delete. */
export function VouchersPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = useNotice();
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const vouchers = useVouchersQuery(site?.idname);
  const remove = useDeleteVoucherMutation(idname);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const pagination = useClientPagination();
  const [busy, setBusy] = useState<'print' | 'export' | null>(null);

  const rows = vouchers.data ?? [];
  const shownIds = new Set(rows.map((v) => v.id));
  const selection = selected.filter((id) => shownIds.has(id));

  const onSite = (next: string) => {
    setSelected([]);
    choose(next);
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
    const ids = selection.length === 0 || selection.length === rows.length ? 'all' : selection;
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
      const chosen = selection.length > 0 ? rows.filter((v) => selection.includes(v.id)) : rows;
      await exportVouchers(chosen, idname, t, language);
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: RegisterColumn<Voucher>[] = [
    {
      key: 'code',
      title: t('vouchers.columns.code'),
      dataIndex: 'code',
      width: 130,
      render: (code: string) => (
        <Typography.Text code copyable={{ text: code }}>
          {code}
        </Typography.Text>
      ),
    },
    {
      key: 'createTime',
      title: t('vouchers.columns.createTime'),
      dataIndex: 'createTime',
      width: 140,
      sorter: (a, b) => a.createTime - b.createTime,
      defaultSortOrder: 'descend',
      render: (ms: number) => dayjs(ms).format('L LT'),
    },
    {
      key: 'down',
      title: t('vouchers.columns.down'),
      dataIndex: 'down',
      width: 80,
      render: (kbps: number | null) => formatRate(kbps, language),
    },
    {
      key: 'up',
      title: t('vouchers.columns.up'),
      dataIndex: 'up',
      width: 80,
      render: (kbps: number | null) => formatRate(kbps, language),
    },
    {
      key: 'byteQuota',
      title: t('vouchers.columns.byteQuota'),
      dataIndex: 'byteQuota',
      width: 90,
      render: (mb: number | null) => formatQuotaMb(mb, language),
    },
    {
      key: 'note',
      title: t('vouchers.columns.note'),
      dataIndex: 'note',
      width: 110,
      ellipsis: { showTitle: true },
    },
    {
      key: 'duration',
      title: t('vouchers.columns.duration'),
      dataIndex: 'duration',
      width: 100,
      render: (minutes: number) => formatDuration(minutes, t),
    },
    {
      key: 'uses',
      title: t('vouchers.columns.uses'),
      dataIndex: 'used',
      width: 80,
      render: (used: number, voucher) => formatUses(used, voucher.quota, language),
    },
    {
      key: 'status',
      title: t('vouchers.columns.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: string) => <VoucherStatusTag status={status} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'right',
      render: (_, voucher) => <DeleteAction onConfirm={() => onDelete(voucher)} />,
    },
  ];

  const printLabel =
    selection.length > 0
      ? t('vouchers.actions.printSelected', { count: selection.length })
      : t('vouchers.actions.printAll');
  const exportLabel =
    selection.length > 0
      ? t('vouchers.actions.exportSelected', { count: selection.length })
      : t('vouchers.actions.export');

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
              <Button
                icon={<PrinterOutlined aria-hidden />}
                disabled={!site || rows.length === 0}
                loading={busy === 'print'}
                onClick={() => void onPrint()}
              >
                {printLabel}
              </Button>
              <Button
                icon={<FileExcelOutlined aria-hidden />}
                disabled={!site || rows.length === 0}
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
              rowSelection={{ selectedRowKeys: selection, onChange: (keys) => setSelected(keys.map(String)) }}
              pagination={pagination}
              locale={{ emptyText: <Empty description={t('vouchers.empty')} /> }}
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
