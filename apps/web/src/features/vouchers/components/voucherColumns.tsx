import type { Voucher, VoucherSort } from '@it4u/shared';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { formatDuration } from '../../../components/format/units.ts';
import { DeleteAction } from '../../../components/table/DeleteAction.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import type { ServerList, SortField } from '../../devices/serverList.tsx';
import { formatQuotaMb, formatRate, formatUses } from '../formatting.ts';
import { VoucherStatusTag } from './VoucherStatusTag.tsx';

type Options = {
  t: TFunction;
  language: string;
  /** the list's sort, on the server: the sortable headers ask it */
  paging: ServerList<SortField<VoucherSort>>;
  onDelete: (voucher: Voucher) => Promise<unknown>;
};

/** The voucher register's columns; those the server sorts by have clickable headers. */
export function voucherColumns({ t, language, paging, onDelete }: Options): RegisterColumn<Voucher>[] {
  return [
    {
      key: 'code',
      title: t('vouchers.columns.code'),
      dataIndex: 'code',
      width: 130,
      ...paging.sortColumn<Voucher>('code'),
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
      ...paging.sortColumn<Voucher>('createTime'),
      render: (ms: number) => formatDateTime(ms),
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
      ...paging.sortColumn<Voucher>('note'),
      ellipsis: { showTitle: true },
    },
    {
      key: 'duration',
      title: t('vouchers.columns.duration'),
      dataIndex: 'duration',
      width: 100,
      ...paging.sortColumn<Voucher>('duration'),
      render: (minutes: number) => formatDuration(minutes, t),
    },
    {
      key: 'uses',
      title: t('vouchers.columns.uses'),
      dataIndex: 'used',
      width: 80,
      ...paging.sortColumn<Voucher>('used'),
      render: (used: number, voucher) => formatUses(used, voucher.quota, language),
    },
    {
      key: 'status',
      title: t('vouchers.columns.status'),
      dataIndex: 'status',
      width: 150,
      ...paging.sortColumn<Voucher>('status'),
      render: (value: string) => <VoucherStatusTag status={value} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'right',
      render: (_, voucher) => <DeleteAction onConfirm={() => onDelete(voucher)} />,
    },
  ];
}
