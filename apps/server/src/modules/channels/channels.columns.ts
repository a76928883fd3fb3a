import {
  CHANNEL_DETAIL_DATES,
  CHANNEL_DETAIL_TEXTS,
  CHANNEL_DEVICE_STATUSES,
  CHANNEL_STATUSES,
  type ChannelDetail,
  type ChannelDetailFields,
  type ChannelStatus,
  DEFAULT_CHANNEL_STATUS,
  type RowProblem,
} from '@it4u/shared';
import { AttributeCreateBody, ContractBody, DetailBody, ProviderBody, ServicePackBody } from '@it4u/shared/api';
import {
  type Column,
  cellAmount,
  cellText,
  foldHeader,
  parseSheetDate,
  type SheetCells,
  sheetDay,
} from '../../lib/spreadsheet.ts';

type DateKey = (typeof CHANNEL_DETAIL_DATES)[number];

// Each column's rule is the schema of the same field in the channel and detail forms.
const channel = AttributeCreateBody.properties;
const detail = DetailBody.properties;

/**
 * The columns of the channel import, its template and the details export, in this order. The first row of a
 * sheet names them by header, English alias or key.
 */
export const CHANNEL_COLUMNS: Column[] = [
  {
    key: 'numContract',
    header: 'Số hợp đồng',
    aliases: ['Contract number', 'Contract'],
    required: true,
    rule: ContractBody.properties.numContract,
  },
  { key: 'name', header: 'Tên kênh', aliases: ['Channel name', 'Channel'], rule: channel.name },
  { key: 'customer', header: 'Khách hàng', aliases: ['Customer'], rule: channel.customer },
  { key: 'provider', header: 'Nhà cung cấp', aliases: ['Provider', 'channelName'], rule: ProviderBody.properties.name },
  {
    key: 'servicePack',
    header: 'Gói dịch vụ',
    aliases: ['Service pack'],
    rule: ServicePackBody.properties.servicePack,
  },
  { key: 'status', header: 'Trạng thái', aliases: ['Status'] },
  { key: 'virtualNum', header: 'Số ảo', aliases: ['Virtual number'], rule: channel.virtualNum },
  {
    key: 'usernamePPPoE',
    header: 'Tài khoản PPPoE',
    aliases: ['PPPoE username', 'PPPoE'],
    rule: channel.usernamePPPoE,
  },
  { key: 'fees', header: 'Cước phí', aliases: ['Fees', 'Fee'], rule: detail.fees },
  { key: 'routerType', header: 'Loại router', aliases: ['Router type', 'Router'], rule: detail.routerType },
  { key: 'ipAddress', header: 'Địa chỉ IP', aliases: ['IP address', 'IP'], rule: detail.ipAddress },
  { key: 'ipType', header: 'Loại IP', aliases: ['IP type'], rule: detail.ipType },
  {
    key: 'customerMove',
    header: 'Chuyển địa điểm',
    aliases: ['Customer move', 'Relocation'],
    rule: detail.customerMove,
  },
  { key: 'deviceStatus', header: 'Trạng thái thiết bị', aliases: ['Device status'] },
  {
    key: 'regionalEngineer',
    header: 'Kỹ thuật khu vực',
    aliases: ['Regional engineer', 'Engineer'],
    rule: detail.regionalEngineer,
  },
  {
    key: 'votesRequire',
    header: 'Phiếu yêu cầu',
    aliases: ['Request ticket', 'Request'],
    rule: detail.votesRequire,
  },
  { key: 'deployRequestDate', header: 'Ngày yêu cầu triển khai', aliases: ['Deploy request date'] },
  { key: 'dateAcceptance', header: 'Ngày nghiệm thu', aliases: ['Acceptance date'] },
  { key: 'dateOnlineRequest', header: 'Ngày yêu cầu online', aliases: ['Online request date'] },
  { key: 'dateOnline', header: 'Ngày online', aliases: ['Online date'] },
  { key: 'dateRequestStop', header: 'Ngày yêu cầu ngưng', aliases: ['Stop request date'] },
  { key: 'dateStop', header: 'Ngày ngưng', aliases: ['Stop date'] },
];

