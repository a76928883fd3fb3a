import { type SlaFigures, type SlaReport, thousandths } from '@it4u/shared';
import type { TFunction } from 'i18next';
import type { Cell, Sheet } from '../../components/download/writeSheet.ts';

const MINUTE_MS = 60_000;
/** Minutes to the tenth: a spreadsheet adds them up. */
const minutes = (ms: number | null): Cell => (ms === null ? '' : Math.round((10 * ms) / MINUTE_MS) / 10);
/** A percentage cut to the thousandth: never 100 for a link that was down at all. */
const percent = (value: number | null): Cell => (value === null ? '' : thousandths(value));

function figureHeader(t: TFunction): string[] {
  return [
    t('sla.sheet.availability'),
    t('sla.sheet.down'),
    t('sla.columns.outages'),
    t('sla.sheet.longest'),
    t('sla.sheet.mttr'),
    t('sla.sheet.unknown'),
  ];
}

const figureCells = (f: SlaFigures): Cell[] => [
  percent(f.availability),
  minutes(f.downMs),
  f.outages,
  f.outages === 0 ? '' : minutes(f.longestOutageMs),
  minutes(f.mttrMs),
  minutes(f.unknownMs),
];

const WIDTHS = [14, 16, 10, 16, 16, 16];

/**
 * A month's report as four sheets (providers, service packs, customers, WAN links), figures as numbers: availability in %, times in
 * minutes, as the screen shows them.
 */
export function slaSheets(report: SlaReport, t: TFunction): Sheet[] {
  return [
    {
      sheet: t('sla.tabs.providers'),
      rows: [
        [t('sla.columns.provider'), t('sla.columns.links'), ...figureHeader(t), t('sla.sheet.breach')],
        ...report.providers.map((p) => [p.provider, p.links, ...figureCells(p.figures), p.breaches]),
      ],
      widths: [20, 8, ...WIDTHS, 14],
    },
    {
      sheet: t('sla.tabs.packs'),
      rows: [
        [
          t('sla.columns.provider'),
          t('sla.columns.pack'),
          t('sla.sheet.target'),
          t('sla.sheet.hours'),
          t('sla.columns.links'),
          ...figureHeader(t),
          t('sla.sheet.breach'),
        ],
        ...report.servicePacks.map((p) => [
          p.provider,
          p.pack,
          p.target,
          t(p.hours === 'business' ? 'sla.hoursBusiness' : 'sla.hoursAll'),
          p.links,
          ...figureCells(p.figures),
          p.breaches,
        ]),
      ],
      widths: [20, 24, 14, 24, 8, ...WIDTHS, 14],
    },
    {
      sheet: t('sla.tabs.customers'),
      rows: [
        [t('sla.columns.customer'), t('sla.columns.links'), ...figureHeader(t), t('sla.sheet.breach')],
        ...report.customers.map((c) => [
          c.customer ?? t('sla.noCustomer'),
          c.links,
          ...figureCells(c.figures),
          c.breaches,
        ]),
      ],
      widths: [32, 8, ...WIDTHS, 14],
    },
    {
      sheet: t('sla.tabs.links'),
      rows: [
        [
          t('sla.columns.site'),
          t('sla.columns.wan'),
          t('sla.columns.provider'),
          t('sla.columns.customer'),
          ...figureHeader(t),
          t('sla.sheet.target'),
          t('sla.sheet.hours'),
          t('sla.sheet.measured'),
          t('sla.sheet.breach'),
        ],
        ...report.links.map((l) => [
          l.sitename,
          `WAN ${l.wan}`,
          l.provider,
          l.customer ?? '',
          ...figureCells(l.figures),
          ...(l.contract
            ? [
                l.contract.target,
                t(l.contract.hours === 'business' ? 'sla.hoursBusiness' : 'sla.hoursAll'),
                percent(l.contract.availability),
                t(l.contract.breach ? 'sla.sheet.yes' : 'sla.sheet.no'),
              ]
            : ['', '', '', '']),
        ]),
      ],
      widths: [32, 8, 16, 32, ...WIDTHS, 14, 24, 18, 14],
    },
  ];
}
