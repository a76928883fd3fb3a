import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleTags } from '../../components/account/RoleTags.tsx';
import { saveBlob } from '../../components/download/saveBlob.ts';
import { QueryErrorAlert } from '../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatDate, formatDateTimeSeconds } from '../../components/format/formatting.ts';
import { SiteSelect } from '../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../components/sites/useSiteChoice.ts';
import { useCurrentUser } from '../../session/useCurrentUser.ts';
import { AccessPointsPanel } from './components/AccessPointsPanel.tsx';
import { BandwidthPanel } from './components/BandwidthPanel.tsx';
import { ClientsNowPanel } from './components/ClientsNowPanel.tsx';
import { ConnectionHistory, firstView, type HistoryView } from './components/ConnectionHistory.tsx';
import { HotspotPanel } from './components/HotspotPanel.tsx';
import { useDashboardClock } from './dashboardQueries.ts';

/** /home: the dashboard of one of the caller's sites (a customer sees only theirs), refreshed every 30 s. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { sites, list, site, choose } = useSiteChoice();
  const clock = useDashboardClock(site?.idname);
  const [chosenView, setView] = useState<HistoryView | null>(null);
  const view = chosenView ?? (clock ? firstView(clock()) : null);
  const panels = useRef<HTMLDivElement>(null);
  const exportPdf = useExportPdf(panels, site, view, clock);
  if (!user) return null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <div>
            <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('dashboard.greeting', { name: user.name })}
            </Typography.Title>
            <Space wrap>
              <Typography.Text type="secondary">{t('dashboard.roles')}:</Typography.Text>
              {user.roles.length > 0 ? (
                <RoleTags roles={user.roles} />
              ) : (
                <Typography.Text>{t('dashboard.noRoles')}</Typography.Text>
              )}
            </Space>
          </div>
          {list.length > 0 && (
            <Space wrap>
              <SiteSelect sites={list} value={site?.idname} onChange={choose} loading={sites.isPending} />
              <Button
                icon={<FilePdfOutlined />}
                onClick={exportPdf.run}
                loading={exportPdf.busy}
                disabled={!site || !view || !clock}
              >
                {t('dashboard.pdf.button')}
              </Button>
            </Space>
          )}
        </Space>
      </Card>
      {sites.isError ? (
        <QueryErrorAlert query={sites} />
      ) : !sites.isPending && list.length === 0 ? (
        <Card>
          <Empty description={t('dashboard.noSites')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} ref={panels}>
          <Col xs={24}>
            {clock && view ? (
              <ConnectionHistory site={site?.idname} now={clock} view={view} onView={setView} />
            ) : (
              <Card loading />
            )}
          </Col>
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
            <ClientsNowPanel site={site?.idname} now={clock} />
          </Col>
        </Row>
      )}
    </Space>
  );
}

/** The PDF export: the panels as they show, headed by the site, the history's range and the time it was made. */
function useExportPdf(
  panels: React.RefObject<HTMLDivElement | null>,
  site: { sitename: string; idname: string } | undefined,
  view: HistoryView | null,
  clock: (() => number) | undefined,
) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const row = panels.current;
    if (!row || !site || !view || !clock) return;
    setBusy(true);
    try {
      const { dashboardPdf } = await import('./dashboardPdf.ts');
      const made = dayjs(clock());
      const cards = [...row.querySelectorAll<HTMLElement>(':scope > .ant-col > .ant-card')];
      const blob = await dashboardPdf(row, cards, {
        title: site.sitename,
        lines: [
          t('dashboard.pdf.range', {
            interval: t(`dashboard.intervals.${view.interval}`),
            from: formatDate(view.range.start),
            to: formatDate(view.range.end),
          }),
          t('dashboard.pdf.made', { time: formatDateTimeSeconds(made.valueOf()) }),
        ],
        pageLabel: (page, pages) => t('dashboard.pdf.page', { page, pages }),
      });
      saveBlob(blob, `dashboard-${site.idname}-${made.format('YYYY-MM-DD-HHmm')}.pdf`);
    } catch {
      notice.failure(t('dashboard.pdf.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run: () => void run() };
}
