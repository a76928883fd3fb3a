import { callFile } from '../../api/call.ts';

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

const LOAD_WAIT_MS = 15_000;

/** Calls print() once the window shows the document at `url` (the window keeps its handle across navigation). */
function printWhenLoaded(win: Window, url: string): void {
  const started = Date.now();
  const timer = window.setInterval(() => {
    let ready = false;
    try {
      ready = win.document.URL === url && win.document.readyState === 'complete';
    } catch {
      ready = false;
    }
    if (ready || win.closed || Date.now() - started > LOAD_WAIT_MS) {
      window.clearInterval(timer);
      if (ready) {
        win.focus();
        win.print();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  }, 100);
}

/**
 * Opens the window first (inside the click, so that pop-up blockers allow it), fetches the A4 sheet
 * with the session's token (cards in `language`), shows it through a Blob URL and prints it.
 * `placeholder` is shown meanwhile.
 * Rejects with the call's error (the empty window is closed); resolves false when no window could open.
 */
export async function printVouchers(
  site: string,
  ids: readonly string[] | 'all',
  language: 'en' | 'vi',
  placeholder: string,
): Promise<boolean> {
  const win = window.open('', '_blank');
  if (win) {
    try {
      win.document.title = placeholder;
      win.document.body.textContent = placeholder;
    } catch {
      // a browser that does not let us write into the blank window: nothing to show meanwhile
    }
  }
  let html: string;
  try {
    const id = ids === 'all' ? 'all' : ids.join(',');
    const file = await callFile('GET /it4u/:site/printVoucher/:id', {
      params: { site, id },
      query: { lang: language },
    });
    html = await file.blob.text();
  } catch (error) {
    win?.close();
    throw error;
  }
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const target = win ?? window.open(url, '_blank');
  if (!target) {
    URL.revokeObjectURL(url);
    return false;
  }
  if (win) win.location.href = url;
  printWhenLoaded(target, url);
  return true;
}
