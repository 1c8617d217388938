import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, readStoredTheme } from './lib/theme';
import './index.css';

// theme-init.js already painted the saved theme; this repairs an unknown stored value to the default.
applyTheme(readStoredTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
