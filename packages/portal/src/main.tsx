import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startUp } from './app/start-up.ts';
import { activateLocale, initialLocale } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const [start] = await Promise.all([startUp(), activateLocale(initialLocale())]);
if (start === 'render')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
