import { Card, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { useCan } from '../../session/useCan.ts';
import type { TerminalTarget } from '../terminal/terminal.ts';
import { DeviceInfoTab } from './components/DeviceInfoTab.tsx';
import { SiteNamesTab } from './components/SiteNamesTab.tsx';

// xterm.js is loaded only with the terminal or the audit's replays
const TerminalView = lazy(async () => ({
  default: (await import('../terminal/components/TerminalView.tsx')).TerminalView,
}));
const SessionsTab = lazy(async () => ({
  default: (await import('../terminal/components/SessionsTab.tsx')).SessionsTab,
}));
const ApprovalsTab = lazy(async () => ({
  default: (await import('../terminal/components/ApprovalsTab.tsx')).ApprovalsTab,
}));

/** /clientDeviceInf (manage roles; the shell's gate sends the others to /403). */
export function DeviceInfoPage() {
  const { t } = useTranslation();
  const terminalAllowed = useCan('terminal');
  // the hosts' approvals (addresses and keys) are administrators' and lead technicians' to read and give
  const trusts = useCan('terminalTrust');
  const [terminal, setTerminal] = useState<TerminalTarget | null>(null);
  const [tab, setTab] = useState('devices');

  if (terminal) {
    return (
      <Suspense fallback={<Spin />}>
        <TerminalView target={terminal} onBack={() => setTerminal(null)} />
      </Suspense>
    );
  }
  return (
    <Card title={t('deviceInfo.title')}>
      <PageTabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'devices',
            label: t('deviceInfo.tabs.devices'),
            children: <DeviceInfoTab onConnect={setTerminal} />,
          },
          { key: 'siteNames', label: t('deviceInfo.tabs.siteNames'), children: <SiteNamesTab /> },
          ...(terminalAllowed
            ? [
                {
                  key: 'sessions',
                  label: t('deviceInfo.tabs.sessions'),
                  children: (
                    <Suspense fallback={<Spin />}>
                      <SessionsTab />
                    </Suspense>
                  ),
                },
              ]
            : []),
          ...(trusts
            ? [
                {
                  key: 'approvals',
                  label: t('deviceInfo.tabs.approvals'),
                  children: (
                    <Suspense fallback={<Spin />}>
                      <ApprovalsTab />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
