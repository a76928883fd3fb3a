import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { hideAntdIconNames } from './app/iconNames.ts';
import { watchNewVersion } from './app/newVersion.ts';
import { ready } from './i18n/i18n.ts';

// antd draws popups (menus, selects, messages) outside the root: the whole body is watched
hideAntdIconNames(document.body);

// a screen's code of the version before a deploy, no longer served: the tab reloads into the new one
watchNewVersion();

// the offline worker keeps the app and the lists a technician read (built apps only: the dev server has none)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

// drawn once the reader's language is loaded (if that chunk cannot be fetched, the app is drawn all the same)
void ready.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
