import { DownloadOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHANNEL_DEVICE_STATUSES,
  CHANNEL_STATUSES,
  type ChannelAttribute,
  type ChannelStatus,
  DATE_FORMAT,
} from '@it4u/shared';
import { Button, DatePicker, Form, Grid, Input, InputNumber, Select, Space, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { ContractPicker } from '../../../components/ContractPicker.tsx';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { type PickedRange, toDateRange } from '../../../components/dateRange.ts';
import { EditableTable } from '../../../components/EditableTable.tsx';
import { formatDate, formatMoney } from '../../../components/formatting.ts';
import { RowActions } from '../../../components/RowActions.tsx';
import { rowKeyOf } from '../../../components/rowEditing.ts';
import { useDownload } from '../../../components/useDownload.ts';
import { useEditableRows } from '../../../components/useEditableRows.ts';
import { usePaging } from '../../../components/usePaging.ts';
import {
  type DetailDateField,
  type DetailFormValues,
  type DetailRow,
  newDetailRow,
  statusChange,
  toDetailBody,
  toFormValues,
} from '../detailRow.ts';
import { DEVICE_STATUS_KEYS, isDeviceStatus, statusRowClass } from '../statuses.ts';
import { useDeleteDetailMutation } from '../useDeleteDetailMutation.ts';
import { detailFilters, useDetailsQuery } from '../useDetailsQuery.ts';
import { useSaveDetailMutation } from '../useSaveDetailMutation.ts';
import { ChannelFilters } from './ChannelFilters.tsx';
import { ChannelSelect } from './ChannelSelect.tsx';
import { HistoryModal } from './HistoryModal.tsx';
import { StatusTag } from './StatusTag.tsx';

/** Form field names of the row in edit mode; the server's field errors name the body's fields. */
const BODY_TO_FORM: Record<string, string> = { channelAttributeId: 'channel', contractId: 'contract' };
const TEXT_FIELDS = ['routerType', 'ipAddress', 'ipType', 'customerMove', 'regionalEngineer', 'votesRequire'] as const;
/** The dates in the order of a channel's life. */
const DATE_COLUMNS: DetailDateField[] = [
  'deployRequestDate',
  'dateAcceptance',
  'dateOnlineRequest',
  'dateOnline',
  'dateRequestStop',
  'dateStop',
];
const TEXT_WIDTHS: Record<(typeof TEXT_FIELDS)[number], number> = {
  routerType: 130,
  ipAddress: 140,
  ipType: 110,
  customerMove: 160,
  regionalEngineer: 160,
  votesRequire: 140,
};

const cellItem = { style: { margin: 0 } } as const;

type HistoryOf = { attributeId: number; name: string } | null;

/** Channel details (Chi tiết kênh truyền): a server-paged table with inline row editing. */
export function DetailsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const paging = usePaging();
  const download = useDownload();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [providerId, setProviderId] = useState<number | null>(null);
  const [picked, setPicked] = useState<PickedRange | null>(null);
  const [historyOf, setHistoryOf] = useState<HistoryOf>(null);
  const range = picked ? toDateRange(picked) : { fromDate: null, toDate: null };
  const params = { ...paging.params, status, providerId, ...range };
  const details = useDetailsQuery(params);
  const rowForm = useEditableRows<DetailRow, DetailFormValues>({
    paging,
    toFormValues,
    fieldOf: (f) => BODY_TO_FORM[f] ?? f,
  });
  const { form, editing } = rowForm;
  const save = useSaveDetailMutation();
  const remove = useDeleteDetailMutation();
  const watched: Partial<DetailFormValues> = Form.useWatch((values) => values, { form, preserve: true }) ?? {};
  // Fixed columns leave no room for the others on a phone.
  const wide = Grid.useBreakpoint().md === true;

  if (isStatus(details.error, 403)) return <Navigate to="/403" replace />;

  const items: DetailRow[] = details.data?.items ?? [];
  const offset = (paging.page - 1) * paging.pageSize;
  const required = (title: string) => ({ required: true, message: t('channel.required', { title }) });
  const field = (key: string) => t(`channel.fields.${key}`);

  const onSave = async (row: DetailRow) => {
    const values = await rowForm.validValues();
    if (!values) return;
    save.mutate(
      { body: toDetailBody(values, row), status: statusChange(values) },
      { onSuccess: () => rowForm.saved(row), onError: rowForm.showSaveError },
    );
  };

  const onPickChannel = (channel: ChannelAttribute | null) => {
    form.setFieldsValue({ channel, status: channel?.status });
  };

  const resetFilters = () => {
    setSearch('');
    paging.setSearch('');
    setStatus('');
    setProviderId(null);
    setPicked(null);
  };

  /** A cell that shows `view` normally and `edit` on the row in edit mode. */
  const cell = (row: DetailRow, view: ReactNode, edit: ReactNode) => (editing.isEditing(rowKeyOf(row)) ? edit : view);
  const deviceStatusLabel = (value: string) =>
    isDeviceStatus(value) ? t(`channel.deviceStatus.${DEVICE_STATUS_KEYS[value]}`) : value;
  const contractView = (contract: DetailRow['contract'] | undefined) =>
    contract ? (
      <>
        <div>{contract.numContract}</div>
        <div className="channel-secondary">{contract.clientName}</div>
      </>
    ) : null;

  const columns: TableColumnsType<DetailRow> = [
    {
      key: 'index',
      title: field('index'),
      width: 56,
      align: 'center',
      fixed: wide ? 'left' : undefined,
      render: (_, row, i) =>
        row.id === null ? (
          <Tag color="blue">{t('channel.details.newTag')}</Tag>
        ) : (
          offset + i + 1 - (editing.state.draft ? 1 : 0)
        ),
    },
    {
      key: 'channel',
      title: field('channel'),
      width: 200,
      fixed: wide ? 'left' : undefined,
      render: (_, row) =>
        cell(
          row,
          row.channelAttribute?.name,
          <Form.Item {...cellItem} name="channel" rules={[required(field('channel'))]}>
            <ChannelSelect onChange={onPickChannel} />
          </Form.Item>,
        ),
    },
    {
      key: 'customer',
      title: field('customer'),
      width: 180,
      render: (_, row) => cell(row, row.channelAttribute?.customer, watched.channel?.customer),
    },
    {
      key: 'provider',
      title: field('provider'),
      width: 120,
      render: (_, row) =>
        cell(
          row,
          row.channelAttribute?.channelValue?.channelName.name,
          watched.channel?.channelValue?.channelName.name,
        ),
    },
    {
      key: 'servicePack',
      title: field('servicePack'),
      width: 140,
      render: (_, row) =>
        cell(row, row.channelAttribute?.channelValue?.servicePack, watched.channel?.channelValue?.servicePack),
    },
    {
      key: 'status',
      title: field('status'),
      width: 140,
      render: (_, row) =>
        cell(
          row,
          <StatusTag status={row.channelAttribute?.status} />,
          <Form.Item {...cellItem} name="status" rules={[required(field('status'))]}>
            <Select<ChannelStatus>
              aria-label={field('status')}
              placeholder={field('status')}
              options={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`channel.status.${s}`) }))}
            />
          </Form.Item>,
        ),
    },
    {
      key: 'contract',
      title: field('contract'),
      width: 220,
      render: (_, row) =>
        cell(
          row,
          contractView(row.contract),
          <Form.Item {...cellItem} name="contract">
            <ContractPicker ariaLabel={field('contract')} display="full" />
          </Form.Item>,
        ),
    },
    {
      key: 'fees',
      title: field('fees'),
      width: 140,
      align: 'right',
      render: (_, row) =>
        cell(
          row,
          row.fees === null ? '' : formatMoney(row.fees, language),
          <Form.Item {...cellItem} name="fees">
            <InputNumber aria-label={field('fees')} min={0} style={{ width: '100%' }} />
          </Form.Item>,
        ),
    },
    ...TEXT_FIELDS.slice(0, 4).map((key) => textColumn(key)),
    {
      key: 'deviceStatus',
      title: field('deviceStatus'),
      width: 190,
      render: (_, row) =>
        cell(
          row,
          deviceStatusLabel(row.deviceStatus),
          <Form.Item {...cellItem} name="deviceStatus">
            <Select<string>
              aria-label={field('deviceStatus')}
              allowClear
              popupMatchSelectWidth={230}
              options={CHANNEL_DEVICE_STATUSES.map((s) => ({ value: s, label: deviceStatusLabel(s) }))}
            />
          </Form.Item>,
        ),
    },
    ...TEXT_FIELDS.slice(4).map((key) => textColumn(key)),
    ...DATE_COLUMNS.map((key) => ({
      key,
      title: field(key),
      width: 150,
      render: (_: unknown, row: DetailRow) =>
        cell(
          row,
          formatDate(row[key]),
          <Form.Item {...cellItem} name={key}>
            <DatePicker
              aria-label={field(key)}
              format={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              style={{ width: '100%' }}
            />
          </Form.Item>,
        ),
    })),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: wide ? 'right' : undefined,
      width: 250,
      render: (_, row) => {
        const key = rowKeyOf(row);
        const locked = editing.isLocked(key);
        const channel = row.channelAttribute;
        return (
          <RowActions
            editing={editing.isEditing(key)}
            locked={locked}
            saving={save.isPending}
            onSave={() => void onSave(row)}
            onCancel={rowForm.cancel}
            onEdit={() => rowForm.startEdit(row)}
            onDelete={() => rowForm.deleteRow(row, remove.mutateAsync, items.length)}
          >
            <Button
              type="link"
              size="small"
              icon={<HistoryOutlined />}
              disabled={locked || !channel}
              onClick={() => channel && setHistoryOf({ attributeId: channel.id, name: channel.name })}
            >
              {t('channel.history.button')}
            </Button>
          </RowActions>
        );
      },
    },
  ];

  function textColumn(key: (typeof TEXT_FIELDS)[number]) {
    return {
      key,
      title: field(key),
      width: TEXT_WIDTHS[key],
      render: (_: unknown, row: DetailRow) =>
        cell(
          row,
          row[key],
          <Form.Item {...cellItem} name={key}>
            <Input aria-label={field(key)} />
          </Form.Item>,
        ),
    };
  }

  const exportQuery = {
    ...detailFilters(params),
    fromDate: range.fromDate ?? undefined,
    toDate: range.toDate ?? undefined,
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            enterButton
            aria-label={t('common.search')}
            placeholder={t('channel.details.searchPlaceholder')}
            style={{ width: 280, maxWidth: '100%' }}
            value={search}
            disabled={editing.busy}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={paging.setSearch}
          />
          <ChannelFilters
            providerId={providerId}
            status={status}
            disabled={editing.busy}
            onProvider={(id) => {
              setProviderId(id);
              paging.toFirstPage();
            }}
            onStatus={(s) => {
              setStatus(s);
              paging.toFirstPage();
            }}
          />
          <DateRangeFilter
            allowClear
            value={picked}
            disabled={editing.busy}
            onChange={(next) => {
              setPicked(next);
              paging.toFirstPage();
            }}
          />
          <Button onClick={resetFilters} disabled={editing.busy}>
            {t('channel.filter.reset')}
          </Button>
        </Space>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            disabled={editing.busy}
            loading={download.pending === 'export'}
            onClick={() => download.run('export', '/it4u/export/channel', 'channels.xlsx', exportQuery)}
          >
            {t('channel.details.export')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={editing.busy}
            onClick={() => rowForm.addRow(newDetailRow())}
          >
            {t('channel.details.addRow')}
          </Button>
        </Space>
      </Space>
      {picked && <div className="channel-range-hint">{t('channel.details.rangeHint')}</div>}
      <EditableTable<DetailRow, DetailFormValues>
        form={form}
        query={details}
        paging={paging}
        editing={editing}
        columns={columns}
        rowClassName={(row) => statusRowClass(row.channelAttribute?.status)}
      />
      {historyOf && (
        <HistoryModal attributeId={historyOf.attributeId} name={historyOf.name} onClose={() => setHistoryOf(null)} />
      )}
    </>
  );
}
