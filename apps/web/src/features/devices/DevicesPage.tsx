import { ReloadOutlined } from '@ant-design/icons';
import type { BlockInput } from '@it4u/shared';
import { Button, Card, Empty, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControllerError } from '../../components/feedback/ControllerError.tsx';
import { QueryErrorAlert } from '../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { SiteSelect } from '../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../components/sites/useSiteChoice.ts';
import { BlockedDevicesTable, type BlockedField } from './components/BlockedDevicesTable.tsx';
import { ConnectedDevicesTable, type ConnectedField } from './components/ConnectedDevicesTable.tsx';
import { useServerList } from './serverList.tsx';
import { useBlockDeviceMutation } from './useBlockDeviceMutation.ts';
import { useBlockedDevicesQuery } from './useBlockedDevicesQuery.ts';
import { useConnectedDevicesQuery } from './useConnectedDevicesQuery.ts';

/**
 * /device: the client devices connected to a site, and the ones blocked on it; each list searched, sorted and paged
 * on the server (a site may have thousands of clients).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const connectedList = useServerList<ConnectedField>('name:asc');
  const blockedList = useServerList<BlockedField>('lastSeen:desc');
  const connected = useConnectedDevicesQuery(site?.idname, connectedList.params);
  const blocked = useBlockedDevicesQuery(site?.idname, blockedList.params);
  connectedList.keepOnRows(connected.data);
  blockedList.keepOnRows(blocked.data);
  const block = useBlockDeviceMutation(idname);
  const [pendingMac, setPendingMac] = useState<string | null>(null);

  const run = (mac: string, cmd: BlockInput['cmd']) => {
    setPendingMac(mac);
    return block
      .mutateAsync({ mac, cmd })
      .then(
        () => notice.success(t(cmd === 'block-sta' ? 'devices.notices.blocked' : 'devices.notices.unblocked')),
        (error: unknown) => notice.error(error),
      )
      .finally(() => setPendingMac(null));
  };

  const refresh = () => {
    void connected.refetch();
    void blocked.refetch();
  };

  if (sites.isError) {
    return (
      <Card title={t('devices.title')}>
        <QueryErrorAlert query={sites} />
      </Card>
    );
  }
  if (!sites.isPending && list.length === 0) {
    return (
      <Card title={t('devices.title')}>
        <Empty description={t('sites.noneAssigned')} />
      </Card>
    );
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('devices.title')}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <SiteSelect
            sites={list}
            value={site?.idname}
            onChange={(next) => {
              connectedList.restart();
              blockedList.restart();
              choose(next);
            }}
            loading={sites.isPending}
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            disabled={!site}
            loading={connected.isFetching || blocked.isFetching}
            onClick={refresh}
          >
            {t('devices.actions.refresh')}
          </Button>
        </Space>
      </Card>
      <Card title={t('devices.connectedTitle')} size="small">
        <ConnectedDevicesTable
          list={connectedList}
          page={connected.data}
          loading={connected.isFetching || (Boolean(site) && connected.isPending)}
          error={
            connected.isError ? (
              <ControllerError
                error={connected.error}
                retrying={connected.isFetching}
                onRetry={() => void connected.refetch()}
              />
            ) : undefined
          }
          pendingMac={pendingMac}
          onBlock={(device) => run(device.mac, 'block-sta')}
        />
      </Card>
      <Card title={t('devices.blockedTitle')} size="small">
        <BlockedDevicesTable
          list={blockedList}
          page={blocked.data}
          loading={blocked.isFetching || (Boolean(site) && blocked.isPending)}
          error={
            blocked.isError ? (
              <ControllerError
                error={blocked.error}
                retrying={blocked.isFetching}
                onRetry={() => void blocked.refetch()}
              />
            ) : undefined
          }
          pendingMac={pendingMac}
          onUnblock={(device) => run(device.mac, 'unblock-sta')}
        />
      </Card>
    </Space>
  );
}
