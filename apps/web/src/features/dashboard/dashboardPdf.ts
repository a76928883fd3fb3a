import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';

/** What heads every page, in the reader's language. */
export type PdfHeading = {
  title: string;
  lines: string[];
  /** "Page 2 of 3" */
  pageLabel: (page: number, pages: number) => string;
};

const PAGE = { width: 210, height: 297, margin: 12, gap: 4 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER = 8;
const CSS_PX_MM = 25.4 / 96;
const SCALE = 2;

/**
 * The dashboard as A4 pages: each panel drawn as it shows on screen (charts, tables, the age of its data), the site,
 * range and time at the top of every page and its number at the bottom. Text is drawn by the browser into the page's
 * pictures, so Vietnamese needs no font in the PDF.
 */
export async function dashboardPdf(area: HTMLElement, panels: HTMLElement[], heading: PdfHeading): Promise<Blob> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.setProperties({ title: heading.title, creator: 'IT4U' });
  const head = textPicture([heading.title, ...heading.lines], CONTENT_WIDTH);
  const top = PAGE.margin + head.height + PAGE.gap;
  const bottom = PAGE.height - PAGE.margin - FOOTER;
  doc.addImage(head.url, 'PNG', PAGE.margin, PAGE.margin, CONTENT_WIDTH, head.height);

  // one picture of the whole area (html2canvas copies the document once per call), cut into its panels
  const whole = await html2canvas(area, { scale: SCALE, backgroundColor: '#ffffff', logging: false });
  const origin = area.getBoundingClientRect();
  // panels flow like words: side by side while they fit the width (a phone's narrow panels go two by two)
  let x = 0;
  let y = top;
  let rowHeight = 0;
  for (const panel of panels) {
    const canvas = cut(whole, panel.getBoundingClientRect(), origin);
    if (canvas.width === 0 || canvas.height === 0) continue;
    // the page's width, or half of it for a panel narrower than that on screen; never taller than a page
    const onScreen = (canvas.width / SCALE) * CSS_PX_MM;
    let width = onScreen < 0.6 * CONTENT_WIDTH ? (CONTENT_WIDTH - PAGE.gap) / 2 : CONTENT_WIDTH;
    let height = (canvas.height / canvas.width) * width;
    if (height > bottom - top) {
      width *= (bottom - top) / height;
      height = bottom - top;
    }
    if (x > 0 && x + width > CONTENT_WIDTH) {
      y += rowHeight + PAGE.gap;
      x = 0;
      rowHeight = 0;
    }
    if (y + height > bottom && y > top) {
      doc.addPage('a4', 'portrait');
      doc.addImage(head.url, 'PNG', PAGE.margin, PAGE.margin, CONTENT_WIDTH, head.height);
      y = top;
      x = 0;
      rowHeight = 0;
    }
    doc.addImage(canvas.toDataURL('image/jpeg', 0.92), 'JPEG', PAGE.margin + x, y, width, height);
    x += width + PAGE.gap;
    rowHeight = Math.max(rowHeight, height);
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    const label = textPicture([heading.pageLabel(page, pages)], CONTENT_WIDTH, 'center');
    doc.addImage(label.url, 'PNG', PAGE.margin, PAGE.height - PAGE.margin - label.height, CONTENT_WIDTH, label.height);
  }
  return doc.output('blob');
}

/** The part of the area's picture that shows one panel. */
function cut(whole: HTMLCanvasElement, rect: DOMRect, origin: DOMRect): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(rect.width * SCALE);
  canvas.height = Math.round(rect.height * SCALE);
  const x = Math.round((rect.left - origin.left) * SCALE);
  const y = Math.round((rect.top - origin.top) * SCALE);
  canvas.getContext('2d')?.drawImage(whole, x, y, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** Lines of text as a picture as wide as the page: the first in bold, larger; the others smaller, grey. */
function textPicture(lines: string[], widthMm: number, align: 'left' | 'center' = 'left') {
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const pxPerMm = SCALE / CSS_PX_MM;
  const sizes = lines.map((_, i) => (i === 0 && lines.length > 1 ? 18 : 11) * SCALE);
  const lineHeights = sizes.map((s) => Math.round(s * 1.45));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(widthMm * pxPerMm);
  canvas.height = lineHeights.reduce((a, b) => a + b, 0);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.textBaseline = 'middle';
    ctx.textAlign = align;
    let y = 0;
    lines.forEach((line, i) => {
      ctx.font = `${i === 0 && lines.length > 1 ? 600 : 400} ${sizes[i]}px ${family}`;
      ctx.fillStyle = i === 0 && lines.length > 1 ? 'rgba(0, 0, 0, 0.88)' : 'rgba(0, 0, 0, 0.65)';
      ctx.fillText(line, align === 'center' ? canvas.width / 2 : 0, y + lineHeights[i] / 2, canvas.width);
      y += lineHeights[i];
    });
  }
  return { url: canvas.toDataURL('image/png'), height: canvas.height / pxPerMm };
}
