/**
 * A new version of the console was deployed under an open tab: a screen's code this tab asks for is no longer served
 * (Vite's `vite:preloadError`). The tab is reloaded into the new version at once, unless the person is typing (a
 * field has the focus, or a dialog is open): then the shell says a new version is ready, with a button to reload
 * when they are done, and nothing they typed is lost by the console's doing.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let ready = false;

/** Whether someone is in the middle of typing: a field with the focus, or a dialog open. */
function typing(doc: Document): boolean {
  const active = doc.activeElement;
  if (active?.matches('input, textarea, select, [contenteditable="true"]')) return true;
  return doc.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open') !== null;
}

export const newVersion = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** whether the shell says a new version is ready (a reload was held back) */
  ready: () => ready,
  /** reloads the tab into the new version (a seam for the tests) */
  reload: () => window.location.reload(),
  /** a screen's code could not be loaded: reload now, or say so if the person is typing */
  missed(doc: Document = document) {
    if (!typing(doc)) {
      newVersion.reload();
      return;
    }
    ready = true;
    for (const listener of listeners) listener();
  },
};

/** Watches for code of an older version that cannot be loaded any more (main.tsx, once). */
export function watchNewVersion(win: Window = window) {
  win.addEventListener('vite:preloadError', () => newVersion.missed(win.document));
}
