import { type CustomerInfo, fillTemplate, type Language, OPERATOR_TIME_ZONE, WAN_LINKS } from '@it4u/shared';
import type { Attachment } from '../../integrations/mail/mailer.ts';
import { exportQueue, writeSheetOffThread } from '../../lib/spreadsheet.ts';
import { mailTexts } from './mail.texts.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The WAN links of a row that are down, as `WAN2 Viettel 203.0.113.7`. */
function wansDown(row: CustomerInfo): string[] {
  return WAN_LINKS.filter((n) => row[`wan${n}Status`] === 0).map((n) =>
    [`WAN${n}`, row[`wan${n}Provider`], row[`wan${n}Ip`]].filter(Boolean).join(' '),
  );
}

/**
 * The scheduled report: the customer sites that are down (an access point disconnected or a WAN link down) or not
 * updating, as an HTML table with a summary, and the same table as an .xlsx attachment.
 */
export async function buildReport(
  rows: readonly CustomerInfo[],
  language: Language,
  at: number,
  intro: string,
): Promise<{ html: string; text: string; attachment: Attachment; problems: number }> {
  const t = mailTexts(language);
  const time = new Intl.DateTimeFormat(t.locale, {
    timeZone: OPERATOR_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  const stamp = (ms: number | null) =>
    ms === null
      ? t.never
      : new Intl.DateTimeFormat(t.locale, {
          timeZone: OPERATOR_TIME_ZONE,
          dateStyle: 'short',
          timeStyle: 'short',
        }).format(ms);
  let wans = 0;
  let aps = 0;
  let down = 0;
  let stale = 0;
  const table: string[][] = [];
  for (const row of rows) {
    const links = wansDown(row);
    wans += links.length;
    aps += row.apdisconnected ?? 0;
    if (row.stale) stale++;
    else if (row.down) down++;
    if (!row.stale && !row.down) continue;
    table.push([
      row.sitename,
      row.customer ?? '',
      row.groupClient,
      row.stale ? t.stale : t.down,
      row.apdisconnected ? String(row.apdisconnected) : '',
      links.join(', '),
      stamp(row.lastPush),
    ]);
  }
  const summary = fillTemplate(t.summary, { sites: rows.length, down, stale, wans, aps });
  const heading = `${t.reportTitle}: ${fillTemplate(t.reportAt, { time })}`;
  const cell = 'style="border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top"';
  const parts = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f1f">',
    intro ? `<p>${escapeHtml(intro).replaceAll('\n', '<br>')}</p>` : '',
    `<h2 style="font-size:18px">${escapeHtml(heading)}</h2>`,
    `<p>${escapeHtml(summary)}</p>`,
  ];
  if (table.length === 0) parts.push(`<p>${escapeHtml(t.nothingWrong)}</p>`);
  else {
    parts.push('<table style="border-collapse:collapse;font-size:13px"><thead><tr>');
    for (const c of t.columns) parts.push(`<th scope="col" ${cell}>${escapeHtml(c)}</th>`);
    parts.push('</tr></thead><tbody>');
    for (const r of table) parts.push(`<tr>${r.map((c) => `<td ${cell}>${escapeHtml(c)}</td>`).join('')}</tr>`);
    parts.push('</tbody></table>');
  }
  parts.push('</body></html>');
  // in turn with the exports, never refused
  const content = await exportQueue.run(() => writeSheetOffThread(t.reportTitle, [...t.columns], table), {
    mayRefuse: false,
  });
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: OPERATOR_TIME_ZONE, dateStyle: 'short' }).format(at);
  return {
    html: parts.join(''),
    text: [intro, heading, summary, table.length === 0 ? t.nothingWrong : ''].filter(Boolean).join('\n\n'),
    attachment: {
      filename: `${t.attachment}-${day}.xlsx`,
      content,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    problems: table.length,
  };
}
