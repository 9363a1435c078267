import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { findRoute } from './app/route-table.ts';
import { startUp } from './app/start-up.ts';
import { activateLocale, initialLocale, preferCatalog } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// start downloading the first page's module and catalog now, not after the first render
const firstRoute = findRoute(location.pathname);
if (firstRoute) {
  void firstRoute.load().catch(() => undefined);
  if (firstRoute.catalog) preferCatalog(firstRoute.catalog);
}

const [start] = await Promise.all([startUp(), activateLocale(initialLocale())]);
if (start === 'render')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
