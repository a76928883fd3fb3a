import { DownloadOutlined } from '@ant-design/icons';
import { TABLE_SCROLL_Y, UNITS } from '@it4u/shared';
import { Button, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { useDownload } from '../../../components/download/useDownload.ts';
import { QueryView } from '../../../components/feedback/ListState.tsx';
import { DateRangeFilter } from '../../../components/filters/DateRangeFilter.tsx';
import { defaultRange, type PickedRange, toDateRange } from '../../../components/filters/dateRange.ts';
import { formatNumber } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { filterByUnit, type ReportLine, reportRowClassName, withTotals } from '../report.ts';
import { useReportQuery } from '../useReportQuery.ts';
import { ReportChart } from './ReportChart.tsx';

/** Inventory in/out report: opening, in, out and closing stock of every item for a period. */
export function ReportTab() {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<PickedRange>(() => defaultRange());
  const [unit, setUnit] = useState('');
  const range = toDateRange(picked);
  const report = useReportQuery(range);
  const download = useDownload();
  const rows = useMemo(() => filterByUnit(report.data ?? [], unit), [report.data, unit]);
  const lines = useMemo(() => withTotals(rows, t('supplies.report.total')), [rows, t]);

  if (isStatus(report.error, 403)) return <Navigate to="/403" replace />;

  const quantity = (value: number) => formatNumber(value, i18n.language);
  const columns: RegisterColumn<ReportLine>[] = [
    {
      key: 'index',
      title: t('supplies.columns.index'),
      width: 64,
      align: 'center',
      render: (_, line) => line.index ?? '',
    },
    { key: 'itemCode', title: t('supplies.columns.itemCode'), dataIndex: 'itemCode', width: 130 },
    {
      key: 'name',
      title: t('supplies.columns.itemName'),
      dataIndex: 'name',
      width: 200,
      render: (value: string, line) => (line.isTotal ? <strong>{value}</strong> : value),
    },
    { key: 'unit', title: t('supplies.columns.unit'), dataIndex: 'unit', width: 80 },
    {
      key: 'inventoryStart',
      title: t('supplies.report.columns.opening'),
      dataIndex: 'inventoryStart',
      align: 'right',
      width: 120,
      render: quantity,
    },
    {
      key: 'numImportFromToDate',
      title: t('supplies.report.columns.imported'),
      dataIndex: 'numImportFromToDate',
      align: 'right',
      width: 120,
      render: quantity,
    },
    {
      key: 'numExportFromToDate',
      title: t('supplies.report.columns.exported'),
      dataIndex: 'numExportFromToDate',
      align: 'right',
      width: 120,
      render: quantity,
    },
    {
      key: 'inventoryEnd',
      title: t('supplies.report.columns.closing'),
      dataIndex: 'inventoryEnd',
      align: 'right',
      width: 120,
      render: quantity,
    },
    { key: 'note', title: t('supplies.columns.note'), dataIndex: 'note', width: 150 },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <DateRangeFilter value={picked} onChange={setPicked} />
        <Select<string>
          aria-label={t('supplies.filter.unit')}
          value={unit}
          onChange={setUnit}
          style={{ width: 140 }}
          options={[{ value: '', label: t('supplies.filter.allUnits') }, ...UNITS.map((u) => ({ value: u, label: u }))]}
        />
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={download.pending === 'report'}
          onClick={() => download.run('report', '/it4u/export/report', 'report.xlsx', { ...range })}
        >
          {t('supplies.actions.export')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('supplies.report.help')}
      </Typography.Paragraph>
      {/* A failed report is only its error with Retry: no totals of nothing, no "nothing moved", no empty chart;
          while it is first asked for, it says so (not "nothing moved"). */}
      <QueryView query={report} empty={false} emptyText={null}>
        <RegisterTable<ReportLine>
          rowKey="key"
          size="middle"
          columns={columns}
          card={{
            title: ['itemCode', 'name'],
            fields: ['inventoryStart', 'numImportFromToDate', 'numExportFromToDate', 'inventoryEnd'],
          }}
          dataSource={lines}
          loading={report.isFetching}
          rowClassName={reportRowClassName}
          pagination={false}
          scroll={{ x: 'max-content', y: TABLE_SCROLL_Y }}
        />
        <div style={{ marginTop: 16, maxWidth: 720 }}>
          <ReportChart rows={rows} />
        </div>
      </QueryView>
    </>
  );
}
