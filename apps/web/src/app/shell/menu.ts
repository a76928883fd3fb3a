import {
  AimOutlined,
  AlertOutlined,
  AuditOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  FundOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LaptopOutlined,
  LineChartOutlined,
  MessageOutlined,
  PartitionOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { can, type PermissionFlags, permissionFlags, showManageMenu, showUsersEntry } from '@it4u/shared';
import type { ComponentType } from 'react';
import { fold } from '../../components/format/fold.ts';

export type MenuRule = (flags: PermissionFlags, roles: readonly string[]) => boolean;

export type MenuEntry = {
  key: string;
  /** Absent on a sub-menu. */
  path?: string;
  /**
   * Other routes that belong to this entry (route patterns, `:name` = one segment): they light it up and are guarded
   * like its path. A route that is neither the path nor listed here belongs to no entry: /users/:username (a
   * profile, anyone's own) is not under Users.
   */
  subPaths?: string[];
  /** i18n key of the label. */
  labelKey: string;
  icon: ComponentType;
  /** Who sees the entry; a route of a hidden entry answers /403. */
  visible: MenuRule;
  children?: MenuEntry[];
};

const always: MenuRule = () => true;

/** The one definition of the side menu: its entries, routes and who sees them. */
export const MENU: MenuEntry[] = [
  { key: 'home', path: '/home', labelKey: 'menu.home', icon: HomeOutlined, visible: always },
  { key: 'dashboard', path: '/dashboard', labelKey: 'menu.dashboard', icon: DashboardOutlined, visible: always },
  { key: 'vouchers', path: '/voucher', labelKey: 'menu.vouchers', icon: TagsOutlined, visible: always },
  { key: 'devices', path: '/device', labelKey: 'menu.devices', icon: LaptopOutlined, visible: always },
  {
    key: 'wanLinks',
    path: '/reporter',
    labelKey: 'menu.wanLinks',
    icon: FundOutlined,
    // staff: the customer report is no customer's
    visible: (_, roles) => can(roles, 'customerReport'),
  },
  {
    key: 'sla',
    path: '/availability',
    labelKey: 'menu.sla',
    icon: LineChartOutlined,
    // staff: the providers' measured availability, from the customer report
    visible: (_, roles) => can(roles, 'customerReport'),
  },
  {
    key: 'alerts',
    path: '/alerts',
    labelKey: 'menu.alerts',
    icon: AlertOutlined,
    // each is told of their own sites' alerts
    visible: always,
  },
  {
    key: 'customers',
    path: '/customers',
    subPaths: ['/customers/:id'],
    labelKey: 'menu.customers',
    icon: IdcardOutlined,
    // staff: every customer; a customer: their own page
    visible: always,
  },
  {
    key: 'settings',
    path: '/config',
    labelKey: 'menu.settings',
    icon: ControlOutlined,
    // every role reads the wireless networks of its sites; the Parameter tab is ROLE_ADMIN's
    visible: always,
  },
  // everyone chats: staff with anyone, a customer with staff
  { key: 'chat', path: '/chat', labelKey: 'menu.chat', icon: MessageOutlined, visible: always },
  {
    key: 'manage',
    labelKey: 'menu.manage',
    icon: SettingOutlined,
    visible: (flags) => showManageMenu(flags),
    children: [
      {
        key: 'users',
        path: '/users',
        labelKey: 'menu.users',
        icon: TeamOutlined,
        visible: (flags) => showUsersEntry(flags),
      },
      {
        key: 'channels',
        path: '/channel',
        labelKey: 'menu.channels',
        icon: PartitionOutlined,
        visible: (flags) => showManageMenu(flags),
      },
      {
        key: 'supplies',
        path: '/supplies',
        labelKey: 'menu.supplies',
        icon: InboxOutlined,
        visible: (flags) => showManageMenu(flags),
      },
      {
        key: 'reconciliation',
        path: '/reconciliation',
        labelKey: 'menu.reconciliation',
        icon: AimOutlined,
        visible: (flags) => showManageMenu(flags),
      },
      {
        key: 'deviceInfo',
        path: '/clientDeviceInf',
        labelKey: 'menu.deviceInfo',
        icon: ClusterOutlined,
        visible: (flags) => showManageMenu(flags),
      },
      {
        key: 'audit',
        path: '/audit',
        labelKey: 'menu.audit',
        icon: AuditOutlined,
        // every area's changes: ADMIN and LEAD_KT
        visible: (_, roles) => can(roles, 'auditTrail'),
      },
    ],
  },
];

/** The entries a user with these roles sees; a sub-menu with no visible entry is dropped. */
export function visibleMenu(roles: readonly string[], entries: MenuEntry[] = MENU): MenuEntry[] {
  const flags = permissionFlags(roles);
  return entries
    .filter((entry) => entry.visible(flags, roles))
    .map((entry) => (entry.children ? { ...entry, children: visibleMenu(roles, entry.children) } : entry))
    .filter((entry) => !entry.children || entry.children.length > 0);
}

/** Keeps the entries whose translated label contains the query (case and accents ignored). */
export function searchMenu(entries: MenuEntry[], query: string, label: (key: string) => string): MenuEntry[] {
  const q = fold(query).trim();
  if (!q) return entries;
  return entries.flatMap((entry) => {
    if (fold(label(entry.labelKey)).includes(q)) return [entry];
    if (!entry.children) return [];
    const children = searchMenu(entry.children, query, label);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

function normalized(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Whether a route pattern (`:name` matches one non-empty segment) matches the whole path. */
function matchesPattern(pattern: string, path: string): boolean {
  const want = normalized(pattern).split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

function owns(entry: MenuEntry, path: string): boolean {
  if (!entry.path) return false;
  return path === entry.path || (entry.subPaths ?? []).some((pattern) => matchesPattern(pattern, path));
}

/**
 * The key path of the entry the route belongs to, e.g. ['manage', 'users'] on /users; [] for a route of no entry
 * (the profile /users/:username, /user/changepassword). An entry owns its own path and its declared sub-paths only.
 */
export function activeMenuPath(entries: MenuEntry[], pathname: string): string[] {
  const path = normalized(pathname);
  for (const entry of entries) {
    if (owns(entry, path)) return [entry.key];
    const below = entry.children ? activeMenuPath(entry.children, path) : [];
    if (below.length > 0) return [entry.key, ...below];
  }
  return [];
}

/** False for the route of a menu entry these roles do not see. Other routes are not menu-guarded. */
export function canOpenPath(pathname: string, roles: readonly string[]): boolean {
  if (activeMenuPath(MENU, pathname).length === 0) return true;
  return activeMenuPath(visibleMenu(roles), pathname).length > 0;
}

export function subMenuKeys(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children ? [entry.key, ...subMenuKeys(entry.children)] : []));
}
