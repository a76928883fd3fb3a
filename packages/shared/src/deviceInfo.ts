/** Customer device information (/clientDeviceInf): the fields of a row, as the API and the screen name them. */

export const WAN_NUMBERS = [1, 2, 3, 4] as const;

/** The stored passwords of a row: encrypted at rest, answered masked, revealed one at a time (audited). */
export const DEVICE_SECRET_FIELDS = ['passWan1', 'passWan2', 'passWan3', 'passWan4', 'passLb', 'passOther'] as const;
export type DeviceSecretField = (typeof DEVICE_SECRET_FIELDS)[number];

/** The addresses of a row: the only hosts the remote terminal may reach for it. */
export const DEVICE_HOST_FIELDS = [
  'ipWan1',
  'ipWan2',
  'ipWan3',
  'ipWan4',
  'ipPublicWan1',
  'ipPublicWan2',
  'ipPublicWan3',
  'ipPublicWan4',
  'ipLb',
  'ipOther',
] as const;
export type DeviceHostField = (typeof DEVICE_HOST_FIELDS)[number];

/** The plain text fields of a row, in the table's order, with the most characters each may hold. */
export const DEVICE_TEXT_FIELDS = {
  backup: 200,
  maintenance: 200,
  ispWan1: 100,
  modelWan1: 100,
  ipWan1: 253,
  ipPublicWan1: 253,
  ispWan2: 100,
  modelWan2: 100,
  ipWan2: 253,
  ipPublicWan2: 253,
  ispWan3: 100,
  modelWan3: 100,
  ipWan3: 253,
  ipPublicWan3: 253,
  ispWan4: 100,
  modelWan4: 100,
  ipWan4: 253,
  ipPublicWan4: 253,
  modelLb: 100,
  ipLb: 253,
  modelOther: 100,
  ipOther: 253,
  reboot: 200,
  monitor: 200,
  method: 200,
  location: 500,
  openPort: 200,
  firmware: 200,
  wanGroup: 200,
  note: 2000,
} as const;
export type DeviceTextField = keyof typeof DEVICE_TEXT_FIELDS;
export const DEVICE_TEXT_FIELD_NAMES = Object.keys(DEVICE_TEXT_FIELDS) as DeviceTextField[];

/** A stored password's value in lists; sent back unchanged, it keeps the password ('' removes it). */
export const DEVICE_SECRET_MASK = '********';
export const DEVICE_SECRET_MAX = 200;

/** An address of a device: IPv4, IPv6 or a host name (no scheme, no port, no spaces). */
export const HOST_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9.:-]*[A-Za-z0-9])?$';

/** The page sizes of the device list (10, 50, 200, All); 'All' asks for every row, up to this many. */
export const DEVICE_PAGE_SIZES = [10, 50, 200] as const;
export const DEVICE_ALL_ROWS = 5000;

/** The remote terminal: the default SSH port and the terminal's size. */
export const TERMINAL = { port: 4949, cols: 97, rows: 37, scrollback: 1200, tabStopWidth: 8 } as const;
