import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import type { Alert } from '@it4u/shared';
import { Button, Dropdown, Flex, Input, Modal, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { useCan } from '../../session/useCan.ts';
import { alertLink, useAlertActions } from './alertsQueries.ts';

/** What an alert says, in the reader's language: its kind with what it names. */
export function alertTitle(alert: Alert, t: TFunction): string {
  const p = alert.params;
  const site = alert.siteName ?? alert.site ?? '';
  switch (alert.kind) {
    case 'channelDown':
      return t('alerts.kinds.channelDown', { name: p.name, status: t(`channels.status.${p.status}`) });
    case 'jobFailed':
      return t('alerts.kinds.jobFailed', { job: t(`alerts.jobs.${p.job}`) });
    case 'vouchersLow':
      // a batch by its note, else by when it was made
      return t('alerts.kinds.vouchersLow', {
        ...p,
        site,
        batch: p.note ? `"${p.note}"` : formatDateTime(Number(p.made)),
      });
    default:
      return t(`alerts.kinds.${alert.kind}`, { ...p, site });
  }
}

const MUTES = [60, 240, 1440];

/** One alert: what, where, since when, who acknowledged it; staff acknowledge it with a note, or mute it. */
export function AlertItem({ alert, onNavigate }: { alert: Alert; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const staff = useCan('customerReport');
  const { ack, mute } = useAlertActions();
  const [acking, setAcking] = useState(false);
  const [note, setNote] = useState('');
  const link = alertLink(alert);
  const title = alertTitle(alert, t);
  const muted = alert.mutedUntil !== null && alert.mutedUntil > Date.now();
  const open = alert.resolvedAt === null;
  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <Typography.Text strong>
        {link ? (
          <Link to={link} onClick={onNavigate}>
            {title}
          </Link>
        ) : (
          title
        )}
      </Typography.Text>
      <Typography.Text type="secondary">
        {[...new Set([alert.siteName ?? alert.site, alert.customer].filter(Boolean))].join(' · ')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {open
          ? t('alerts.since', { at: formatDateTime(alert.since) })
          : t('alerts.resolvedAt', { since: formatDateTime(alert.since), at: formatDateTime(alert.resolvedAt) })}
      </Typography.Text>
      {alert.ack && (
        <Typography.Text>
          <CheckOutlined aria-hidden style={{ color: '#389e0d' }} />{' '}
          {/* a customer is told that it was acknowledged and when, not by whom */}
          {alert.ack.by
            ? t('alerts.ackedBy', { by: alert.ack.by, at: formatDateTime(alert.ack.at) })
            : t('alerts.acked', { at: formatDateTime(alert.ack.at) })}
          {alert.ack.note ? ` — ${alert.ack.note}` : ''}
        </Typography.Text>
      )}
      {muted && (
        <Typography.Text>
          <BellOutlined aria-hidden /> {t('alerts.mutedUntil', { at: formatDateTime(alert.mutedUntil) })}
        </Typography.Text>
      )}
      {staff && open && (
        <Space wrap size={8}>
          {!alert.ack && (
            <Button size="small" onClick={() => setAcking(true)}>
              {t('alerts.ack')}
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...MUTES.map((minutes) => ({
                  key: String(minutes),
                  label: t('alerts.muteFor', { count: minutes / 60 }),
                })),
                ...(muted ? [{ key: '0', label: t('alerts.unmute') }] : []),
              ],
              onClick: ({ key }) =>
                mute.mutate({ id: alert.id, minutes: Number(key) }, { onError: (e) => notice.error(e) }),
            }}
          >
            <Button size="small" icon={<BellOutlined aria-hidden />} loading={mute.isPending}>
              {t('alerts.mute')}
            </Button>
          </Dropdown>
        </Space>
      )}
      <Modal
        open={acking}
        title={t('alerts.ackTitle')}
        okText={t('alerts.ack')}
        cancelText={t('common.cancel')}
        confirmLoading={ack.isPending}
        onCancel={() => setAcking(false)}
        onOk={() =>
          ack.mutate(
            { id: alert.id, note },
            {
              onSuccess: () => {
                setAcking(false);
                setNote('');
              },
              onError: (e) => notice.error(e),
            },
          )
        }
        destroyOnHidden
      >
        <Typography.Paragraph>{title}</Typography.Paragraph>
        <label htmlFor={`ack-note-${alert.id}`}>{t('alerts.ackNote')}</label>
        <Input.TextArea
          id={`ack-note-${alert.id}`}
          value={note}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </Flex>
  );
}
