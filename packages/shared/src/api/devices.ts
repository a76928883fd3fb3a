import { type Static, Type } from '@sinclair/typebox';

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

export type ConnectedDevice = Static<typeof ConnectedDeviceSchema>;
export type BlockedDevice = Static<typeof BlockedDeviceSchema>;
export type ConnectedDeviceAnswer = Static<typeof ConnectedDeviceAnswerSchema>;
export type BlockedDeviceAnswer = Static<typeof BlockedDeviceAnswerSchema>;
export type BlockInput = Static<typeof BlockBody>;
