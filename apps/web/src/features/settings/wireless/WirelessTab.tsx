import { EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { Wlan } from '@it4u/shared';
import { Button, Empty, Flex, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControllerError } from '../../../components/feedback/ControllerError.tsx';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { SiteSelect } from '../../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../../components/sites/useSiteChoice.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useCan } from '../../../session/useCan.ts';
import { HotspotModal } from './HotspotModal.tsx';
import { NameModal } from './NameModal.tsx';
import { WlanModal } from './WlanModal.tsx';
import {
  useAddSite,
  useApplyGroup,
  useCreateGroup,
  useHotspot,
  useSaveHotspot,
  useWlanGroups,
  useWlans,
} from './wirelessQueries.ts';

type Dialog = { kind: 'site' } | { kind: 'group' } | { kind: 'wlan'; wlan: Wlan | null } | { kind: 'hotspot' };

/**
 * Settings → Wireless Networks: a site's wifi groups and their networks, the hotspot login and Save (the group on
 * the site's access points). Every role reads; adding and changing are for administrators and technicians.
 */
export function WirelessTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const writer = useCan('wirelessWrite');
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const groups = useWlanGroups(site?.idname);
  const [pickedGroup, setGroup] = useState<{ site: string; id: string } | null>(null);
  const groupId =
    pickedGroup?.site === idname && groups.data?.some((g) => g.id === pickedGroup.id)
      ? pickedGroup.id
      : groups.data?.[0]?.id;
  const networks = useWlans(site?.idname, groupId);
  const hotspot = useHotspot(site?.idname);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // controllers of Network 6 and later group access points in AP groups
  const apGroups = groups.data?.some((g) => g.kind === 'apgroup') ?? false;
  const groupLabel = t(apGroups ? 'settings.wireless.apGroup' : 'settings.wireless.group');
  const addSite = useAddSite();
  const createGroup = useCreateGroup(idname);
  const applyGroup = useApplyGroup(idname);
  const saveHotspot = useSaveHotspot(idname);

  if (sites.isError) return <QueryErrorAlert query={sites} />;
  if (!sites.isPending && list.length === 0) return <Empty description={t('sites.noneAssigned')} />;

  const onHotspotSwitch = (on: boolean) => {
    if (on) return setDialog({ kind: 'hotspot' });
    const h = hotspot.data;
    if (!h) return;
    const auth = h.auth === 'password' || h.auth === 'hotspot' ? h.auth : 'none';
    saveHotspot.mutate(
      { enabled: false, portalName: h.portalName, auth, promoUrl: h.promoUrl },
      { onSuccess: () => notice.success(t('notices.saved')), onError: (error) => notice.error(error) },
    );
  };

  const onSave = () => {
    if (!groupId) return;
    applyGroup.mutate(groupId, {
      onSuccess: ({ devices }) => notice.success(t('settings.wireless.saved', { count: devices })),
      onError: (error) => notice.error(error),
    });
  };

  const yesNo = (on: boolean) => <Tag color={on ? 'blue' : 'default'}>{t(on ? 'common.yes' : 'common.no')}</Tag>;
  const columns: RegisterColumn<Wlan>[] = [
    { key: 'name', dataIndex: 'name', title: t('settings.wireless.columns.name') },
    {
      key: 'security',
      dataIndex: 'security',
      title: t('settings.wireless.columns.security'),
      render: (s: string) => (s === 'open' || s === 'wpapsk' ? t(`settings.wireless.security.${s}`) : s),
    },
    {
      key: 'isGuest',
      dataIndex: 'isGuest',
      title: t('settings.wireless.columns.guest'),
      render: (on: boolean) => yesNo(on),
    },
    {
      key: 'vlan',
      dataIndex: 'vlan',
      title: t('settings.wireless.columns.vlan'),
      render: (vlan: number | null, w) => (w.vlanEnabled && vlan !== null ? vlan : '–'),
    },
    ...(writer
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 110,
            render: (_: unknown, w: Wlan) => (
              <Button
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('settings.wireless.network.editOne', { name: w.name })}
                onClick={() => setDialog({ kind: 'wlan', wlan: w })}
              >
                {t('common.edit')}
              </Button>
            ),
          } satisfies RegisterColumn<Wlan>,
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        <SiteSelect sites={list} value={site?.idname} onChange={choose} loading={sites.isPending} />
        {writer && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'site' })}>
            {t('settings.wireless.addSite')}
          </Button>
        )}
      </Flex>
      {groups.isError ? (
        <ControllerError error={groups.error} retrying={groups.isFetching} onRetry={() => void groups.refetch()} />
      ) : (
        <>
          <Flex wrap gap={8} align="center">
            <Select
              aria-label={groupLabel}
              style={{ minWidth: 220 }}
              loading={groups.isPending}
              value={groupId}
              onChange={(id) => setGroup({ site: idname, id })}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              placeholder={groupLabel}
            />
            {writer && (
              <Button icon={<PlusOutlined aria-hidden />} disabled={!site} onClick={() => setDialog({ kind: 'group' })}>
                {t('settings.wireless.addGroup')}
              </Button>
            )}
            {apGroups && <Typography.Text type="secondary">{t('settings.wireless.apGroupsNote')}</Typography.Text>}
          </Flex>
          <Flex wrap gap={8} align="center" justify="space-between">
            <Space wrap>
              {writer && (
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  disabled={!groupId}
                  onClick={() => setDialog({ kind: 'wlan', wlan: null })}
                >
                  {t('settings.wireless.network.create')}
                </Button>
              )}
              <Space>
                <Switch
                  aria-label={t('settings.wireless.hotspot.switch')}
                  checked={hotspot.data?.enabled ?? false}
                  loading={hotspot.isPending || saveHotspot.isPending}
                  disabled={!writer || !hotspot.data}
                  onChange={onHotspotSwitch}
                />
                <Typography.Text>{t('settings.wireless.hotspot.switch')}</Typography.Text>
                {writer && hotspot.data?.enabled && (
                  <Button
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    onClick={() => setDialog({ kind: 'hotspot' })}
                  >
                    {t('settings.wireless.hotspot.edit')}
                  </Button>
                )}
              </Space>
            </Space>
            {writer && (
              <Button
                icon={<SaveOutlined aria-hidden />}
                disabled={!groupId}
                loading={applyGroup.isPending}
                onClick={onSave}
              >
                {t('common.save')}
              </Button>
            )}
          </Flex>
          {networks.isError ? (
            <ControllerError
              error={networks.error}
              retrying={networks.isFetching}
              onRetry={() => void networks.refetch()}
            />
          ) : (
            <RegisterTable<Wlan>
              rowKey="id"
              size="middle"
              columns={columns}
              card={{ title: ['name'], ...(writer ? { actions: 'actions' } : {}) }}
              dataSource={networks.data ?? []}
              loading={Boolean(groupId) && networks.isFetching}
              pagination={false}
              locale={{ emptyText: <Empty description={t('settings.wireless.empty')} /> }}
            />
          )}
        </>
      )}
      {dialog?.kind === 'site' && (
        <NameModal
          title={t('settings.wireless.siteModal.title')}
          label={t('settings.wireless.siteModal.desc')}
          required={t('settings.wireless.siteModal.required')}
          max={100}
          field="desc"
          pending={addSite.isPending}
          save={(name, done) =>
            addSite.mutate(name, {
              onSuccess: (made) => {
                choose(made.idname);
                done.onSuccess();
              },
              onError: done.onError,
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'group' && (
        <NameModal
          title={t('settings.wireless.groupModal.title')}
          label={t('settings.wireless.groupModal.name')}
          required={t('settings.wireless.groupModal.required')}
          max={64}
          field="name"
          pending={createGroup.isPending}
          save={(name, done) =>
            createGroup.mutate(name, {
              onSuccess: (made) => {
                setGroup({ site: idname, id: made.id });
                done.onSuccess();
              },
              onError: done.onError,
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'wlan' && groupId && (
        <WlanModal site={idname} groupId={groupId} wlan={dialog.wlan} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'hotspot' && hotspot.data && (
        <HotspotModal site={idname} hotspot={hotspot.data} enabled onClose={() => setDialog(null)} />
      )}
    </Flex>
  );
}
