import {
  DATE_FORMAT,
  SELECTABLE_STOCK_OUT_STATUSES,
  type StockKind,
  type StockOutStatus,
  type SupplyItem,
  WARRANTY_HINT_MONTHS,
} from '@it4u/shared';
import { DatePicker, Input, InputNumber, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ContractPicker } from '../../../components/contracts/ContractPicker.tsx';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../components/format/formatting.ts';
import { STATUS_KEYS, statusColor } from '../../../components/format/stockStatus.ts';
import { ScannableInput } from '../../../components/scan/ScanButton.tsx';
import { editColumns } from '../../../components/table/editColumns.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import type { RowEditing } from '../../../components/table/useRowEditing.ts';
import type { StockFormValues, StockRow } from '../stockRow.ts';
import { ItemCodeSelect } from './ItemCodeSelect.tsx';

type Options = {
  kind: StockKind;
  t: TFunction;
  language: string;
  editing: RowEditing<StockRow>;
  /** The values of the row in edit mode, as typed. */
  watched: Partial<StockFormValues>;
  /** An item code was chosen in the row in edit mode. */
  onPickItem: (item: SupplyItem) => void;
};

/**
 * The columns of the stock-in or stock-out table between the row number and the actions; stock out also has the
 * status and the buyer.
 */
export function stockColumns({ kind, t, language, editing, watched, onPickItem }: Options): RegisterColumn<StockRow>[] {
  const { field, derived } = editColumns(editing);
  const money = (value: number) => formatMoney(value, language);
  const number = (value: number) => formatNumber(value, language);
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
  /** A text column with a plain input labelled by its title. */
  const text = (key: 'licence' | 'supplier' | 'serialNum' | 'note', title: string, width: number) =>
    field({
      key,
      title,
      width,
      view: (row) => row[key],
      // a serial number is read from its label with the camera, or typed
      input: key === 'serialNum' ? <ScannableInput aria-label={title} /> : <Input aria-label={title} />,
    });
  /** A part of the buyer's contract: on the row in edit mode, the one chosen. */
  const contractPart = (key: 'numContract' | 'street', width: number) =>
    derived({
      key,
      title: t(`supplies.stock.columns.${key}`),
      width,
      view: (row) => row.contract?.[key] ?? '',
      edit: watched.contract?.[key] ?? '',
    });
  /** A number of months, right-aligned. */
  const wholeMonths = (key: 'warrantyPeriod' | 'storageTerm', placeholder?: string) => {
    const title = t(`supplies.stock.columns.${key}`);
    return field({
      key,
      title,
      width: 120,
      align: 'right',
      view: (row) => number(row[key]),
      input: (
        <InputNumber aria-label={title} min={0} precision={0} placeholder={placeholder} style={{ width: '100%' }} />
      ),
    });
  };

  const columns: RegisterColumn<StockRow>[] = [
    field({
      key: 'exportDate',
      title: t(kind === 'in' ? 'supplies.stock.columns.importDate' : 'supplies.stock.columns.exportDate'),
      width: 135,
      rules: [{ required: true, message: t('supplies.stock.required.date') }],
      view: (row) => formatDate(row.exportDate),
      input: <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />,
    }),
    text('licence', t('supplies.stock.columns.licence'), 140),
    field({
      key: 'itemCode',
      title: t('supplies.columns.itemCode'),
      width: 155,
      rules: [{ required: true, message: t('supplies.stock.required.itemCode') }],
      view: (row) => row.itemCode,
      input: <ItemCodeSelect onPick={onPickItem} />,
    }),
    derived({
      key: 'itemName',
      title: t('supplies.columns.itemName'),
      width: 180,
      view: (row) => row.itemName,
      edit: watched.itemName,
    }),
    derived({ key: 'unit', title: t('supplies.columns.unit'), width: 70, view: (row) => row.unit, edit: watched.unit }),
    field({
      key: 'number',
      title: t('supplies.stock.columns.number'),
      width: 110,
      align: 'right',
      rules: [{ required: true, type: 'number', min: 1, message: t('supplies.stock.required.number') }],
      view: (row) => number(row.number),
      input: (
        <InputNumber aria-label={t('supplies.stock.columns.number')} min={1} precision={0} style={{ width: '100%' }} />
      ),
    }),
    field({
      key: 'value',
      title: t(kind === 'in' ? 'supplies.stock.columns.importPrice' : 'supplies.stock.columns.exportPrice'),
      width: 150,
      align: 'right',
      rules: [{ required: true, type: 'number', min: 0, message: t('supplies.stock.required.value') }],
      view: (row) => money(row.value),
      input: <InputNumber aria-label={t('supplies.stock.columns.price')} min={0} style={{ width: '100%' }} />,
    }),
    derived({
      key: 'totalAmount',
      title: t('supplies.stock.columns.amount'),
      width: 150,
      align: 'right',
      view: (row) => money(row.totalAmount),
      edit: money((watched.number ?? 0) * (watched.value ?? 0)),
    }),
    text('supplier', t('supplies.stock.columns.supplier'), 150),
    text('serialNum', t('supplies.stock.columns.serialNum'), 150),
    field({
      key: 'mac',
      title: t('supplies.stock.columns.mac'),
      width: 180,
      view: (row) => row.mac,
      input: <ScannableInput aria-label={t('supplies.stock.columns.mac')} placeholder="AA:BB:CC:DD:EE:FF" />,
    }),
    derived({
      key: 'macFormat',
      title: t('supplies.stock.columns.macFormat'),
      width: 160,
      view: (row) => row.macFormat,
      edit: watched.mac,
    }),
    wholeMonths('warrantyPeriod', String(WARRANTY_HINT_MONTHS)),
    wholeMonths('storageTerm'),
    field({
      key: 'warrantyLandmark',
      title: t('supplies.stock.columns.warrantyLandmark'),
      width: 150,
      view: (row) => formatDate(row.warrantyLandmark),
      input: <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} />,
    }),
    derived({
      key: 'warrantyEnd',
      title: t('supplies.stock.columns.warrantyEnd'),
      width: 190,
      view: (row) => warrantyView(row.warrantyEnd, row.underWarranty),
      edit: previewWarrantyEnd(),
    }),
    text('note', t('supplies.columns.note'), 180),
  ];
  if (kind === 'in') return columns;

  return [
    ...columns,
    field({
      key: 'status',
      title: t('supplies.stock.columns.status'),
      width: 150,
      rules: [{ required: true, message: t('supplies.stock.required.status') }],
      view: (row) => statusTag(row.status),
      input: (
        <Select<StockOutStatus>
          aria-label={t('supplies.stock.columns.status')}
          options={SELECTABLE_STOCK_OUT_STATUSES.map((s) => ({
            value: s,
            label: t(`supplies.status.${STATUS_KEYS[s]}`),
          }))}
        />
      ),
    }),
    {
      key: 'buyer',
      title: t('supplies.stock.columns.buyer'),
      children: [
        field({
          key: 'customer',
          name: 'contract',
          title: t('supplies.stock.columns.customer'),
          width: 220,
          view: (row) => row.contract && <CustomerLink id={row.contract.id} name={row.contract.clientName} />,
          input: <ContractPicker />,
        }),
        contractPart('numContract', 140),
        contractPart('street', 220),
      ],
    },
  ];
}
