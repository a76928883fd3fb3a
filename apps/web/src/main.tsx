import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { hideAntdIconNames } from './app/iconNames.ts';

// antd draws popups (menus, selects, messages) outside the root: the whole body is watched
hideAntdIconNames(document.body);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
