import type { AccessPoint } from '@it4u/shared';
import { Col, Row, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, donut } from '../../../components/charts/Chart.tsx';
import { formatBytes, formatUptime } from '../../../components/format/units.ts';
import { Panel } from '../../../components/layout/DashboardPanel.tsx';
import { RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useAccessPoints } from '../dashboardQueries.ts';

/** How many access points the table shows at once. */
const AP_PAGE = 10;

/** The access points of the site: connected or not (a pie) and the quick look (name, host, up, down, uptime). */
export function AccessPointsPanel({ site }: { site: string | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const query = useAccessPoints(site);
  const data = query.data;
  const option = useMemo(
    () =>
      donut([
        { name: t('dashboard.ap.connected'), value: data?.connected ?? 0, color: '#389e0d' },
        { name: t('dashboard.ap.disconnected'), value: data?.disconnected ?? 0, color: '#cf1322' },
      ]),
    [data, t],
  );
  return (
    <Panel
      title={t('dashboard.ap.title')}
      query={query}
      empty={(data?.accessPoints.length ?? 0) === 0}
      emptyText={t('dashboard.ap.none')}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Chart
            option={option}
            height={220}
            label={t('dashboard.ap.chartLabel', {
              connected: data?.connected ?? 0,
              disconnected: data?.disconnected ?? 0,
            })}
          />
        </Col>
        <Col xs={24} md={16}>
          <RegisterTable<AccessPoint>
            size="small"
            rowKey="mac"
            // a venue of 150 access points: ten at a time rather than 150 rows drawn at once
            pagination={
              (data?.accessPoints.length ?? 0) > AP_PAGE
                ? { pageSize: AP_PAGE, size: 'small', showSizeChanger: false }
                : false
            }
            card={{ title: ['name', 'hostname'], fields: ['up', 'down', 'uptime'] }}
            aria-label={t('dashboard.ap.title')}
            scroll={{ x: 'max-content', y: 240 }}
            dataSource={data?.accessPoints ?? []}
            columns={[
              {
                key: 'name',
                title: t('dashboard.ap.name'),
                dataIndex: 'name',
                render: (name: string, ap) => (
                  <>
                    {name} {!ap.connected && <Tag color="red">{t('dashboard.ap.disconnected')}</Tag>}
                  </>
                ),
              },
              { key: 'hostname', title: t('dashboard.ap.hostname'), dataIndex: 'hostname' },
              {
                key: 'up',
                title: t('dashboard.ap.up'),
                dataIndex: 'upBytes',
                align: 'right',
                render: (b: number) => formatBytes(b, language),
              },
              {
                key: 'down',
                title: t('dashboard.ap.down'),
                dataIndex: 'downBytes',
                align: 'right',
                render: (b: number) => formatBytes(b, language),
              },
              {
                key: 'uptime',
                title: t('dashboard.ap.uptime'),
                dataIndex: 'uptime',
                align: 'right',
                render: (s: number, ap) => (ap.connected ? formatUptime(s, t) : '—'),
              },
            ]}
          />
        </Col>
      </Row>
    </Panel>
  );
}
