import { type Static, Type } from '@sinclair/typebox';
import { PageQuery, pageOf, SearchText } from './common.ts';

export const ConnectedDeviceSchema = Type.Object({
  mac: Type.String(),
  /** host name, else the name given on the controller, else the MAC */
  name: Type.String(),
  essid: Type.String(),
  ip: Type.String(),
  apMac: Type.String(),
  apName: Type.String(),
  /** '2.4 GHz' | '5 GHz' | '6 GHz' | '' (wired) */
  band: Type.String(),
  /** bytes sent to the device (tx_bytes) */
  download: Type.Number(),
  /** bytes received from the device (rx_bytes) */
  upload: Type.Number(),
  /** seconds */
  uptime: Type.Number(),
  isGuest: Type.Boolean(),
});

export const BlockedDeviceSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  firstSeen: Type.Number(),
  lastSeen: Type.Number(),
});

/** A connected device as answered: also under the spec's (the controller's) names. */
export const ConnectedDeviceAnswerSchema = Type.Composite([
  ConnectedDeviceSchema,
  Type.Object({
    /** the spec's names: `name`, `download` and `upload` */
    hostname: Type.String(),
    tx_bytes: Type.Number(),
    rx_bytes: Type.Number(),
  }),
]);

/** A blocked device as answered: also its first and last sighting as the controller's seconds. */
export const BlockedDeviceAnswerSchema = Type.Composite([
  BlockedDeviceSchema,
  Type.Object({ first_seen: Type.Number(), last_seen: Type.Number() }),
]);

export const BlockBody = Type.Object({
  mac: Type.String({ pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$', maxLength: 17 }),
  cmd: Type.Union([Type.Literal('block-sta'), Type.Literal('unblock-sta')]),
});

/**
 * A `field:asc` / `field:desc` of the fields a paged list sorts by: any other value is refused (400) by the schema,
 * so a handler never meets a field it does not know.
 */
const sortOf = <const F extends string>(fields: readonly F[]) =>
  Type.Unsafe<`${F}:${'asc' | 'desc'}`>({
    type: 'string',
    enum: fields.flatMap((f) => [`${f}:asc`, `${f}:desc`]),
  });

/** The fields the connected devices sort by (by name unless told). */
export const CONNECTED_SORT_FIELDS = ['name', 'essid', 'apName', 'ip', 'download', 'upload', 'uptime'] as const;
/** The fields the blocked devices sort by (last seen first unless told). */
export const BLOCKED_SORT_FIELDS = ['name', 'mac', 'firstSeen', 'lastSeen'] as const;

/**
 * A page of a site's connected devices: `q` finds words in the name, MAC, IP, access point or wifi name (case and
 * Vietnamese marks aside, a MAC with or without its colons).
 */
export const ConnectedPageQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: PageQuery.properties.pageSize,
  q: Type.Optional(SearchText),
  sort: Type.Optional(sortOf(CONNECTED_SORT_FIELDS)),
});

/** A page of a site's blocked devices: `q` finds words in the name or MAC. */
export const BlockedPageQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: PageQuery.properties.pageSize,
  q: Type.Optional(SearchText),
  sort: Type.Optional(sortOf(BLOCKED_SORT_FIELDS)),
});

export const ConnectedDevicePageSchema = pageOf(ConnectedDeviceSchema);
export const BlockedDevicePageSchema = pageOf(BlockedDeviceSchema);

export type ConnectedDevice = Static<typeof ConnectedDeviceSchema>;
export type BlockedDevice = Static<typeof BlockedDeviceSchema>;
export type ConnectedDeviceAnswer = Static<typeof ConnectedDeviceAnswerSchema>;
export type BlockedDeviceAnswer = Static<typeof BlockedDeviceAnswerSchema>;
export type BlockInput = Static<typeof BlockBody>;
export type ConnectedSort = `${(typeof CONNECTED_SORT_FIELDS)[number]}:${'asc' | 'desc'}`;
export type BlockedSort = `${(typeof BLOCKED_SORT_FIELDS)[number]}:${'asc' | 'desc'}`;
export type ConnectedPageInput = Static<typeof ConnectedPageQuery>;
export type BlockedPageInput = Static<typeof BlockedPageQuery>;
