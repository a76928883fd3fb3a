import { PrinterOutlined } from '@ant-design/icons';
import { CUSTOMER_PART_MAX, type DeviceInfo, type CustomerPage as Page, type TerminalSession } from '@it4u/shared';
import { Button, Card, Col, Descriptions, Empty, Flex, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { codeText, isStatus } from '../../api/errors.ts';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../components/format/formatting.ts';
import { statusColor, statusText } from '../../components/format/stockStatus.ts';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { useCan } from '../../session/useCan.ts';
import type { TerminalTarget } from '../terminal/terminal.ts';
import { LinkStateTag } from '../wanLinks/components/LinkStateTag.tsx';
import { LinkTimeline } from '../wanLinks/components/LinkTimeline.tsx';
import { CustomerTimeline } from './CustomerTimeline.tsx';
import { useCustomerQuery } from './useCustomerQueries.ts';
import './customers.css';

// the terminal (xterm.js) is loaded only when someone connects
const TerminalView = lazy(async () => ({
  default: (await import('../terminal/components/TerminalView.tsx')).TerminalView,
}));
const ConnectModal = lazy(async () => ({
  default: (await import('../terminal/components/ConnectModal.tsx')).ConnectModal,
}));

/** What a part's empty table says. */
const emptyList = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });

const STATUS_COLOURS = { ok: 'green', warning: 'gold', error: 'red', unknown: 'default' } as const;

/** A part of the page: its heading, a link to its register, and its content. */
function Part({ title, to, children }: { title: string; to?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      title={<h2 className="customer-part-title">{title}</h2>}
      extra={
        to && (
          <Link to={to} className="no-print">
            {t('customers.openRegister')}
          </Link>
        )
      }
      size="small"
      className="customer-part"
    >
      {children}
    </Card>
  );
}

