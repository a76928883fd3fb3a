import { DEVICE_SECRET_MAX, DEVICE_TEXT_FIELDS, type DeviceSecretField, type DeviceTextField } from '@it4u/shared';
import type { Column } from '../../lib/spreadsheet.ts';

const wan = (n: number): Column[] => [
  { key: `ispWan${n}`, header: `ISP WAN${n}`, aliases: [`Nhà mạng WAN${n}`] },
  { key: `modelWan${n}`, header: `Model WAN${n}`, aliases: [`Thiết bị WAN${n}`, `Device model WAN${n}`] },
  { key: `ipWan${n}`, header: `IP WAN${n}` },
  { key: `passWan${n}`, header: `Mật khẩu WAN${n}`, aliases: [`Password WAN${n}`, `Pass WAN${n}`] },
  { key: `ipPublicWan${n}`, header: `IP public WAN${n}`, aliases: [`Public IP WAN${n}`] },
];

/** The passwords' columns: imported (and encrypted), never exported. */
export const SECRET_COLUMNS = new Set<string>(['passLb', 'passOther', 'passWan1', 'passWan2', 'passWan3', 'passWan4']);
/** Columns an export writes for reading but an import takes from the contract (the customer's own fields). */
export const CONTRACT_COLUMNS = new Set<string>(['clientName', 'phone', 'servicePlans']);

const columns: Column[] = [
  { key: 'numContract', header: 'Số hợp đồng', aliases: ['Contract number', 'Contract'] },
  { key: 'clientName', header: 'Khách hàng', aliases: ['Customer', 'Tên khách hàng'] },
  { key: 'phone', header: 'Số điện thoại', aliases: ['Phone', 'Contact phone', 'SĐT'] },
  { key: 'servicePlans', header: 'Gói dịch vụ', aliases: ['Service plan', 'servicePlan'] },
  { key: 'sitename', header: 'Tên site giám sát', aliases: ['Monitoring site name', 'Site', 'idname', 'Site id'] },
  { key: 'backup', header: 'Backup', aliases: ['Sao lưu'] },
  { key: 'maintenance', header: 'Bảo trì', aliases: ['Maintenance'] },
  ...[1, 2, 3, 4].flatMap(wan),
  { key: 'modelLb', header: 'Model LB', aliases: ['LB model', 'Thiết bị LB'] },
  { key: 'ipLb', header: 'IP LB', aliases: ['LB IP'] },
  { key: 'passLb', header: 'Mật khẩu LB', aliases: ['LB password', 'Password LB'] },
  { key: 'modelOther', header: 'Model thiết bị khác', aliases: ['Other device model', 'Model other'] },
  { key: 'ipOther', header: 'IP thiết bị khác', aliases: ['Other device IP', 'IP other'] },
  { key: 'passOther', header: 'Mật khẩu thiết bị khác', aliases: ['Other device password', 'Password other'] },
  { key: 'reboot', header: 'Reboot', aliases: ['Khởi động lại'] },
  { key: 'monitor', header: 'Giám sát', aliases: ['Monitor'] },
  { key: 'method', header: 'Phương thức', aliases: ['Method'] },
  { key: 'location', header: 'Vị trí', aliases: ['Location'] },
  { key: 'openPort', header: 'Port mở', aliases: ['Open port', 'Cổng mở'] },
  { key: 'firmware', header: 'Firmware' },
  { key: 'wanGroup', header: 'Nhóm WAN', aliases: ['WAN group'] },
  { key: 'note', header: 'Ghi chú', aliases: ['Note'] },
];

/** The columns of the device list's spreadsheets, with each field's limit as the form's. */
export const DEVICE_COLUMNS: Column[] = columns.map((c) => {
  const max = DEVICE_TEXT_FIELDS[c.key as DeviceTextField] ?? (SECRET_COLUMNS.has(c.key) ? DEVICE_SECRET_MAX : 200);
  return { ...c, rule: { maxLength: max } };
});

export const isSecretColumn = (key: string): key is DeviceSecretField => SECRET_COLUMNS.has(key);
