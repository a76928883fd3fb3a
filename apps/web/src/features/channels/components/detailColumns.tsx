import {
  CHANNEL_DEVICE_STATUSES,
  CHANNEL_STATUSES,
  type ChannelAttribute,
  type ChannelStatus,
  DATE_FORMAT,
} from '@it4u/shared';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import type { TFunction } from 'i18next';
import { ContractPicker } from '../../../components/contracts/ContractPicker.tsx';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { formatDate, formatMoney } from '../../../components/format/formatting.ts';
import { editColumns } from '../../../components/table/editColumns.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import type { RowEditing } from '../../../components/table/useRowEditing.ts';
import type { DetailDateField, DetailFormValues, DetailRow } from '../detailRow.ts';
import { DEVICE_STATUS_KEYS, isDeviceStatus } from '../statuses.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import { StatusTag } from './StatusTag.tsx';

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

/** The columns shown only when a user asks for them (the others fit a 1440 px screen beside the menu). */
export const DETAIL_HIDDEN = ['customer', 'servicePack', 'fees', 'deviceStatus', ...DATE_COLUMNS, ...TEXT_FIELDS];

type Options = {
  t: TFunction;
  language: string;
  editing: RowEditing<DetailRow>;
  /** The values of the row in edit mode, as typed. */
  watched: Partial<DetailFormValues>;
  /** A channel was chosen in the row in edit mode. */
  onPickChannel: (channel: ChannelAttribute | null) => void;
};

/** The columns of the channel details table between the row number and the actions. */
export function detailColumns({ t, language, editing, watched, onPickChannel }: Options): RegisterColumn<DetailRow>[] {
  const { field, derived } = editColumns(editing);
  const label = (key: string) => t(`channels.fields.${key}`);
  const required = (title: string) => [{ required: true, message: t('channels.required', { title }) }];
  const deviceStatusLabel = (value: string) =>
    isDeviceStatus(value) ? t(`channels.deviceStatus.${DEVICE_STATUS_KEYS[value]}`) : value;
  const contractView = (contract: DetailRow['contract'] | undefined) =>
    contract ? (
      <>
        <div>{contract.numContract}</div>
        <div className="channel-secondary">
          <CustomerLink id={contract.id} name={contract.clientName} />
        </div>
      </>
    ) : null;
  const textColumn = (key: (typeof TEXT_FIELDS)[number]) =>
    field({
      key,
      title: label(key),
      width: TEXT_WIDTHS[key],
      view: (row) => row[key],
      input: <Input aria-label={label(key)} />,
    });

  return [
    field({
      key: 'channel',
      title: label('channel'),
      width: 200,
      fixed: 'left',
      rules: required(label('channel')),
      view: (row) => row.channelAttribute?.name,
      input: <ChannelSelect onChange={onPickChannel} />,
    }),
    derived({
      key: 'customer',
      title: label('customer'),
      width: 180,
      view: (row) => row.channelAttribute?.customer,
      edit: watched.channel?.customer,
    }),
    derived({
      key: 'provider',
      title: label('provider'),
      width: 120,
      view: (row) => row.channelAttribute?.channelValue?.channelName.name,
      edit: watched.channel?.channelValue?.channelName.name,
    }),
    derived({
      key: 'servicePack',
      title: label('servicePack'),
      width: 140,
      view: (row) => row.channelAttribute?.channelValue?.servicePack,
      edit: watched.channel?.channelValue?.servicePack,
    }),
    field({
      key: 'status',
      title: label('status'),
      width: 140,
      rules: required(label('status')),
      view: (row) => <StatusTag status={row.channelAttribute?.status} />,
      input: (
        <Select<ChannelStatus>
          aria-label={label('status')}
          placeholder={label('status')}
          options={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`channels.status.${s}`) }))}
        />
      ),
    }),
    field({
      key: 'contract',
      title: label('contract'),
      width: 220,
      view: (row) => contractView(row.contract),
      input: <ContractPicker ariaLabel={label('contract')} display="full" />,
    }),
    field({
      key: 'fees',
      title: label('fees'),
      width: 140,
      align: 'right',
      view: (row) => (row.fees === null ? '' : formatMoney(row.fees, language)),
      input: <InputNumber aria-label={label('fees')} min={0} style={{ width: '100%' }} />,
    }),
    ...TEXT_FIELDS.slice(0, 4).map(textColumn),
    field({
      key: 'deviceStatus',
      title: label('deviceStatus'),
      width: 190,
      view: (row) => deviceStatusLabel(row.deviceStatus),
      input: (
        <Select<string>
          aria-label={label('deviceStatus')}
          allowClear
          popupMatchSelectWidth={230}
          options={CHANNEL_DEVICE_STATUSES.map((s) => ({ value: s, label: deviceStatusLabel(s) }))}
        />
      ),
    }),
    ...TEXT_FIELDS.slice(4).map(textColumn),
    ...DATE_COLUMNS.map((key) =>
      field({
        key,
        title: label(key),
        width: 150,
        view: (row) => formatDate(row[key]),
        input: (
          <DatePicker
            aria-label={label(key)}
            format={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            style={{ width: '100%' }}
          />
        ),
      }),
    ),
  ];
}
