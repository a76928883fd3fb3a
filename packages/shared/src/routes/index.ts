import type { alertsRoutes } from './alerts.ts';
import type { auditRoutes } from './audit.ts';
import type { authRoutes } from './auth.ts';
import type { backupsRoutes } from './backups.ts';
import type { channelsRoutes } from './channels.ts';
import type { chatRoutes } from './chat.ts';
import type { contractRoutes } from './contracts.ts';
import type { controllersRoutes } from './controllers.ts';
import type { cronjobRoutes } from './cronjob.ts';
import type { customersRoutes } from './customers.ts';
import type { dashboardRoutes } from './dashboard.ts';
import type { demoRoutes } from './demo.ts';
import type { deviceInfoRoutes } from './deviceInfo.ts';
import type { devicesRoutes } from './devices.ts';
import type { mailRoutes } from './mail.ts';
import type { searchRoutes } from './search.ts';
import type { settingsRoutes } from './settings.ts';
import type { sitesRoutes } from './sites.ts';
import type { slaRoutes } from './sla.ts';
import type { splashRoutes } from './splash.ts';
import type { suppliesRoutes } from './supplies.ts';
import type { terminalRoutes } from './terminal.ts';
import type { usersRoutes } from './users.ts';
import type { vouchersRoutes } from './vouchers.ts';
import type { wanLinksRoutes } from './wanLinks.ts';
import type { wirelessRoutes } from './wireless.ts';

export * from '../contract.ts';
export * from './alerts.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './backups.ts';
export * from './channels.ts';
export * from './chat.ts';
export * from './contracts.ts';
export * from './controllers.ts';
export * from './cronjob.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './demo.ts';
export * from './deviceInfo.ts';
export * from './devices.ts';
export * from './mail.ts';
export * from './portal.ts';
export * from './search.ts';
export * from './settings.ts';
export * from './sites.ts';
export * from './sla.ts';
export * from './splash.ts';
export * from './supplies.ts';
export * from './terminal.ts';
export * from './users.ts';
export * from './vouchers.ts';
export * from './wanLinks.ts';
export * from './wireless.ts';

/** Every route of the API (under /api/v1) by its key: what the web's `call` accepts. The guest portal's pages are not in it. */
export type ApiRoutes = typeof alertsRoutes &
  typeof auditRoutes &
  typeof authRoutes &
  typeof backupsRoutes &
  typeof channelsRoutes &
  typeof chatRoutes &
  typeof contractRoutes &
  typeof controllersRoutes &
  typeof customersRoutes &
  typeof cronjobRoutes &
  typeof dashboardRoutes &
  typeof demoRoutes &
  typeof deviceInfoRoutes &
  typeof devicesRoutes &
  typeof mailRoutes &
  typeof searchRoutes &
  typeof settingsRoutes &
  typeof slaRoutes &
  typeof sitesRoutes &
  typeof splashRoutes &
  typeof suppliesRoutes &
  typeof terminalRoutes &
  typeof usersRoutes &
  typeof vouchersRoutes &
  typeof wanLinksRoutes &
  typeof wirelessRoutes;
