import type { CustomerDetail, WanLink } from '@it4u/shared';
import { Alert, Card, Descriptions, Empty, Flex, Modal, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { formatUptime } from '../../../components/format/units.ts';
import { useCan } from '../../../session/useCan.ts';
import { formatPercent } from '../report.ts';
import { useCustomerDetailQuery } from '../useCustomerDetailQuery.ts';
import { DeviceTokenPart } from './DeviceTokenPart.tsx';
import { LinkStateTag } from './LinkStateTag.tsx';
import { LinkTimeline, TimelineLegend } from './LinkTimeline.tsx';

const WINDOWS = ['day', 'week', 'month'] as const;
type HistoryWindow = (typeof WINDOWS)[number];

type Props = { id: number; sitename: string; onClose: () => void };

/**
 * One customer site: a card per WAN link (state, uptime, availability, flaps) with its timeline over a period, and
 * for staff who manage, the site's device token.
 */
export function CustomerDetailModal({ id, sitename, onClose }: Props) {
  const { t } = useTranslation();
  const manage = useCan('manage');
  const detail = useCustomerDetailQuery(id);
  const [period, setPeriod] = useState<HistoryWindow>('day');
  const site = detail.data;
  return (
    <Modal open title={sitename} onCancel={onClose} footer={null} width={900}>
      <QueryErrorAlert query={detail} />
      {!site && detail.isPending && <Skeleton active />}
      {site && (
        <Flex vertical gap={16}>
          <SiteFacts site={site} />
          <Flex wrap gap={12} align="center" justify="space-between">
            <Segmented<HistoryWindow>
              aria-label={t('wanLinks.detail.window')}
              value={period}
              onChange={setPeriod}
              options={WINDOWS.map((w) => ({ value: w, label: t(`wanLinks.detail.windows.${w}`) }))}
            />
            <TimelineLegend />
          </Flex>
          {site.links.length === 0 ? (
            <Empty description={t('wanLinks.detail.noLinks')} />
          ) : (
            site.links.map((link) => <LinkCard key={link.wan} link={link} period={period} />)
          )}
          {manage && <DeviceTokenPart id={id} sitename={site.sitename} />}
        </Flex>
      )}
    </Modal>
  );
}

function SiteFacts({ site }: { site: CustomerDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {site.stale && (
        <Alert type="warning" showIcon title={t('wanLinks.stale')} description={t('wanLinks.staleHint')} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'customer',
            label: t('wanLinks.columns.customer'),
            children: <CustomerLink id={site.customerId} name={site.customer} />,
          },
          { key: 'service', label: t('wanLinks.columns.service'), children: site.groupClient || '—' },
          {
            key: 'aps',
            label: t('wanLinks.detail.aps'),
            children:
              site.apconnected === null
                ? '—'
                : t('wanLinks.aps', { connected: site.apconnected, disconnected: site.apdisconnected ?? 0 }),
          },
          {
            key: 'lastPush',
            label: t('wanLinks.columns.lastPush'),
            children: site.lastPush === null ? t('wanLinks.never') : formatDateTime(site.lastPush),
          },
          {
            key: 'lb',
            label: t('wanLinks.columns.lb'),
            children: site.uptimeLb === null ? '—' : formatUptime(site.uptimeLb, t),
          },
          {
            key: 'site',
            label: t('wanLinks.columns.idname'),
            children: site.idname ?? <Tag color="warning">{t('wanLinks.notInSiteNames')}</Tag>,
          },
        ]}
      />
    </>
  );
}

function LinkCard({ link, period }: { link: WanLink; period: HistoryWindow }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Card
      size="small"
      title={
        <Flex wrap gap={8} align="center" style={{ whiteSpace: 'normal' }}>
          <Typography.Text strong>
            {t('wanLinks.columns.wan', { n: link.wan })} · {link.provider || '—'}
          </Typography.Text>
          <LinkStateTag state={link.state} />
          {link.since !== null && (
            <Typography.Text type="secondary">
              {t('wanLinks.detail.since', { time: formatDateTime(link.since) })}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'ip', label: t('wanLinks.detail.ip'), children: link.ip || '—' },
            {
              key: 'uptime',
              label: t('wanLinks.detail.uptime'),
              children: link.uptime === null || link.state !== 'up' ? '—' : formatUptime(link.uptime, t),
            },
            {
              key: 'availability',
              label: t('wanLinks.detail.availability'),
              children: (
                <span title={t('wanLinks.detail.availabilityHint')}>
                  {formatPercent(link.availability[period], language)}
                </span>
              ),
            },
            { key: 'flaps', label: t('wanLinks.detail.flaps'), children: link.flaps },
          ]}
        />
        <LinkTimeline
          segments={link.timeline[period]}
          n={link.wan}
          windowLabel={t(`wanLinks.detail.windows.${period}`)}
        />
      </Flex>
    </Card>
  );
}
