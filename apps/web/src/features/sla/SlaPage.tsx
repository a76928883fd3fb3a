import { DownloadOutlined, FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import {
  type CountedHours,
  formatAvailability,
  type SlaFigures,
  type SlaLink,
  type SlaReport,
  vietnamMonthOf,
  vietnamMonthSpan,
} from '@it4u/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callFile } from '../../api/call.ts';
import { Chart } from '../../components/charts/Chart.tsx';
import { CustomerLink } from '../../components/customers/CustomerLink.tsx';
import { saveBlob } from '../../components/download/saveBlob.ts';
import { saveBook } from '../../components/download/writeSheet.ts';
import { type ListQuery, useListState } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatDuration } from '../../components/format/units.ts';
import { PageTabs } from '../../components/layout/PageTabs.tsx';
import { type RegisterColumn, RegisterTable, type RegisterTableProps } from '../../components/table/RegisterTable.tsx';
import { useCan } from '../../session/useCan.ts';
import { SlaMailModal } from './SlaMailModal.tsx';
import { slaSheets } from './slaSheets.ts';

type Tab = 'providers' | 'packs' | 'customers' | 'links';
type ProviderRow = SlaReport['providers'][number];
type CustomerRow = SlaReport['customers'][number];
type PackRow = SlaReport['servicePacks'][number];
type Row = { figures: SlaFigures };

/** A month's report (null: this month, by the console's clock), in the hours counted. */
const useSlaQuery = (month: string | null, hours: CountedHours) =>
  useQuery({
    queryKey: ['sla', month, hours],
    queryFn: () => {
      if (month === null) return call('GET /it4u/sla', { query: { hours } });
      const [from, to] = vietnamMonthSpan(month);
      return call('GET /it4u/sla', { query: { from, to, hours } });
    },
    placeholderData: keepPreviousData,
  });

/** A time in words; a time under half a minute but not none says so (a short outage is not "0 minutes"). */
function minutes(ms: number | null, t: TFunction): string {
  if (ms === null) return '—';
  return ms > 0 && ms < 30_000 ? t('sla.underMinute') : formatDuration(ms / 60_000, t);
}

/** The figures' columns, the same in each table. */
function figureColumns<T extends Row>(t: TFunction, language: string): RegisterColumn<T>[] {
  return [
    {
      key: 'availability',
      title: t('sla.columns.availability'),
      align: 'right',
      render: (_: unknown, r: T) => formatAvailability(r.figures.availability, language),
    },
    {
      key: 'down',
      title: t('sla.columns.down'),
      align: 'right',
      render: (_: unknown, r: T) => minutes(r.figures.downMs, t),
    },
    {
      key: 'outages',
      title: t('sla.columns.outages'),
      align: 'right',
      render: (_: unknown, r: T) => r.figures.outages,
    },
    {
      key: 'longest',
      title: t('sla.columns.longest'),
      align: 'right',
      render: (_: unknown, r: T) => (r.figures.outages === 0 ? '—' : minutes(r.figures.longestOutageMs, t)),
    },
    {
      key: 'mttr',
      title: t('sla.columns.mttr'),
      align: 'right',
      render: (_: unknown, r: T) => minutes(r.figures.mttrMs, t),
    },
    {
      key: 'unknown',
      title: t('sla.columns.unknown'),
      align: 'right',
      render: (_: unknown, r: T) => minutes(r.figures.unknownMs, t),
    },
  ];
}

const CARD_FIELDS = ['availability', 'down', 'outages', 'breaches'];

/** How many of the rows' links fell below what their customers contracted (a dash where none contracted any). */
function breachesColumn<T extends Row & { breaches: number }>(t: TFunction): RegisterColumn<T> {
  return {
    key: 'breaches',
    title: t('sla.columns.breaches'),
    align: 'right',
    render: (_: unknown, r: T) =>
      r.breaches > 0 ? <Tag color="error">{t('sla.breachCount', { count: r.breaches })}</Tag> : '—',
  };
}

/** A link against its contract: the figure and its hours, and whether the link met it (measured in those hours). */
function ContractCell({ link }: { link: SlaLink }) {
  const { t, i18n } = useTranslation();
  const terms = link.contract;
  if (!terms) return <>—</>;
  const promised = t(terms.hours === 'business' ? 'sla.promisedBusiness' : 'sla.promisedAll', {
    target: formatAvailability(terms.target, i18n.language),
  });
  return (
    <Flex vertical gap={2} align="end">
      <span>{promised}</span>
      {terms.availability !== null && (
        <Tag color={terms.breach ? 'error' : 'success'} style={{ marginInlineEnd: 0 }}>
          {t(terms.breach ? 'sla.below' : 'sla.met', {
            measured: formatAvailability(terms.availability, i18n.language),
          })}
        </Tag>
      )}
    </Flex>
  );
}

