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
 * Prints a document made meanwhile: opens the window first (inside the click, so that pop-up blockers allow it) with
 * `placeholder`, shows the document through a Blob URL once `make` gives it, and prints it. Rejects with `make`'s
 * error (the empty window is closed); resolves false when no window could open.
 */
export async function printHtml(make: () => Promise<string>, placeholder: string): Promise<boolean> {
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
    html = await make();
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

/** Text as HTML shows it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
