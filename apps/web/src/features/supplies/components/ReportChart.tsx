import type { ReportRow } from '@it4u/shared';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/format/formatting.ts';
import { topMovers } from '../report.ts';

const TOP_ITEMS = 8;
const IN_COLOR = '#1677ff';
const OUT_COLOR = '#fa8c16';

type Props = { rows: ReportRow[] };

function Bar({ value, max, color, label }: { value: number; max: number; color: string; label: string }) {
  const width = max > 0 ? Math.max((value / max) * 100, value > 0 ? 1 : 0) : 0;
  return (
    <div className="supplies-chart-bar" title={label}>
      <svg width="100%" height="10" aria-hidden="true" focusable="false">
        <rect x="0" y="0" height="10" rx="2" width={`${width}%`} fill={color} />
      </svg>
      <span>{label}</span>
    </div>
  );
}

/** Stock in and out per item for the period: the items that moved most, as plain bars. */
export function ReportChart({ rows }: Props) {
  const { t, i18n } = useTranslation();
  const top = topMovers(rows, TOP_ITEMS);
  if (top.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supplies.report.noMoves')} />;
  const max = Math.max(...top.flatMap((row) => [row.numImportFromToDate, row.numExportFromToDate]));
  return (
    <figure className="supplies-chart" aria-label={t('supplies.report.chartTitle')}>
      <figcaption>
        <strong>{t('supplies.report.chartTitle')}</strong>
        <span className="supplies-chart-legend">
          <i style={{ background: IN_COLOR }} /> {t('supplies.report.columns.imported')}
          <i style={{ background: OUT_COLOR }} /> {t('supplies.report.columns.exported')}
        </span>
      </figcaption>
      {top.map((row) => (
        <div key={row.itemCode} className="supplies-chart-row">
          <div className="supplies-chart-label" title={row.name}>
            {row.itemCode}
          </div>
          <div>
            <Bar
              value={row.numImportFromToDate}
              max={max}
              color={IN_COLOR}
              label={`${t('supplies.report.chartIn')}: ${formatNumber(row.numImportFromToDate, i18n.language)}`}
            />
            <Bar
              value={row.numExportFromToDate}
              max={max}
              color={OUT_COLOR}
              label={`${t('supplies.report.chartOut')}: ${formatNumber(row.numExportFromToDate, i18n.language)}`}
            />
          </div>
        </div>
      ))}
    </figure>
  );
}
