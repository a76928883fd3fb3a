import { type Static, Type } from '@sinclair/typebox';
import { Epoch } from './common.ts';

/**
 * A time range of a chart (epoch ms), as the chart calls send it; the spec's payload also names the controller's
 * attributes and the series' labels (not used: each report answers its own fields).
 */
export const RangeBody = Type.Object({
  start: Epoch,
  end: Epoch,
  attrs: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  labels: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
});
export type RangeBody = Static<typeof RangeBody>;

/** A range in a path (`/hotspot/{start}/{end}`), epoch ms. */
export const RangeParams = Type.Object({
  site: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  start: Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 }),
  end: Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 }),
});

/**
 * What a range asked for and what the controller keeps: `from` is where the answer starts when the controller
 * keeps less of that interval than was asked for (its retention), else the range's start.
 */
const Window = {
  start: Epoch,
  end: Epoch,
  /** the range was cut at the controller's retention: the answer starts here */
  clampedFrom: Type.Union([Epoch, Type.Null()]),
  /** when the controller was read (the answer may be shared by every viewer for a short while) */
  asOf: Epoch,
};

/** One slot of a site report: wifi clients and traffic (GB), and the traffic summed from the range's start. */
export const ClientPointSchema = Type.Object({
  time: Epoch,
  clients: Type.Number(),
  trafficGb: Type.Number(),
  cumulativeGb: Type.Number(),
});
export type ClientPoint = Static<typeof ClientPointSchema>;

export const ClientSeriesSchema = Type.Object({ ...Window, points: Type.Array(ClientPointSchema) });
export type ClientSeries = Static<typeof ClientSeriesSchema>;

const Stats = Type.Object({ max: Type.Number(), min: Type.Number(), average: Type.Number() });

/** Maximum, minimum and average of clients and traffic over a range (zeros when the range has no slot). */
export const ClientStatsSchema = Type.Object({ ...Window, slots: Type.Integer(), clients: Stats, trafficGb: Stats });
export type ClientStats = Static<typeof ClientStatsSchema>;

/** The WAN's average rates per hour, in Mbps (1 Mbps = 1,048,576 bits per second). */
export const NetworkRatesSchema = Type.Object({
  ...Window,
  points: Type.Array(Type.Object({ time: Epoch, downMbps: Type.Number(), upMbps: Type.Number() })),
});
export type NetworkRates = Static<typeof NetworkRatesSchema>;

/** The WAN's traffic per day, in GB (bandwidth history). */
export const TrafficHistorySchema = Type.Object({
  ...Window,
  points: Type.Array(Type.Object({ time: Epoch, downGb: Type.Number(), upGb: Type.Number() })),
});
export type TrafficHistory = Static<typeof TrafficHistorySchema>;

/** An access point of a site, for the status pie and the quick-look table. */
export const AccessPointSchema = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  hostname: Type.String(),
  model: Type.String(),
  connected: Type.Boolean(),
  /** seconds; 0 when disconnected */
  uptime: Type.Number(),
  /** bytes sent to and received from clients since the AP started */
  upBytes: Type.Number(),
  downBytes: Type.Number(),
  clients: Type.Integer(),
});
export type AccessPoint = Static<typeof AccessPointSchema>;

export const AccessPointsSchema = Type.Object({
  /** when the controller was read */
  asOf: Epoch,
  /** the controller was slow or failing past the refresh: its last good answer stands in, read at `asOf` */
  lastGood: Type.Optional(Type.Literal(true)),
  connected: Type.Integer(),
  disconnected: Type.Integer(),
  accessPoints: Type.Array(AccessPointSchema),
  /**
   * The same under the spec's names, each the JSON text of a list of `{name, value}`: clients per wifi network and
   * per radio, clients and traffic (GB) per access point, connected and disconnected, the download and upload (GB);
   * `quick_look` lists `{name, hostname, up, down, uptime}` (bytes, seconds).
   */
  client_ssid: Type.Optional(Type.String()),
  client_usage: Type.Optional(Type.String()),
  traffic_usage: Type.Optional(Type.String()),
  radio_type: Type.Optional(Type.String()),
  quick_look: Type.Optional(Type.String()),
  ap_conn: Type.Optional(Type.String()),
  traffic_info: Type.Optional(Type.String()),
});
export type AccessPoints = Static<typeof AccessPointsSchema>;

