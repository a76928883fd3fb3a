import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/account/login/LoginPage.tsx';
import { Loading, lazyPage } from './lazyPage.tsx';

// Every screen but /login is a chunk of its own.
const VerifyPage = lazyPage(() => import('../features/account/verify/VerifyPage.tsx'), 'VerifyPage');
const ResetPasswordPage = lazyPage(
  () => import('../features/account/resetPassword/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const LoginedPage = lazyPage(() => import('../features/account/logined/LoginedPage.tsx'), 'LoginedPage');
const ChangePasswordDefaultPage = lazyPage(
  () => import('../features/account/changePasswordDefault/ChangePasswordDefaultPage.tsx'),
  'ChangePasswordDefaultPage',
);
const ForbiddenPage = lazyPage(() => import('../features/account/forbidden/ForbiddenPage.tsx'), 'ForbiddenPage');
const ShellGate = lazyPage(() => import('./shell/ShellGate.tsx'), 'ShellGate');
const HomePage = lazyPage(() => import('../features/dashboard/HomePage.tsx'), 'HomePage');
const OverviewPage = lazyPage(() => import('../features/dashboard/overview/OverviewPage.tsx'), 'OverviewPage');
const UsersPage = lazyPage(() => import('../features/users/UsersPage.tsx'), 'UsersPage');
const ProfilePage = lazyPage(() => import('../features/account/profile/ProfilePage.tsx'), 'ProfilePage');
const ChangePasswordPage = lazyPage(
  () => import('../features/account/changePassword/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
const VouchersPage = lazyPage(() => import('../features/vouchers/VouchersPage.tsx'), 'VouchersPage');
const DevicesPage = lazyPage(() => import('../features/devices/DevicesPage.tsx'), 'DevicesPage');
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage.tsx'), 'SettingsPage');
const ChannelsPage = lazyPage(() => import('../features/channels/ChannelsPage.tsx'), 'ChannelsPage');
const SuppliesPage = lazyPage(() => import('../features/supplies/SuppliesPage.tsx'), 'SuppliesPage');
const ReconciliationPage = lazyPage(() => import('../features/supplies/ReconciliationPage.tsx'), 'ReconciliationPage');
const WanLinksPage = lazyPage(() => import('../features/wanLinks/WanLinksPage.tsx'), 'WanLinksPage');
const ChatPage = lazyPage(() => import('../features/chat/ChatPage.tsx'), 'ChatPage');
const AuditPage = lazyPage(() => import('../features/audit/AuditPage.tsx'), 'AuditPage');
const CustomersPage = lazyPage(() => import('../features/customers/CustomersPage.tsx'), 'CustomersPage');
const CustomerPage = lazyPage(() => import('../features/customers/CustomerPage.tsx'), 'CustomerPage');
const AlertsPage = lazyPage(() => import('../features/alerts/AlertsPage.tsx'), 'AlertsPage');
const SlaPage = lazyPage(() => import('../features/sla/SlaPage.tsx'), 'SlaPage');
const SearchPage = lazyPage(() => import('../features/search/SearchPage.tsx'), 'SearchPage');
const DeviceInfoPage = lazyPage(() => import('../features/deviceInfo/DeviceInfoPage.tsx'), 'DeviceInfoPage');

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/verify',
    element: (
      <Loading>
        <VerifyPage />
      </Loading>
    ),
  },
  {
    path: '/resetPassword',
    element: (
      <Loading>
        <ResetPasswordPage />
      </Loading>
    ),
  },
  {
    path: '/logined',
    element: (
      <Loading>
        <LoginedPage />
      </Loading>
    ),
  },
  {
    path: '/changePasswordDefault',
    element: (
      <Loading>
        <ChangePasswordDefaultPage />
      </Loading>
    ),
  },
  {
    path: '/403',
    element: (
      <Loading>
        <ForbiddenPage />
      </Loading>
    ),
  },
  {
    // The shell: sign-in required; the gate also refuses menu routes the user's roles do not allow.
    path: '/',
    element: (
      <Loading>
        <ShellGate />
      </Loading>
    ),
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
      { path: 'dashboard', element: <OverviewPage /> },
      { path: 'voucher', element: <VouchersPage /> },
      { path: 'device', element: <DevicesPage /> },
      { path: 'config', element: <SettingsPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/:username', element: <ProfilePage /> },
      { path: 'user/changepassword', element: <ChangePasswordPage /> },
      { path: 'channel', element: <ChannelsPage /> },
      { path: 'supplies', element: <SuppliesPage /> },
      { path: 'reconciliation', element: <ReconciliationPage /> },
      { path: 'clientDeviceInf', element: <DeviceInfoPage /> },
      { path: 'reporter', element: <WanLinksPage /> },
      { path: 'chat', element: <ChatPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'customers', element: <CustomersPage /> },
      { path: 'customers/:id', element: <CustomerPage /> },
      { path: 'availability', element: <SlaPage /> },
      { path: 'alerts', element: <AlertsPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
