import type { SystemParameters } from './api/parameters.ts';

/** The parameters stored encrypted and answered masked. */
export const SECRET_PARAMETERS = [
  'pwUbnt',
  'tokenUcrm',
  'tokenDev',
  'sshPassword',
  'sshKey',
  'terminalPassword',
] as const;

/** The secrets of the controller host (SSH), shown in their own part of the Parameter tab. */
export const SSH_SECRETS = ['sshPassword', 'sshKey'] as const;

/** How a customer site's own device token begins (issue 23), so that one found lying around says what it is. */
export const DEVICE_TOKEN_PREFIX = 'it4u_dev_';

/** How a generated metrics token begins. */
export const METRICS_TOKEN_PREFIX = 'it4u_metrics_';

/** The controller's data directory on a Debian or Ubuntu host. */
export const UNIFI_DATA_DIR = '/usr/lib/unifi/data';

/** What GET /it4u/systemConfig answers in place of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = '********';

/**
 * Secrets tied to where they are sent: when one of these fields changes, the masked (stored) secret is not kept,
 * so that a stored password never goes to a new address or account; the administrator types it again.
 */
export const SECRET_TIES = {
  pwUbnt: ['urlUbnt', 'usernameUbnt', 'verifyTls'],
  sshPassword: ['sshHost', 'sshPort', 'sshUser'],
  sshKey: ['sshHost', 'sshPort', 'sshUser'],
} as const satisfies Partial<Record<(typeof SECRET_PARAMETERS)[number], readonly (keyof SystemParameters)[]>>;

/**
 * A console's address through Site Manager's connector (api.ui.com): `…/v1/connector/consoles/<host id>`, read with
 * the account's Site Manager key (the server's client and the Controllers card know it by this).
 */
export const CONNECTOR_URL = /\/v1\/connector\/consoles\/[^/?#]+$/;
