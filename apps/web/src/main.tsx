import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { applyTheme, readStoredTheme } from './lib/theme';
import './index.css';

// The page's CSP forbids eval: without this, Zod probes `new Function` once and the browser reports a violation.
z.config({ jitless: true });

// theme-init.js already painted the saved theme; this repairs an unknown stored value to the default.
applyTheme(readStoredTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