/** Guests of the hotspot in a window: first seen in it, or back again (`is_returning`). */
export const HotspotGuestsSchema = Type.Object({
  ...Window,
  newGuests: Type.Integer(),
  returningGuests: Type.Integer(),
});
export type HotspotGuests = Static<typeof HotspotGuestsSchema>;

/** Guest sessions per day (the operator's calendar days) in a window. */
export const HotspotSessionsSchema = Type.Object({
  ...Window,
  days: Type.Array(Type.Object({ day: Epoch, sessions: Type.Integer() })),
});
export type HotspotSessions = Static<typeof HotspotSessionsSchema>;

const ApEntry = Type.Object({
  site: Type.String(),
  siteName: Type.String(),
  name: Type.String(),
  mac: Type.String(),
});

/** An entry of the spec's overview lists. */
const NameValueTime = Type.Object({
  name: Type.String(),
  value: Type.Union([Type.Number(), Type.String()]),
  time: Epoch,
});

/** Every site the caller sees, by the status of its `wlan` health subsystem, and the access points to look at. */
export const OverviewSchema = Type.Object({
  asOf: Epoch,
  sites: Type.Object({ ok: Type.Integer(), warning: Type.Integer(), error: Type.Integer(), unknown: Type.Integer() }),
  /** sites whose wifi is in warning or error: adopted and connected access points */
  warnings: Type.Array(
    Type.Object({ site: Type.String(), siteName: Type.String(), connected: Type.Integer(), adopted: Type.Integer() }),
  ),
  errors: Type.Array(
    Type.Object({ site: Type.String(), siteName: Type.String(), connected: Type.Integer(), adopted: Type.Integer() }),
  ),
  /** access points down now that were last seen in the last 7 days, newest first */
  disconnections: Type.Array(Type.Object({ ...ApEntry.properties, lastSeen: Epoch })),
  /** sites the controller could not be asked about (they count as unknown) */
  unreachable: Type.Integer(),
  /**
   * sites with access points down whose lists were not read yet when the overview answered (a cold cache of an
   * operator's size): their disconnections are missing from this answer and come with a refresh a moment later
   */
  pending: Type.Optional(Type.Integer()),
  /**
   * a controller was slow or failing past the refresh: its last good answer stands in, `asOf` is when it was read
   */
  lastGood: Type.Optional(Type.Literal(true)),
  /**
   * the controllers that could not be read (their sites count as unknown): which, how many of the caller's sites are
   * theirs, and why, as an error code with its parameters
   */
  controllersDown: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Union([Type.Integer(), Type.Null()]),
        name: Type.String(),
        sites: Type.Integer(),
        code: Type.String(),
        params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
      }),
    ),
  ),
  /**
   * The same under the spec's names: the sites per status (`name` the status, `value` the count); the sites in
   * warning and in error (`name` the site's name, `value` connected/adopted access points); the disconnections of
   * the week (`name` the access point's name, `value` its site's name, `time` when last seen); `time` is `asOf`
   * where no other time is meant.
   */
  overview: Type.Optional(Type.Array(NameValueTime)),
  listWarningSites: Type.Optional(Type.Array(NameValueTime)),
  listErrorSites: Type.Optional(Type.Array(NameValueTime)),
  errorWeekly: Type.Optional(Type.Array(NameValueTime)),
});
export type Overview = Static<typeof OverviewSchema>;

/** Customers per segment (the contracts register's `segment`; an empty one is its own group). */
export const SegmentCountsSchema = Type.Array(Type.Object({ segment: Type.String(), customers: Type.Integer() }));
export type SegmentCounts = Static<typeof SegmentCountsSchema>;