function Sites({ page }: { page: Page }) {
  const { t, i18n } = useTranslation();
  if (page.sites.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customers.noSites')} />;
  return (
    <Row gutter={[12, 12]}>
      {page.sites.map((s) => (
        <Col key={s.idname} xs={24} md={12} xl={8}>
          <Card size="small" title={<Link to={`/home?site=${encodeURIComponent(s.idname)}`}>{s.sitename}</Link>}>
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Space wrap>
                <Tag color={STATUS_COLOURS[s.status]}>{t(`customers.siteStatus.${s.status}`)}</Tag>
                <Typography.Text type="secondary">{s.idname}</Typography.Text>
              </Space>
              {s.error ? (
                <Typography.Text type="danger">{codeText(t, s.error) ?? t('errors.generic')}</Typography.Text>
              ) : (
                <Typography.Text>
                  {t('customers.siteNow', {
                    up: formatNumber(s.apsUp, i18n.language),
                    down: formatNumber(s.apsDown, i18n.language),
                    clients: formatNumber(s.clients, i18n.language),
                  })}
                </Typography.Text>
              )}
              {s.down.length > 0 && (
                <ul className="customer-list" aria-label={t('customers.apsDown')}>
                  {s.down.map((ap) => (
                    <li key={ap.mac}>
                      <Typography.Text type="danger">
                        {ap.since
                          ? t('customers.apDownSince', { name: ap.name, since: formatDateTime(ap.since) })
                          : t('customers.apDown', { name: ap.name })}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              )}
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function WanLinks({ sites }: { sites: NonNullable<Page['wanLinks']> }) {
  const { t, i18n } = useTranslation();
  if (sites.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customers.noWanLinks')} />;
  const percent = (v: number | null) =>
    v === null
      ? '—'
      : `${new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 2 }).format(v)} %`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {sites.map((s) => (
        <div key={s.id}>
          <Typography.Title level={3} className="customer-sub-title">
            {s.sitename}
            {s.stale && (
              <Tag style={{ marginInlineStart: 8 }} color="default">
                {t('customers.stale')}
              </Tag>
            )}
          </Typography.Title>
          {s.links.length === 0 && <Typography.Text type="secondary">{t('customers.noLinks')}</Typography.Text>}
          {s.links.map((l) => (
            <Flex key={l.wan} vertical gap={4} style={{ marginBottom: 12 }}>
              <Space wrap>
                <Typography.Text strong>{t('customers.wan', { n: l.wan })}</Typography.Text>
                <Typography.Text>{l.provider || '—'}</Typography.Text>
                <Typography.Text type="secondary">{l.ip}</Typography.Text>
                <LinkStateTag state={l.state} />
                <Typography.Text>
                  {t('customers.availability', {
                    day: percent(l.availability.day),
                    week: percent(l.availability.week),
                    month: percent(l.availability.month),
                  })}
                </Typography.Text>
              </Space>
              <LinkTimeline segments={l.timeline.day} n={l.wan} windowLabel={t('wanLinks.detail.windows.day')} />
            </Flex>
          ))}
        </div>
      ))}
    </Space>
  );
}

function Vouchers({ page }: { page: Page }) {
  const { t, i18n } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {page.vouchers.map((v) => {
        const site = page.sites.find((s) => s.idname === v.site);
        return (
          <Col key={v.site} xs={24} md={12}>
            <Card
              size="small"
              title={<Link to={`/voucher?site=${encodeURIComponent(v.site)}`}>{site?.sitename ?? v.site}</Link>}
            >
              {v.error ? (
                <Typography.Text type="danger">{codeText(t, v.error) ?? t('errors.generic')}</Typography.Text>
              ) : (
                <Space orientation="vertical" size={4}>
                  <Typography.Text>
                    {t('customers.vouchersTotal', { count: v.total ?? 0, n: formatNumber(v.total, i18n.language) })}
                  </Typography.Text>
                  {Object.keys(v.statuses).length > 0 && (
                    <Space wrap size={4}>
                      {Object.entries(v.statuses).map(([status, n]) => (
                        <Tag key={status}>
                          {t(`vouchers.status.${status}`, { defaultValue: status })}: {formatNumber(n, i18n.language)}
                        </Tag>
                      ))}
                    </Space>
                  )}
                  {v.newest.length > 0 && (
                    <ul className="customer-list" aria-label={t('customers.newestVouchers')}>
                      {v.newest.map((x) => (
                        <li key={x.id}>
                          <Typography.Text code>{x.code}</Typography.Text> {formatDateTime(x.createTime)}
                        </li>
                      ))}
                    </ul>
                  )}
                </Space>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * /customers/:id: one customer on one page: the contract; its sites' wifi now; its WAN links; its leased channels;
 * the equipment installed; its device information (with Connect) and terminal sessions; its sites' vouchers; and
 * the timeline of everything that happened to it. Prints on A4.
 */
export function CustomerPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCustomerQuery(valid ? id : 0);
  const mayConnect = useCan('terminal');
  const [connecting, setConnecting] = useState<DeviceInfo | null>(null);
  const [terminal, setTerminal] = useState<TerminalTarget | null>(null);
  const page = query.data;

  if (terminal) {
    return (
      <Suspense fallback={<Spin />}>
        <TerminalView target={terminal} onBack={() => setTerminal(null)} />
      </Suspense>
    );
  }
  if (!valid || isStatus(query.error, 404)) {
    return (
      <Card>
        <Empty description={t('customers.notFound')}>
          <Link to="/customers">{t('customers.backToList')}</Link>
        </Empty>
      </Card>
    );
  }

  const channelColumns: RegisterColumn<NonNullable<Page['channels']>[number]>[] = [
    { key: 'name', dataIndex: 'name', title: t('customers.channels.name') },
    {
      key: 'provider',
      dataIndex: 'provider',
      title: t('customers.channels.provider'),
      render: (v: string) => v || '—',
    },
    {
      key: 'servicePack',
      dataIndex: 'servicePack',
      title: t('customers.channels.servicePack'),
      render: (v: string) => v || '—',
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('customers.channels.status'),
      render: (v: string) => <Tag>{t(`channels.status.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      key: 'usernamePppoe',
      dataIndex: 'usernamePppoe',
      title: t('customers.channels.pppoe'),
      render: (v: string) => v || '—',
    },
    { key: 'ipAddress', dataIndex: 'ipAddress', title: t('customers.channels.ip'), render: (v: string) => v || '—' },
    {
      key: 'dateOnline',
      dataIndex: 'dateOnline',
      title: t('customers.channels.online'),
      render: (v: number | null) => formatDate(v) || '—',
    },
  ];
  const equipmentColumns: RegisterColumn<NonNullable<Page['equipment']>[number]>[] = [
    {
      key: 'exportDate',
      dataIndex: 'exportDate',
      title: t('customers.equipment.date'),
      render: (v: number) => formatDate(v),
    },
    { key: 'itemName', dataIndex: 'itemName', title: t('customers.equipment.item') },
    {
      key: 'serialNum',
      dataIndex: 'serialNum',
      title: t('customers.equipment.serial'),
      render: (v: string) => v || '—',
    },
    { key: 'mac', dataIndex: 'mac', title: t('customers.equipment.mac'), render: (v: string) => v || '—' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('customers.equipment.status'),
      render: (v: string) => <Tag color={statusColor(v)}>{statusText(t, v)}</Tag>,
    },
  ];
  const deviceColumns: RegisterColumn<DeviceInfo>[] = [
    {
      key: 'site',
      dataIndex: ['sitename', 'sitename'],
      title: t('customers.devices.site'),
      render: (v: string | undefined) => v ?? '—',
    },
    {
      key: 'addresses',
      title: t('customers.devices.addresses'),
      render: (_: unknown, row) => {
        const r = row as unknown as Record<string, string>;
        const parts = [1, 2, 3, 4]
          .filter((n) => r[`ipWan${n}`])
          .map((n) => `WAN ${n}: ${r[`ipWan${n}`]}${r[`ispWan${n}`] ? ` (${r[`ispWan${n}`]})` : ''}`);
        if (r.ipLb) parts.push(`LB: ${r.ipLb}`);
        return parts.length ? parts.join(' · ') : '—';
      },
    },
    { key: 'note', dataIndex: 'note', title: t('customers.devices.note'), render: (v: string | undefined) => v || '—' },
    ...(mayConnect
      ? [
          {
            key: 'actions',
            title: t('customers.devices.actions'),
            render: (_: unknown, row: DeviceInfo) => (
              <Button size="small" className="no-print" onClick={() => setConnecting(row)}>
                {t('customers.devices.connect')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const sessionColumns: RegisterColumn<TerminalSession>[] = [
    {
      key: 'startedAt',
      dataIndex: 'startedAt',
      title: t('customers.sessions.started'),
      render: (v: number) => formatDateTime(v),
    },
    { key: 'actorName', dataIndex: 'actorName', title: t('customers.sessions.who') },
    {
      key: 'host',
      dataIndex: 'host',
      title: t('customers.sessions.host'),
      render: (v: string, row) => `${v}:${row.port}`,
    },
    {
      key: 'endedAt',
      dataIndex: 'endedAt',
      title: t('customers.sessions.ended'),
      render: (v: number | null) => (v ? formatDateTime(v) : t('customers.sessions.open')),
    },
  ];
  const dates = (page?.equipment ?? []).map((r) => r.exportDate).filter((d) => d > 0);
  const earliest = dates.length > 0 ? Math.min(...dates) : 0;
  // each "Open the register" opens it searched for this customer: the registers by the contract's number, the WAN
  // report (its rows are sites) by the customer's name
  const searched = {
    contract: encodeURIComponent(page?.contract.numContract ?? ''),
    name: encodeURIComponent(page?.contract.clientName ?? ''),
    // the stock-outs from the earliest one shown (the register's dates are this month unless asked)
    since: earliest > 0 ? `&from=${earliest}` : '',
  };
  const more = (part: string) =>
    page?.more.includes(part) ? (
      <Typography.Text type="secondary">
        {t('customers.more', { n: formatNumber(CUSTOMER_PART_MAX, i18n.language) })}
      </Typography.Text>
    ) : null;

  return (
    <div className="customer-page">
      <QueryView query={query} empty={!page} emptyText={t('customers.notFound')} errorTitle={t('customers.failed')}>
        {page && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Card
              title={<h1 className="customer-title">{page.contract.clientName}</h1>}
              extra={
                <Space className="no-print">
                  <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
                    {t('customers.print')}
                  </Button>
                </Space>
              }
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 3 }}
                items={[
                  { key: 'n', label: t('customers.contract.number'), children: page.contract.numContract },
                  { key: 'c', label: t('customers.contract.company'), children: page.contract.companyName || '—' },
                  { key: 'p', label: t('customers.contract.phone'), children: page.contract.phone || '—' },
                  { key: 'a', label: t('customers.contract.address'), children: page.contract.street || '—' },
                  { key: 's', label: t('customers.contract.plan'), children: page.contract.servicePlans || '—' },
                  { key: 'g', label: t('customers.contract.segment'), children: page.contract.segment || '—' },
                ]}
              />
              <Typography.Text type="secondary">
                {t('customers.asOf', { at: formatDateTime(page.asOf) })}
              </Typography.Text>
            </Card>
            <Part title={t('customers.parts.sites')}>
              <Sites page={page} />
            </Part>
            {page.wanLinks && (
              <Part title={t('customers.parts.wanLinks')} to={`/reporter?q=${searched.name}`}>
                <WanLinks sites={page.wanLinks} />
              </Part>
            )}
            {page.channels && (
              <Part title={t('customers.parts.channels')} to={`/channel?q=${searched.contract}`}>
                <RegisterTable
                  aria-label={t('customers.parts.channels')}
                  rowKey="detailId"
                  size="small"
                  columns={channelColumns}
                  dataSource={page.channels}
                  pagination={false}
                  card={{ title: ['name'], status: 'status', fields: ['provider', 'servicePack'] }}
                  locale={emptyList(t('customers.noChannels'))}
                />
                {more('channels')}
              </Part>
            )}
            {page.equipment && (
              <Part
                title={t('customers.parts.equipment')}
                to={page.channels ? `/supplies?tab=stockOut&q=${searched.contract}${searched.since}` : undefined}
              >
                <RegisterTable
                  aria-label={t('customers.parts.equipment')}
                  rowKey="id"
                  size="small"
                  columns={equipmentColumns}
                  dataSource={page.equipment}
                  pagination={false}
                  card={{ title: ['itemName', 'serialNum'], status: 'status', fields: ['exportDate'] }}
                  locale={emptyList(t('customers.noEquipment'))}
                />
                {more('equipment')}
              </Part>
            )}
            {page.deviceInfo && (
              <Part title={t('customers.parts.deviceInfo')} to={`/clientDeviceInf?q=${searched.contract}`}>
                <RegisterTable<DeviceInfo>
                  aria-label={t('customers.parts.deviceInfo')}
                  rowKey="id"
                  size="small"
                  columns={deviceColumns}
                  dataSource={page.deviceInfo}
                  pagination={false}
                  card={{ title: ['site'], actions: 'actions', fields: ['addresses'] }}
                  locale={emptyList(t('customers.noDevices'))}
                />
                {more('deviceInfo')}
              </Part>
            )}
            {page.terminalSessions && (
              <Part title={t('customers.parts.sessions')}>
                <RegisterTable<TerminalSession>
                  aria-label={t('customers.parts.sessions')}
                  rowKey="id"
                  size="small"
                  columns={sessionColumns}
                  dataSource={page.terminalSessions}
                  pagination={false}
                  card={{ title: ['startedAt', 'actorName'], fields: ['host'] }}
                  locale={emptyList(t('customers.noSessions'))}
                />
                {more('terminalSessions')}
              </Part>
            )}
            <Part title={t('customers.parts.vouchers')}>
              <Vouchers page={page} />
            </Part>
            <Part title={t('customers.parts.timeline')}>
              <CustomerTimeline id={page.contract.id} kinds={page.timelineKinds} sites={page.sites} />
            </Part>
          </Space>
        )}
      </QueryView>
      {connecting && (
        <Suspense fallback={null}>
          <ConnectModal
            row={connecting}
            onClose={() => setConnecting(null)}
            onConnect={(target) => {
              setConnecting(null);
              setTerminal(target);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