/** The providers' availability as bars, from a little under the lowest to 100 %. */
function providersChart(providers: readonly ProviderRow[], language: string) {
  const measured = providers.filter((p) => p.figures.availability !== null);
  const lowest = Math.min(...measured.map((p) => p.figures.availability as number));
  return {
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: Math.max(0, Math.floor(lowest) - 1), max: 100, axisLabel: { formatter: '{value} %' } },
    yAxis: { type: 'category', inverse: true, data: measured.map((p) => p.provider || '—') },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatAvailability(v, language) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 24,
        data: measured.map((p) => p.figures.availability),
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => formatAvailability(p.value, language),
        },
      },
    ],
  };
}

/**
 * /availability: how each provider's WAN links held over a month of Vietnam, measured from the customer report's
 * history: per provider, per customer and per link; all day or in business hours. Unknown time (a router silent) is
 * shown apart, never counted as up or down.
 */
/** One of the report's tables: its rows, or what the report is doing (loading, failed with Retry, nothing measured). */
function ReportTable<T extends object>({
  report,
  rows,
  empty,
  ...table
}: { report: ListQuery; rows: readonly T[]; empty: ReactNode } & Pick<
  RegisterTableProps<T>,
  'aria-label' | 'rowKey' | 'columns' | 'card' | 'pagination'
>) {
  const state = useListState(report, { rows: rows.length, empty });
  return (
    <>
      {state.alert}
      <RegisterTable<T> {...table} dataSource={rows} loading={state.loading} locale={state.locale} />
    </>
  );
}

