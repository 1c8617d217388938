import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { applyTheme, readStoredTheme } from './lib/theme';
import './index.css';

// Also set by public/zod-jitless.js before any module loads; this keeps tests and other hosts of the app jitless.
z.config({ jitless: true });

// theme-init.js already painted the saved theme; this repairs an unknown stored value to the default.
applyTheme(readStoredTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
