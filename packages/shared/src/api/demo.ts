import { type Static, Type } from '@sinclair/typebox';

/**
 * What the demo made that is still there once a real controller is in use: the demo's sites (on no controller), its
 * DEMO-… customers, and the WAN history its routers left in the customer report.
 */
export const DemoLeftSchema = Type.Object({
  /** the demo controller is still the one in use (nothing is removed then) */
  demoInUse: Type.Boolean(),
  sites: Type.Array(Type.Object({ idname: Type.String(), sitename: Type.String() })),
  customers: Type.Array(Type.Object({ numContract: Type.String(), clientName: Type.String() })),
  /** the customer report's sites (by name) with the demo routers' history */
  wanSites: Type.Array(Type.String()),
  /** the warehouse records the demo made (its access points issued to its customers) */
  stockRecords: Type.Integer(),
});
export type DemoLeft = Static<typeof DemoLeftSchema>;

/** What was removed. */
export const DemoRemovedSchema = Type.Object({
  sites: Type.Integer(),
  customers: Type.Integer(),
  wanSites: Type.Integer(),
  stockRecords: Type.Integer(),
});
export type DemoRemoved = Static<typeof DemoRemovedSchema>;
