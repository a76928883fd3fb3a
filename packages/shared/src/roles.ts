/** Role names as the server stores them. The first role of a user decides the permission flags. */
export const ROLE_NAMES = [
  'ROLE_ADMIN',
  'ROLE_LEAD_KT',
  'ROLE_KT',
  'ROLE_MANAGER',
  'ROLE_CSKH',
  'ROLE_LEAD_KD',
  'ROLE_KH',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

export const DEFAULT_ROLE: RoleName = 'ROLE_KH';

export const USER_TYPES = ['User', 'Client'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['Active', 'Block'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const LANGUAGES = ['English', 'Vietnamese'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/**
 * Four view flags, all true by default; a false flag means that view applies.
 * Only the first role counts.
 */
export type PermissionFlags = {
  viewManage: boolean;
  viewLeadKT: boolean;
  viewKT: boolean;
  viewUser: boolean;
};

export function permissionFlags(roles: readonly string[]): PermissionFlags {
  const first = roles[0];
  return {
    viewManage: first !== 'ROLE_ADMIN',
    viewLeadKT: first !== 'ROLE_LEAD_KT',
    viewKT: first !== 'ROLE_KT',
    viewUser: !(first === 'ROLE_MANAGER' || first === 'ROLE_CSKH' || first === 'ROLE_LEAD_KD'),
  };
}

/** Capabilities (the roles table of docs/architecture.md), checked by the server on every route and used by the web to show or hide. */
export type Capability =
  | 'allSites'
  | 'dashboards'
  | 'userAdmin'
  | 'manage'
  | 'customerReport'
  | 'wirelessWrite'
  | 'cronjob'
  | 'mailer'
  | 'parameters'
  | 'terminal'
  /** approving the hosts the terminal offers stored passwords to, and replaying anyone's terminal sessions */
  | 'terminalTrust'
  /** reading the audit trail of every area */
  | 'auditTrail'
  | 'chat';

export function can(roles: readonly string[], capability: Capability): boolean {
  const f = permissionFlags(roles);
  const admin = !f.viewManage;
  const lead = !f.viewLeadKT;
  const kt = !f.viewKT;
  const office = !f.viewUser;
  const staff = admin || lead || kt || office;
  switch (capability) {
    case 'dashboards':
    case 'chat':
      return true;
    case 'allSites':
    case 'customerReport':
      return staff;
    case 'userAdmin':
    case 'terminalTrust':
    case 'auditTrail':
      return admin || lead;
    case 'manage':
    case 'wirelessWrite':
    case 'cronjob':
    case 'terminal':
      return admin || lead || kt;
    case 'mailer':
    case 'parameters':
      return admin;
  }
}

/** The Manage sub-menu is hidden when the manage, lead and KT flags are all true. */
export function showManageMenu(flags: PermissionFlags): boolean {
  return !(flags.viewManage && flags.viewLeadKT && flags.viewKT);
}

/** The users entry is shown only when the manage or lead flag is false. */
export function showUsersEntry(flags: PermissionFlags): boolean {
  return !flags.viewManage || !flags.viewLeadKT;
}
