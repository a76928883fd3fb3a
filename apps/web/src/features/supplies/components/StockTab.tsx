import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATE_FORMAT,
  SELECTABLE_STOCK_OUT_STATUSES,
  STOCK_OUT_STATUSES,
  type StockKind,
  type StockOutStatus,
  type SupplyItem,
  WARRANTY_HINT_MONTHS,
} from '@it4u/shared';
import {
  Button,
  DatePicker,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { ContractPicker } from '../../../components/ContractPicker.tsx';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { defaultRange, type PickedRange, toDateRange } from '../../../components/dateRange.ts';
import { EditableTable } from '../../../components/EditableTable.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../components/formatting.ts';
import { RowActions } from '../../../components/RowActions.tsx';
import { rowKeyOf } from '../../../components/rowEditing.ts';
import { useEditableRows } from '../../../components/useEditableRows.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { usePaging } from '../../../components/usePaging.ts';
import { fetchOnHand } from '../fetchOnHand.ts';
import { stockResource } from '../paths.ts';
import { STATUS_KEYS, statusColor } from '../statuses.ts';
import {
  availableForRow,
  newStockRow,
  type StockFormValues,
  type StockRow,
  toFormValues,
  toStockBody,
} from '../stockRow.ts';
import { useDeleteStockRecordMutation } from '../useDeleteStockRecordMutation.ts';
import { useSaveStockRecordMutation } from '../useSaveStockRecordMutation.ts';
import { useStockRecordsQuery } from '../useStockRecordsQuery.ts';
import { ItemCodeSelect } from './ItemCodeSelect.tsx';
import { SpreadsheetActions } from './SpreadsheetActions.tsx';
import { UsageHistoryModal } from './UsageHistoryModal.tsx';

type Props = { kind: StockKind };

/** Form field names of the row in edit mode; the server's field errors name the body's fields. */
const FORM_FIELDS = new Set<keyof StockFormValues>([
  'exportDate',
  'licence',
  'itemCode',
  'number',
  'value',
  'supplier',
  'serialNum',
  'mac',
  'warrantyPeriod',
  'storageTerm',
  'warrantyLandmark',
  'note',
  'status',
  'contract',
]);
const BODY_TO_FORM: Record<string, keyof StockFormValues> = { contractId: 'contract' };

const cellItem = { style: { margin: 0 } } as const;

/** Stock in (Nhập kho) or stock out (Xuất kho): a server-paged table with inline row editing. */
export function StockTab({ kind }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = useNotice();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickedRange>(() => defaultRange());
  const [status, setStatus] = useState('');
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const params = { ...paging.params, ...toDateRange(picked), status };
  const records = useStockRecordsQuery(kind, params);
  const save = useSaveStockRecordMutation(kind);
  const remove = useDeleteStockRecordMutation(kind);
  const rowForm = useEditableRows<StockRow, StockFormValues>({
    paging,
    toFormValues,
    fieldOf: (f) => {
      const name = (BODY_TO_FORM[f] ?? f) as keyof StockFormValues;
      return FORM_FIELDS.has(name) ? name : undefined;
    },
  });
  const { form, editing } = rowForm;
  const watched: Partial<StockFormValues> = Form.useWatch((values) => values, { form, preserve: true }) ?? {};
  const [modal, modalHolder] = Modal.useModal();
  // Fixed columns leave no room for the others on a phone.
  const wide = Grid.useBreakpoint().md === true;

  if (isStatus(records.error, 403)) return <Navigate to="/403" replace />;

  const items: StockRow[] = records.data?.items ?? [];
  const offset = (paging.page - 1) * paging.pageSize;

  /** Stock out: warn (but allow) when the quantity is more than the stock on hand. */
  const confirmStock = async (row: StockRow, values: StockFormValues): Promise<boolean> => {
    if (kind !== 'out') return true;
    setChecking(true);
    let onHand: number;
    try {
      onHand = await fetchOnHand(values.itemCode);
    } catch (error) {
      notice.error(error);
      return false;
    } finally {
      setChecking(false);
    }
    const available = availableForRow(onHand, row, values.itemCode);
    if (values.number <= available) return true;
    return modal.confirm({
      title: t('supplies.stock.lowStockTitle'),
      content: t('supplies.stock.lowStock', {
        onHand: formatNumber(available, language),
        number: formatNumber(values.number, language),
      }),
      okText: t('supplies.stock.saveAnyway'),
      cancelText: t('common.cancel'),
    });
  };

  const onSave = async (row: StockRow) => {
    const values = await rowForm.validValues();
    if (!values || !(await confirmStock(row, values))) return;
    save.mutate(
      { id: row.id, body: toStockBody(values, kind) },
      { onSuccess: () => rowForm.saved(row), onError: rowForm.showSaveError },
    );
  };

  const onPickItem = (item: SupplyItem) => form.setFieldsValue({ itemName: item.name, unit: item.unit });

  const resetFilters = () => {
    setSearch('');
    paging.setSearch('');
    setPicked(defaultRange());
    setStatus('');
  };

  /** A cell that shows `view` normally and `edit` on the row in edit mode. */
  const cell = (row: StockRow, view: ReactNode, edit: ReactNode) => (editing.isEditing(rowKeyOf(row)) ? edit : view);

  const money = (value: number) => formatMoney(value, language);
  const statusTag = (value: StockOutStatus | undefined) =>
    value ? <Tag color={statusColor(value)}>{t(`supplies.status.${STATUS_KEYS[value]}`)}</Tag> : null;
  const warrantyView = (end: number | null, under: boolean) =>
    end === null ? null : (
      <Space size={4} wrap>
        <span>{formatDate(end)}</span>
        <Tag color={under ? 'green' : 'red'}>
          {t(under ? 'supplies.stock.underWarranty' : 'supplies.stock.expired')}
        </Tag>
      </Space>
    );
  const previewWarrantyEnd = (): ReactNode => {
    const landmark = watched.warrantyLandmark as Dayjs | null | undefined;
    const months = watched.warrantyPeriod ?? 0;
    if (!landmark || !months) return null;
    const end = landmark.add(months, 'month');
    return warrantyView(end.valueOf(), end.valueOf() >= Date.now());
  };

  const columns: TableColumnsType<StockRow> = [
    {
      key: 'index',
      title: t('supplies.columns.index'),
      width: 60,
      align: 'center',
      fixed: wide ? 'left' : undefined,
      render: (_, row, i) =>
        row.id === null ? (
          <Tag color="blue">{t('supplies.stock.newTag')}</Tag>
        ) : (
          offset + i + 1 - (editing.state.draft ? 1 : 0)
        ),
    },
    {
      key: 'exportDate',
      title: t(kind === 'in' ? 'supplies.stock.columns.importDate' : 'supplies.stock.columns.exportDate'),
      width: 150,
      render: (_, row) =>
        cell(
          row,
          formatDate(row.exportDate),
          <Form.Item
            {...cellItem}
            name="exportDate"
            rules={[{ required: true, message: t('supplies.stock.required.date') }]}
          >
            <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>,
        ),
    },
    {
      key: 'licence',
      title: t('supplies.stock.columns.licence'),
      width: 140,
      render: (_, row) =>
        cell(
          row,
          row.licence,
          <Form.Item {...cellItem} name="licence">
            <Input aria-label={t('supplies.stock.columns.licence')} />
          </Form.Item>,
        ),
    },
    {
      key: 'itemCode',
      title: t('supplies.columns.itemCode'),
      width: 170,
      render: (_, row) =>
        cell(
          row,
          row.itemCode,
          <Form.Item
            {...cellItem}
            name="itemCode"
            rules={[{ required: true, message: t('supplies.stock.required.itemCode') }]}
          >
            <ItemCodeSelect onPick={onPickItem} />
          </Form.Item>,
        ),
    },
    {
      key: 'itemName',
      title: t('supplies.columns.itemName'),
      width: 180,
      render: (_, row) => cell(row, row.itemName, watched.itemName),
    },
    {
      key: 'unit',
      title: t('supplies.columns.unit'),
      width: 70,
      render: (_, row) => cell(row, row.unit, watched.unit),
    },
    {
      key: 'number',
      title: t('supplies.stock.columns.number'),
      width: 110,
      align: 'right',
      render: (_, row) =>
        cell(
          row,
          formatNumber(row.number, language),
          <Form.Item
            {...cellItem}
            name="number"
            rules={[{ required: true, type: 'number', min: 1, message: t('supplies.stock.required.number') }]}
          >
            <InputNumber
              aria-label={t('supplies.stock.columns.number')}
              min={1}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>,
        ),
    },
    {
      key: 'value',
      title: t(kind === 'in' ? 'supplies.stock.columns.importPrice' : 'supplies.stock.columns.exportPrice'),
      width: 150,
      align: 'right',
      render: (_, row) =>
        cell(
          row,
          money(row.value),
          <Form.Item
            {...cellItem}
            name="value"
            rules={[{ required: true, type: 'number', min: 0, message: t('supplies.stock.required.value') }]}
          >
            <InputNumber aria-label={t('supplies.stock.columns.price')} min={0} style={{ width: '100%' }} />
          </Form.Item>,
        ),
    },
    {
      key: 'totalAmount',
      title: t('supplies.stock.columns.amount'),
      width: 150,
      align: 'right',
      render: (_, row) => cell(row, money(row.totalAmount), money((watched.number ?? 0) * (watched.value ?? 0))),
    },
    {
      key: 'supplier',
      title: t('supplies.stock.columns.supplier'),
      width: 150,
      render: (_, row) =>
        cell(
          row,
          row.supplier,
          <Form.Item {...cellItem} name="supplier">
            <Input aria-label={t('supplies.stock.columns.supplier')} />
          </Form.Item>,
        ),
    },
    {
      key: 'serialNum',
      title: t('supplies.stock.columns.serialNum'),
      width: 150,
      render: (_, row) =>
        cell(
          row,
          row.serialNum,
          <Form.Item {...cellItem} name="serialNum">
            <Input aria-label={t('supplies.stock.columns.serialNum')} />
          </Form.Item>,
        ),
    },
    {
      key: 'mac',
      title: t('supplies.stock.columns.mac'),
      width: 180,
      render: (_, row) =>
        cell(
          row,
          row.mac,
          <Form.Item {...cellItem} name="mac">
            <Input aria-label={t('supplies.stock.columns.mac')} placeholder="AA:BB:CC:DD:EE:FF" />
          </Form.Item>,
        ),
    },
    {
      key: 'macFormat',
      title: t('supplies.stock.columns.macFormat'),
      width: 160,
      render: (_, row) => cell(row, row.macFormat, watched.mac),
    },
    {
      key: 'warrantyPeriod',
      title: t('supplies.stock.columns.warrantyPeriod'),
      width: 120,
      align: 'right',
      render: (_, row) =>
        cell(
          row,
          formatNumber(row.warrantyPeriod, language),
          <Form.Item {...cellItem} name="warrantyPeriod">
            <InputNumber
              aria-label={t('supplies.stock.columns.warrantyPeriod')}
              min={0}
              precision={0}
              placeholder={String(WARRANTY_HINT_MONTHS)}
              style={{ width: '100%' }}
            />
          </Form.Item>,
        ),
    },
    {
      key: 'storageTerm',
      title: t('supplies.stock.columns.storageTerm'),
      width: 120,
      align: 'right',
      render: (_, row) =>
        cell(
          row,
          formatNumber(row.storageTerm, language),
          <Form.Item {...cellItem} name="storageTerm">
            <InputNumber
              aria-label={t('supplies.stock.columns.storageTerm')}
              min={0}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>,
        ),
    },
    {
      key: 'warrantyLandmark',
      title: t('supplies.stock.columns.warrantyLandmark'),
      width: 150,
      render: (_, row) =>
        cell(
          row,
          formatDate(row.warrantyLandmark),
          <Form.Item {...cellItem} name="warrantyLandmark">
            <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>,
        ),
    },
    {
      key: 'warrantyEnd',
      title: t('supplies.stock.columns.warrantyEnd'),
      width: 190,
      render: (_, row) => cell(row, warrantyView(row.warrantyEnd, row.underWarranty), previewWarrantyEnd()),
    },
    {
      key: 'note',
      title: t('supplies.columns.note'),
      width: 180,
      render: (_, row) =>
        cell(
          row,
          row.note,
          <Form.Item {...cellItem} name="note">
            <Input aria-label={t('supplies.columns.note')} />
          </Form.Item>,
        ),
    },
  ];

  if (kind === 'out') {
    columns.push(
      {
        key: 'status',
        title: t('supplies.stock.columns.status'),
        width: 150,
        render: (_, row) =>
          cell(
            row,
            statusTag(row.status),
            <Form.Item
              {...cellItem}
              name="status"
              rules={[{ required: true, message: t('supplies.stock.required.status') }]}
            >
              <Select<StockOutStatus>
                aria-label={t('supplies.stock.columns.status')}
                options={SELECTABLE_STOCK_OUT_STATUSES.map((s) => ({
                  value: s,
                  label: t(`supplies.status.${STATUS_KEYS[s]}`),
                }))}
              />
            </Form.Item>,
          ),
      },
      {
        key: 'buyer',
        title: t('supplies.stock.columns.buyer'),
        children: [
          {
            key: 'customer',
            title: t('supplies.stock.columns.customer'),
            width: 220,
            render: (_, row) =>
              cell(
                row,
                row.contract?.clientName ?? '',
                <Form.Item {...cellItem} name="contract">
                  <ContractPicker />
                </Form.Item>,
              ),
          },
          {
            key: 'numContract',
            title: t('supplies.stock.columns.numContract'),
            width: 140,
            render: (_, row) => cell(row, row.contract?.numContract ?? '', watched.contract?.numContract ?? ''),
          },
          {
            key: 'street',
            title: t('supplies.stock.columns.street'),
            width: 220,
            render: (_, row) => cell(row, row.contract?.street ?? '', watched.contract?.street ?? ''),
          },
        ],
      },
    );
  }

  columns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: wide ? 'right' : undefined,
    width: kind === 'out' ? 250 : 180,
    render: (_, row) => {
      const key = rowKeyOf(row);
      const locked = editing.isLocked(key);
      return (
        <RowActions
          editing={editing.isEditing(key)}
          locked={locked}
          saving={save.isPending || checking}
          onSave={() => void onSave(row)}
          onCancel={rowForm.cancel}
          onEdit={() => rowForm.startEdit(row)}
          onDelete={() => rowForm.deleteRow(row, remove.mutateAsync, items.length)}
        >
          {kind === 'out' && (
            <Tooltip title={row.serialNum ? undefined : t('supplies.history.noSerial')}>
              <Button
                type="link"
                size="small"
                icon={<HistoryOutlined />}
                disabled={locked || !row.serialNum}
                onClick={() => setHistoryOf(row.serialNum)}
              >
                {t('supplies.history.button')}
              </Button>
            </Tooltip>
          )}
        </RowActions>
      );
    },
  });

  const range = toDateRange(picked);
  return (
    <>
      {modalHolder}
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            enterButton
            aria-label={t('common.search')}
            placeholder={t('supplies.stock.searchPlaceholder')}
            style={{ width: 280, maxWidth: '100%' }}
            value={search}
            disabled={editing.busy}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={paging.setSearch}
          />
          <DateRangeFilter value={picked} onChange={setPicked} disabled={editing.busy} />
          {kind === 'out' && (
            <Select<string>
              aria-label={t('supplies.filter.status')}
              value={status}
              onChange={setStatus}
              disabled={editing.busy}
              style={{ width: 170 }}
              options={[
                { value: '', label: t('supplies.filter.allStatuses') },
                ...STOCK_OUT_STATUSES.map((s) => ({ value: s, label: t(`supplies.status.${STATUS_KEYS[s]}`) })),
              ]}
            />
          )}
          <Button onClick={resetFilters} disabled={editing.busy}>
            {t('supplies.filter.reset')}
          </Button>
        </Space>
        <Space wrap>
          <SpreadsheetActions
            kind={stockResource(kind)}
            disabled={editing.busy}
            exportQuery={{ q: paging.q, ...range, status: kind === 'out' ? status : undefined }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={editing.busy}
            onClick={() => rowForm.addRow(newStockRow(kind))}
          >
            {t('supplies.stock.addRow')}
          </Button>
        </Space>
      </Space>
      <EditableTable<StockRow, StockFormValues>
        form={form}
        query={records}
        paging={paging}
        editing={editing}
        columns={columns}
      />
      {historyOf && <UsageHistoryModal serialNum={historyOf} onClose={() => setHistoryOf(null)} />}
    </>
  );
}
