import { escapeHtml } from '../print/printHtml.ts';

/** A label: the code its barcode carries and shows, the name under it, and a detail (an item's code, a MAC). */
export type Label = { code: string; name: string; detail?: string };
/** An A4 sheet of 3 × 8 labels (70 × 37 mm), or one 50 × 30 mm thermal label per page. */
export type LabelLayout = 'a4' | 'thermal';
export type LabelSymbology = 'QRCode' | 'Code128';

export const A4_COLUMNS = 3;
export const A4_ROWS = 8;
/** At most this many labels are printed at once (an A4 sheet's worth times 50). */
export const MAX_LABELS = A4_COLUMNS * A4_ROWS * 50;

type Writer = typeof import('zxing-wasm/writer');
let writer: Promise<Writer> | null = null;

/** zxing-cpp's writer in WebAssembly, served by the console and loaded with the first print only. */
function loadWriter(): Promise<Writer> {
  writer ??= (async () => {
    const [module, { default: wasmUrl }] = await Promise.all([
      import('zxing-wasm/writer'),
      import('zxing-wasm/writer/zxing_writer.wasm?url'),
    ]);
    await module.prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
    return module;
  })().catch((error: unknown) => {
    writer = null;
    throw error;
  });
  return writer;
}

/** The writer's SVG, scalable: its size as a view box, drawn to the box CSS gives it. */
function scalable(svg: string, stretch: boolean): string {
  const start = svg.indexOf('<svg');
  return svg
    .slice(start)
    .replace(
      /<svg width="(\d+)" height="(\d+)"/,
      `<svg viewBox="0 0 $1 $2" preserveAspectRatio="${stretch ? 'none' : 'xMidYMid meet'}" shape-rendering="crispEdges" aria-hidden="true"`,
    )
    .replace(/<desc>[^<]*<\/desc>/, '');
}

/**
 * The barcode of a code: Code 128 as asked, else a QR code (Code 128 takes Latin-1 only: a code with Vietnamese
 * marks is printed as a QR code).
 */
async function barcode(zxing: Writer, code: string, symbology: LabelSymbology): Promise<{ svg: string; qr: boolean }> {
  if (symbology === 'Code128') {
    const bars = await zxing.writeBarcode(code, { format: 'Code128' });
    if (!bars.error && bars.svg) return { svg: scalable(bars.svg, true), qr: false };
  }
  const qr = await zxing.writeBarcode(code, { format: 'QRCode', ecLevel: 'M' });
  if (qr.error || !qr.svg) throw new Error(`no barcode for the code: ${qr.error}`);
  return { svg: scalable(qr.svg, false), qr: true };
}

const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font-family: Arial, 'Noto Sans', sans-serif; color: #000; }
.label { overflow: hidden; display: flex; gap: 2mm; padding: 2mm 3mm; break-inside: avoid; }
.label.bars { flex-direction: column; justify-content: center; gap: 0.8mm; }
.label svg { display: block; }
.label.qr svg { height: 100%; aspect-ratio: 1; flex: none; }
.label.bars svg { width: 100%; flex: 1 1 auto; min-height: 0; }
.text { min-width: 0; display: flex; flex-direction: column; justify-content: center; }
.code { font-family: 'DejaVu Sans Mono', 'Courier New', monospace; font-weight: bold; word-break: break-all; }
.name, .detail { overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; }
.name { -webkit-line-clamp: 2; }
.detail { -webkit-line-clamp: 1; }
`;

const LAYOUT_STYLE: Record<LabelLayout, string> = {
  a4: `@page { size: A4; margin: 0; }
.sheet { width: 210mm; display: grid; grid-template-columns: repeat(${A4_COLUMNS}, 70mm); grid-auto-rows: 37.125mm; }
.sheet:not(:last-child) { break-after: page; }
.label { width: 70mm; height: 37.125mm; }
.code { font-size: 9pt; } .name { font-size: 8pt; } .detail { font-size: 7pt; }
.label.bars svg { max-height: 16mm; }`,
  thermal: `@page { size: 50mm 30mm; margin: 0; }
.label { width: 50mm; height: 30mm; padding: 1.5mm 2mm; }
.label:not(:last-child) { break-after: page; }
.code { font-size: 8pt; } .name { font-size: 6.5pt; } .detail { font-size: 6pt; }
.label.bars svg { max-height: 14mm; }`,
};

/** A printable page of labels, in the reader's language (its title and `lang`), for the print window. */
export async function labelSheet(
  labels: readonly Label[],
  options: { layout: LabelLayout; symbology: LabelSymbology; title: string; lang: string },
): Promise<string> {
  const zxing = await loadWriter();
  const cells: string[] = [];
  for (const label of labels.slice(0, MAX_LABELS)) {
    const { svg, qr } = await barcode(zxing, label.code, options.symbology);
    const detail = label.detail ? `<div class="detail">${escapeHtml(label.detail)}</div>` : '';
    const text = `<div class="text"><div class="code">${escapeHtml(label.code)}</div><div class="name">${escapeHtml(label.name)}</div>${detail}</div>`;
    cells.push(`<div class="label ${qr ? 'qr' : 'bars'}">${svg}${text}</div>`);
  }
  const perSheet = A4_COLUMNS * A4_ROWS;
  let body = cells.join('\n');
  if (options.layout === 'a4') {
    const sheets: string[] = [];
    for (let i = 0; i < cells.length; i += perSheet) {
      sheets.push(`<div class="sheet">${cells.slice(i, i + perSheet).join('\n')}</div>`);
    }
    body = sheets.join('\n');
  }
  return `<!doctype html>
<html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>
<style>${STYLE}${LAYOUT_STYLE[options.layout]}</style></head>
<body class="${options.layout}">${body}</body></html>`;
}
