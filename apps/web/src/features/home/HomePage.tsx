import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/QueryErrorAlert.tsx';
import { RoleTags } from '../../components/RoleTags.tsx';
import { SiteSelect } from '../../components/SiteSelect.tsx';
import { useSiteChoice } from '../../components/useSiteChoice.ts';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { AccessPointsPanel } from './components/AccessPointsPanel.tsx';
import { BandwidthPanel } from './components/BandwidthPanel.tsx';
import { ClientsNowPanel } from './components/ClientsNowPanel.tsx';
import { ConnectionHistory } from './components/ConnectionHistory.tsx';
import { HotspotPanel } from './components/HotspotPanel.tsx';
import { useDashboardClock } from './dashboardQueries.ts';

/** /home: the dashboard of one of the caller's sites (a customer sees only theirs), refreshed every 30 s. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { sites, list, site, choose } = useSiteChoice();
  const clock = useDashboardClock(site?.idname);
  if (!user) return null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <div>
            <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('home.greeting', { name: user.name })}
            </Typography.Title>
            <Space wrap>
              <Typography.Text type="secondary">{t('home.roles')}:</Typography.Text>
              {user.roles.length > 0 ? (
                <RoleTags roles={user.roles} />
              ) : (
                <Typography.Text>{t('home.noRoles')}</Typography.Text>
              )}
            </Space>
          </div>
          {list.length > 0 && (
            <SiteSelect sites={list} value={site?.idname} onChange={choose} loading={sites.isPending} />
          )}
        </Space>
      </Card>
      {sites.isError ? (
        <QueryErrorAlert query={sites} />
      ) : !sites.isPending && list.length === 0 ? (
        <Card>
          <Empty description={t('home.noSites')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24}>{clock ? <ConnectionHistory site={site?.idname} now={clock} /> : <Card loading />}</Col>
          {clock && (
            <Col xs={24}>
              <HotspotPanel site={site?.idname} now={clock} />
            </Col>
          )}
          {clock && (
            <Col xs={24}>
              <BandwidthPanel site={site?.idname} now={clock} />
            </Col>
          )}
          <Col xs={24}>
            <AccessPointsPanel site={site?.idname} />
          </Col>
          <Col xs={24}>
            <ClientsNowPanel site={site?.idname} />
          </Col>
        </Row>
      )}
    </Space>
  );
}