export type ChannelRow = {
  numContract: string;
  name: string;
  customer: string;
  provider: string;
  servicePack: string;
  status: ChannelStatus;
  virtualNum: string;
  usernamePPPoE: string;
} & ChannelDetailFields;

/** Device statuses by their folded form, so that "Chưa thu hồi" and "chua thu hoi" are both "Chua thu hoi". */
const DEVICE_STATUS = new Map(CHANNEL_DEVICE_STATUSES.map((s) => [foldHeader(s), s]));

/** One row of the import, checked on its own; the problems say what is wrong with it. */
export function parseChannelRow(cells: SheetCells): { row: ChannelRow; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const numContract = cellText(cells.numContract);
  if (!numContract) problems.push({ code: 'missing', params: { field: 'numContract' } });

  const statusText = cellText(cells.status).toLowerCase();
  let status: ChannelStatus = DEFAULT_CHANNEL_STATUS;
  if (statusText) {
    if ((CHANNEL_STATUSES as readonly string[]).includes(statusText)) status = statusText as ChannelStatus;
    else {
      problems.push({
        code: 'unknownValue',
        params: { field: 'status', value: cellText(cells.status), allowed: CHANNEL_STATUSES.join(', ') },
      });
    }
  }

  const deviceText = cellText(cells.deviceStatus);
  const deviceStatus = deviceText ? DEVICE_STATUS.get(foldHeader(deviceText)) : '';
  if (deviceStatus === undefined) {
    problems.push({
      code: 'unknownValue',
      params: { field: 'deviceStatus', value: deviceText, allowed: CHANNEL_DEVICE_STATUSES.join(', ') },
    });
  }

  const fees = cellAmount(cells.fees, 'fees', problems) ?? null;

  const dates = {} as Record<DateKey, number | null>;
  for (const key of CHANNEL_DETAIL_DATES) {
    dates[key] = null;
    if (cellText(cells[key]) === '') continue;
    const d = parseSheetDate(cells[key], key);
    if (d.ok) dates[key] = d.ms;
    else problems.push(d.problem);
  }

  const provider = cellText(cells.provider);
  const servicePack = cellText(cells.servicePack);
  if (servicePack && !provider) problems.push({ code: 'packWithoutProvider' });
  if (provider && !servicePack) problems.push({ code: 'providerWithoutPack', params: { value: provider } });

  return {
    problems,
    row: {
      numContract,
      name: cellText(cells.name),
      customer: cellText(cells.customer),
      provider,
      servicePack,
      status,
      virtualNum: cellText(cells.virtualNum),
      usernamePPPoE: cellText(cells.usernamePPPoE),
      fees,
      routerType: cellText(cells.routerType),
      ipAddress: cellText(cells.ipAddress),
      ipType: cellText(cells.ipType),
      customerMove: cellText(cells.customerMove),
      deviceStatus: deviceStatus ?? '',
      regionalEngineer: cellText(cells.regionalEngineer),
      votesRequire: cellText(cells.votesRequire),
      ...dates,
    },
  };
}

/** A detail as a row of the export, in the order of CHANNEL_COLUMNS. */
export function exportCells(d: ChannelDetail): unknown[] {
  const a = d.channelAttribute;
  const values: Record<string, unknown> = {
    numContract: d.contract?.numContract ?? '',
    name: a.name,
    customer: a.customer,
    provider: a.channelValue?.channelName.name ?? '',
    servicePack: a.channelValue?.servicePack ?? '',
    status: a.status,
    virtualNum: a.virtualNum,
    usernamePPPoE: a.usernamePPPoE,
    fees: d.fees ?? '',
    ...Object.fromEntries(CHANNEL_DETAIL_TEXTS.map((k) => [k, d[k]])),
    ...Object.fromEntries(CHANNEL_DETAIL_DATES.map((k) => [k, sheetDay(d[k])])),
  };
  return CHANNEL_COLUMNS.map((c) => values[c.key]);
}
