import { callFile } from '../../api/call.ts';
import { printHtml } from '../../components/print/printHtml.ts';

/** The ids part of GET /it4u/{site}/printVoucher/{ids}: 'all', or the ids separated by commas. */
export function printIds(ids: readonly string[] | 'all'): string {
  return ids === 'all' ? 'all' : ids.map(encodeURIComponent).join(',');
}

/** The server takes at most this many characters of ids in one print request. */
export const MAX_PRINT_IDS_LENGTH = 5000;

/** False when the ids are too many for one print request. */
export function fitsOnePrint(ids: readonly string[] | 'all'): boolean {
  return printIds(ids).length <= MAX_PRINT_IDS_LENGTH;
}

/**
 * Fetches the A4 sheet with the session's token (cards in `language`) and prints it, `placeholder` shown meanwhile.
 * Rejects with the call's error; resolves false when no window could open.
 */
export function printVouchers(
  site: string,
  ids: readonly string[] | 'all',
  language: 'en' | 'vi',
  placeholder: string,
): Promise<boolean> {
  return printHtml(async () => {
    const id = ids === 'all' ? 'all' : ids.join(',');
    const file = await callFile('GET /it4u/:site/printVoucher/:id', {
      params: { site, id },
      query: { lang: language },
    });
    return file.blob.text();
  }, placeholder);
}
