import { Type } from '@sinclair/typebox';

export const ConnectedDeviceSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  essid: Type.String(),
  ip: Type.String(),
  apMac: Type.String(),
  apName: Type.String(),
  band: Type.String(),
  download: Type.Number(),
  upload: Type.Number(),
  uptime: Type.Number(),
  isGuest: Type.Boolean(),
});

export const BlockedDeviceSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  firstSeen: Type.Number(),
  lastSeen: Type.Number(),
});

export const BlockBody = Type.Object({
  mac: Type.String({ pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$', maxLength: 17 }),
  cmd: Type.Union([Type.Literal('block-sta'), Type.Literal('unblock-sta')]),
});
