export { type CloudConsole, hostIdOf, type SiteManager, type SiteManagerOptions, startSiteManager } from './cloud.ts';
export type { ReportInterval, ReportKind } from './reports.ts';
export { type Flavor, type Misbehaviour, type Simulator, type SimulatorOptions, startSimulator } from './server.ts';
export { type Certificate, fingerprintOf, selfSignedCertificate } from './tls.ts';
export type { Device, JsonObject, Site, World } from './world.ts';
