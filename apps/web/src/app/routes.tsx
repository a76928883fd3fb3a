import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { Loading, lazyPage } from './lazyPage.tsx';

// Every screen but /login is a chunk of its own.
const VerifyPage = lazyPage(() => import('../features/verify/VerifyPage.tsx'), 'VerifyPage');
const ResetPasswordPage = lazyPage(
  () => import('../features/resetPassword/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const LoginedPage = lazyPage(() => import('../features/logined/LoginedPage.tsx'), 'LoginedPage');
const ChangePasswordDefaultPage = lazyPage(
  () => import('../features/changePasswordDefault/ChangePasswordDefaultPage.tsx'),
  'ChangePasswordDefaultPage',
);
const ForbiddenPage = lazyPage(() => import('../features/forbidden/ForbiddenPage.tsx'), 'ForbiddenPage');
const ShellGate = lazyPage(() => import('./shell/ShellGate.tsx'), 'ShellGate');
const HomePage = lazyPage(() => import('../features/home/HomePage.tsx'), 'HomePage');
const OverviewPage = lazyPage(() => import('../features/overview/OverviewPage.tsx'), 'OverviewPage');
const UsersPage = lazyPage(() => import('../features/users/UsersPage.tsx'), 'UsersPage');
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage');
const ChangePasswordPage = lazyPage(
  () => import('../features/changePassword/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
const VoucherPage = lazyPage(() => import('../features/voucher/VoucherPage.tsx'), 'VoucherPage');
const DevicePage = lazyPage(() => import('../features/device/DevicePage.tsx'), 'DevicePage');
const ConfigPage = lazyPage(() => import('../features/config/ConfigPage.tsx'), 'ConfigPage');
const ChannelPage = lazyPage(() => import('../features/channel/ChannelPage.tsx'), 'ChannelPage');
const SuppliesPage = lazyPage(() => import('../features/supplies/SuppliesPage.tsx'), 'SuppliesPage');
const ReporterPage = lazyPage(() => import('../features/reporter/ReporterPage.tsx'), 'ReporterPage');
const ChatPage = lazyPage(() => import('../features/chat/ChatPage.tsx'), 'ChatPage');
const ClientDeviceInfPage = lazyPage(
  () => import('../features/clientDeviceInf/ClientDeviceInfPage.tsx'),
  'ClientDeviceInfPage',
);

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
      { path: 'voucher', element: <VoucherPage /> },
      { path: 'device', element: <DevicePage /> },
      { path: 'config', element: <ConfigPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/:username', element: <ProfilePage /> },
      { path: 'user/changepassword', element: <ChangePasswordPage /> },
      { path: 'channel', element: <ChannelPage /> },
      { path: 'supplies', element: <SuppliesPage /> },
      { path: 'clientDeviceInf', element: <ClientDeviceInfPage /> },
      { path: 'reporter', element: <ReporterPage /> },
      { path: 'chat', element: <ChatPage /> },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