export function SlaPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // this month so far by default (the console's month: its clock decides), the months before it picked in the picker
  const [month, setMonth] = useState<string | null>(null);
  const [hours, setHours] = useState<CountedHours>('all');
  const [mailing, setMailing] = useState(false);
  const [making, setMaking] = useState(false);
  const mailer = useCan('mailer');
  const notice = useNotice();
  const report = useSlaQuery(month, hours);
  const data = report.data;
  const shown = month ?? (data ? vietnamMonthOf(data.from) : null);
  const latest = [vietnamMonthOf(Date.now()), shown ?? ''].sort().at(-1) ?? '';
  const measured = useMemo(() => (data?.providers ?? []).filter((p) => p.figures.availability !== null), [data]);
  const chart = useMemo(() => providersChart(measured, language), [measured, language]);
  const monthText = shown ? dayjs(`${shown}-01`).format('MM/YYYY') : '';
  const figures = figureColumns<ProviderRow>(t, language);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sla.empty')} />;

  const providerColumns: RegisterColumn<ProviderRow>[] = [
    { key: 'provider', dataIndex: 'provider', title: t('sla.columns.provider'), render: (p: string) => p || '—' },
    { key: 'links', dataIndex: 'links', title: t('sla.columns.links'), align: 'right' },
    ...figures,
    breachesColumn<ProviderRow>(t),
  ];
  const customerColumns: RegisterColumn<CustomerRow>[] = [
    {
      key: 'customer',
      title: t('sla.columns.customer'),
      render: (_: unknown, r: CustomerRow) =>
        r.customerId === null ? t('sla.noCustomer') : <CustomerLink id={r.customerId} name={r.customer} />,
    },
    { key: 'links', dataIndex: 'links', title: t('sla.columns.links'), align: 'right' },
    ...figureColumns<CustomerRow>(t, language),
    breachesColumn<CustomerRow>(t),
  ];
  const packColumns: RegisterColumn<PackRow>[] = [
    { key: 'provider', dataIndex: 'provider', title: t('sla.columns.provider') },
    { key: 'pack', dataIndex: 'pack', title: t('sla.columns.pack') },
    {
      key: 'target',
      title: t('sla.columns.contract'),
      align: 'right',
      render: (_: unknown, r: PackRow) =>
        t(r.hours === 'all' ? 'sla.promisedAll' : 'sla.promisedBusiness', {
          target: formatAvailability(r.target, language),
        }),
    },
    { key: 'links', dataIndex: 'links', title: t('sla.columns.links'), align: 'right' },
    ...figureColumns<PackRow>(t, language),
    breachesColumn<PackRow>(t),
  ];
  /** The PDF of the month shown, in the reader's language, made by the server. */
  const savePdf = async () => {
    if (!shown) return;
    const [from, to] = vietnamMonthSpan(shown);
    setMaking(true);
    try {
      const file = await callFile('GET /it4u/sla/pdf', {
        query: { from, to, hours, lang: language === 'vi' ? 'vi' : 'en' },
      });
      saveBlob(file.blob, file.filename ?? `${t('sla.file', { month: shown }).replace(/\.xlsx$/, '')}.pdf`);
    } catch (error) {
      notice.error(error);
    } finally {
      setMaking(false);
    }
  };
  const linkColumns: RegisterColumn<SlaLink>[] = [
    { key: 'sitename', dataIndex: 'sitename', title: t('sla.columns.site') },
    { key: 'wan', dataIndex: 'wan', title: t('sla.columns.wan'), render: (n: number) => `WAN ${n}` },
    { key: 'provider', dataIndex: 'provider', title: t('sla.columns.provider'), render: (p: string) => p || '—' },
    {
      key: 'customer',
      title: t('sla.columns.customer'),
      render: (_: unknown, r: SlaLink) => <CustomerLink id={r.customerId} name={r.customer} />,
    },
    ...figureColumns<SlaLink>(t, language),
    {
      key: 'contract',
      title: t('sla.columns.contract'),
      align: 'right',
      render: (_: unknown, r: SlaLink) => <ContractCell link={r} />,
    },
  ];

  return (
    <Card title={t('sla.title')}>
      <Flex wrap gap={12} align="end" style={{ marginBottom: 12 }}>
        <div>
          <label htmlFor="sla-month" style={{ display: 'block' }}>
            {t('sla.month')}
          </label>
          <DatePicker
            id="sla-month"
            picker="month"
            allowClear={false}
            format="MM/YYYY"
            value={shown ? dayjs(`${shown}-01`) : null}
            disabledDate={(d) => d.format('YYYY-MM') > latest}
            onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
          />
        </div>
        <div>
          <label htmlFor="sla-hours" style={{ display: 'block' }}>
            {t('sla.hours')}
          </label>
          <Select<CountedHours>
            id="sla-hours"
            value={hours}
            onChange={setHours}
            style={{ minWidth: 220 }}
            options={[
              { value: 'all', label: t('sla.hoursAll') },
              { value: 'business', label: t('sla.hoursBusiness') },
            ]}
          />
        </div>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!data || data.links.length === 0}
          onClick={() => data && void saveBook(slaSheets(data, t), t('sla.file', { month: shown ?? '' }))}
        >
          {t('sla.export')}
        </Button>
        <Button
          icon={<FilePdfOutlined aria-hidden />}
          disabled={!data || data.links.length === 0}
          loading={making}
          onClick={() => void savePdf()}
        >
          {t('sla.pdf')}
        </Button>
        {mailer && (
          <Button icon={<MailOutlined aria-hidden />} onClick={() => setMailing(true)}>
            {t('sla.mail.open')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">{t('sla.about')}</Typography.Paragraph>
      {measured.length > 0 && (
        <Chart
          option={chart}
          height={48 + 32 * measured.length}
          label={t('sla.chart', {
            month: monthText,
            values: measured
              .map((p) => `${p.provider} ${formatAvailability(p.figures.availability, language)}`)
              .join(', '),
          })}
        />
      )}
      <PageTabs<Tab>
        items={[
          {
            key: 'providers',
            label: t('sla.tabs.providers'),
            children: (
              <ReportTable<ProviderRow>
                report={report}
                empty={empty}
                aria-label={t('sla.tabs.providers')}
                rowKey="provider"
                columns={providerColumns}
                rows={data?.providers ?? []}
                card={{ title: ['provider'], fields: CARD_FIELDS }}
                pagination={false}
              />
            ),
          },
          {
            key: 'packs',
            label: t('sla.tabs.packs'),
            children: (
              <ReportTable<PackRow>
                report={report}
                empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sla.noPacks')} />}
                aria-label={t('sla.tabs.packs')}
                rowKey={(r) => `${r.provider}-${r.pack}-${r.target}-${r.hours}`}
                columns={packColumns}
                rows={data?.servicePacks ?? []}
                card={{ title: ['provider', 'pack'], fields: ['target', ...CARD_FIELDS] }}
                pagination={false}
              />
            ),
          },
          {
            key: 'customers',
            label: t('sla.tabs.customers'),
            children: (
              <ReportTable<CustomerRow>
                report={report}
                empty={empty}
                aria-label={t('sla.tabs.customers')}
                rowKey={(r) => String(r.customerId)}
                columns={customerColumns}
                rows={data?.customers ?? []}
                card={{ title: ['customer'], fields: CARD_FIELDS }}
                pagination={false}
              />
            ),
          },
          {
            key: 'links',
            label: t('sla.tabs.links'),
            children: (
              <ReportTable<SlaLink>
                report={report}
                empty={empty}
                aria-label={t('sla.tabs.links')}
                rowKey={(r) => `${r.siteId}-${r.wan}-${r.provider}`}
                columns={linkColumns}
                rows={data?.links ?? []}
                card={{ title: ['sitename', 'wan'], fields: ['availability', 'down', 'outages', 'contract'] }}
                pagination={{ pageSize: 50, showSizeChanger: false }}
              />
            ),
          },
        ]}
      />
      {mailing && shown && (
        <SlaMailModal
          // the month viewed; this month (the console's, still under way): the one before, which the 1st's mail is of
          month={month === null ? dayjs(`${shown}-01`).subtract(1, 'month').format('YYYY-MM') : shown}
          latest={latest}
          onClose={() => setMailing(false)}
        />
      )}
    </Card>
  );
}
