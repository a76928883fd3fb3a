import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatAvailability, type SlaFigures, type SlaReport, VIETNAM_OFFSET_MS } from '@it4u/shared';
import PDFDocument from 'pdfkit';
import { durationText, fill, type SlaLanguage, type SlaTexts, slaTexts } from './sla.texts.ts';

/** DejaVu Sans: one font with every letter of Vietnamese (the PDF's standard fonts have none of its marks). */
const fonts = (() => {
  let loaded: { regular: Buffer; bold: Buffer } | undefined;
  return () => {
    if (!loaded) {
      const require = createRequire(import.meta.url);
      loaded = {
        regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
        bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
      };
    }
    return loaded;
  };
})();

const MARGIN = 40;
const ROW = 16;
const HEADER = 22;
/** Rows drawn between two turns of the event loop. */
const SLICE = 200;
const GREY = '#f0f0f0';
const INK = '#1f1f1f';
const MUTED = '#595959';
const BAR = '#1677ff';
const BREACH = '#cf1322';

type Column<T> = { title: string; width: number; align?: 'left' | 'right'; value: (row: T) => string };

/** A day and time of Vietnam: "31/10/2026 24:00" is written as the next day's 00:00. */
function vietnamTime(at: number): string {
  const d = new Date(at + VIETNAM_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** What the report is of: the operator's (every provider), or one customer's own links. */
export type PdfOptions = {
  language: SlaLanguage;
  /** the month's name, MM/YYYY */
  month: string;
  /** when it is made */
  now: number;
  /** one customer's report: their name (the report given holds their links only) */
  customer?: string;
};

/**
 * The availability report as an A4 PDF: title, period and hours counted, a bar per provider, then the tables (per
 * provider, per service pack against its contract, per customer, the links below their contract); one customer's
 * report has its links instead of the customers. Numbers, dates and words in the reader's language; pages numbered.
 */
export async function slaPdf(report: SlaReport, options: PdfOptions): Promise<Buffer> {
  const t = slaTexts(options.language);
  const title = options.customer ? `${t.customerTitle}: ${options.customer}` : t.title;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: options.language === 'vi' ? 'vi-VN' : 'en-GB',
    displayTitle: true,
    info: { Title: `${title}, ${options.month}`, Author: 'IT4U console', CreationDate: new Date(options.now) },
  });
  const { regular, bold } = fonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const percent = (v: number | null) => formatAvailability(v, options.language);
  const count = (n: number) => new Intl.NumberFormat(options.language === 'vi' ? 'vi-VN' : 'en-US').format(n);

  doc.font('bold').fontSize(16).fillColor(INK).text(title, { width });
  doc.font('body').fontSize(10).fillColor(MUTED);
  doc.text(`${fill(t.month, { month: options.month })} · ${t.hours[report.hours]}`, { width });
  doc.text(fill(t.period, { from: vietnamTime(report.from), to: vietnamTime(report.to) }), { width });
  doc.text(fill(t.made, { at: vietnamTime(options.now) }), { width });
  doc.moveDown(0.5).fillColor(INK).fontSize(9).text(t.about, { width });

  const heading = (text: string) => {
    if (doc.y + 3 * ROW + 24 > bottom()) doc.addPage();
    doc.moveDown(1).font('bold').fontSize(12).fillColor(INK).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };

  async function table<T>(columns: Column<T>[], rows: readonly T[], danger?: (row: T) => boolean) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * width);
    // the header's titles wrap onto two lines; a row's cells are cut with an ellipsis
    const header = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, width, HEADER).fill(GREY);
      doc.font('bold').fontSize(7).fillColor(INK);
      let x = MARGIN;
      columns.forEach((c, i) => {
        const w = widths[i] ?? 0;
        doc.text(c.title, x + 3, y + 3, { width: w - 6, height: HEADER - 4, align: c.align ?? 'left', ellipsis: true });
        x += w;
      });
      doc.y = y + HEADER;
      doc.x = MARGIN;
    };
    const line = (cells: string[], colour: string) => {
      if (doc.y + ROW > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      doc.font('body').fontSize(8).fillColor(colour);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 0;
        doc.text(cell, x + 3, y + 4, {
          width: w - 6,
          height: ROW - 4,
          align: columns[i]?.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += w;
      });
      doc
        .moveTo(MARGIN, y + ROW)
        .lineTo(MARGIN + width, y + ROW)
        .lineWidth(0.3)
        .strokeColor('#e8e8e8')
        .stroke();
      doc.y = y + ROW;
      doc.x = MARGIN;
    };
    if (doc.y + HEADER + ROW > bottom()) doc.addPage();
    header();
    for (const [i, row] of rows.entries()) {
      line(
        columns.map((c) => c.value(row)),
        danger?.(row) ? BREACH : INK,
      );
      // a long table gives the other requests their turn now and then
      if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const figures = <T extends { figures: SlaFigures }>(c: SlaTexts['columns']): Column<T>[] => [
    { title: c.availability, width: 11, align: 'right', value: (r) => percent(r.figures.availability) },
    { title: c.down, width: 11, align: 'right', value: (r) => durationText(r.figures.downMs, t) },
    { title: c.outages, width: 7, align: 'right', value: (r) => count(r.figures.outages) },
    { title: c.longest, width: 10, align: 'right', value: (r) => durationText(r.figures.longestOutageMs, t) },
    { title: c.mttr, width: 10, align: 'right', value: (r) => durationText(r.figures.mttrMs, t) },
    { title: c.unknown, width: 11, align: 'right', value: (r) => durationText(r.figures.unknownMs, t) },
  ];
  const c = t.columns;

  if (report.links.length === 0) {
    doc.moveDown(1).font('body').fontSize(10).text(t.nothing, { width });
  } else {
    const measured = report.providers.filter((p) => p.figures.availability !== null);
    if (measured.length > 0) {
      heading(t.chart);
      bars(
        doc,
        measured.map((p) => ({
          label: p.provider || '—',
          value: p.figures.availability ?? 0,
          text: percent(p.figures.availability),
        })),
        width,
      );
    }
    heading(t.providers);
    await table<SlaReport['providers'][number]>(
      [
        { title: c.provider, width: 16, value: (r) => r.provider || '—' },
        { title: c.links, width: 6, align: 'right', value: (r) => count(r.links) },
        ...figures<SlaReport['providers'][number]>(c),
        { title: c.breaches, width: 7, align: 'right', value: (r) => count(r.breaches) },
      ],
      report.providers,
      (r) => r.breaches > 0,
    );
    if (report.servicePacks.length > 0) {
      heading(t.servicePacks);
      await table<SlaReport['servicePacks'][number]>(
        [
          { title: c.provider, width: 13, value: (r) => r.provider },
          { title: c.pack, width: 13, value: (r) => r.pack },
          {
            title: c.target,
            width: 15,
            align: 'right',
            value: (r) => `${percent(r.target)} · ${t.hoursShort[r.hours]}`,
          },
          { title: c.links, width: 6, align: 'right', value: (r) => count(r.links) },
          ...figures<SlaReport['servicePacks'][number]>(c).slice(0, 3),
          { title: c.breaches, width: 7, align: 'right', value: (r) => count(r.breaches) },
        ],
        report.servicePacks,
        (r) => r.breaches > 0,
      );
    }
    if (options.customer) {
      heading(t.links);
      await table<SlaReport['links'][number]>(
        [
          { title: c.site, width: 20, value: (r) => r.sitename },
          { title: c.wan, width: 8, value: (r) => `WAN ${r.wan}` },
          { title: c.provider, width: 12, value: (r) => r.provider || '—' },
          ...figures<SlaReport['links'][number]>(c),
          { title: c.target, width: 9, align: 'right', value: (r) => (r.contract ? percent(r.contract.target) : '—') },
        ],
        report.links,
        (r) => r.contract?.breach === true,
      );
    } else {
      heading(t.customers);
      await table<SlaReport['customers'][number]>(
        [
          { title: c.customer, width: 20, value: (r) => r.customer ?? t.noCustomer },
          { title: c.links, width: 6, align: 'right', value: (r) => count(r.links) },
          ...figures<SlaReport['customers'][number]>(c),
          { title: c.breaches, width: 7, align: 'right', value: (r) => count(r.breaches) },
        ],
        report.customers,
        (r) => r.breaches > 0,
      );
      heading(t.breaches);
      const below = report.links.filter((l) => l.contract?.breach);
      if (below.length === 0) doc.font('body').fontSize(9).fillColor(INK).text(t.noBreach, { width });
      else
        await table<SlaReport['links'][number]>(
          [
            { title: c.site, width: 18, value: (r) => r.sitename },
            { title: c.wan, width: 8, value: (r) => `WAN ${r.wan}` },
            { title: c.provider, width: 12, value: (r) => r.provider },
            { title: c.customer, width: 18, value: (r) => r.customer ?? t.noCustomer },
            { title: c.pack, width: 18, value: (r) => r.contract?.pack ?? '' },
            { title: c.measured, width: 10, align: 'right', value: (r) => percent(r.contract?.availability ?? null) },
            { title: c.target, width: 10, align: 'right', value: (r) => percent(r.contract?.target ?? null) },
          ],
          below,
        );
    }
  }

  // page numbers, once every page is there
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(fill(t.page, { n: i + 1, of: range.count }), MARGIN, doc.page.height - MARGIN - 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** A bar per provider: its availability on a scale from a little under the lowest to 100 %. */
function bars(doc: PDFKit.PDFDocument, rows: { label: string; value: number; text: string }[], width: number) {
  const low = Math.max(0, Math.min(99, Math.floor(Math.min(...rows.map((r) => r.value))) - 1));
  const labelWidth = 130;
  const valueWidth = 70;
  const area = width - labelWidth - valueWidth;
  for (const row of rows) {
    if (doc.y + 18 > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    doc.font('body').fontSize(8).fillColor(INK);
    doc.text(row.label, MARGIN, y + 3, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
    doc.rect(MARGIN + labelWidth, y + 2, area, 11).fill(GREY);
    const share = (row.value - low) / (100 - low);
    doc.rect(MARGIN + labelWidth, y + 2, Math.max(1, area * share), 11).fill(BAR);
    doc
      .fillColor(INK)
      .text(row.text, MARGIN + labelWidth + area + 6, y + 3, { width: valueWidth - 6, lineBreak: false });
    doc.y = y + 16;
  }
  doc
    .fontSize(7)
    .fillColor(MUTED)
    .text(`${low} % – 100 %`, MARGIN + labelWidth, doc.y, { width: area, align: 'right', lineBreak: false });
  doc.y += 10;
  doc.x = MARGIN;
}
