import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Initialises i18next (zh/en bundles, stored locale) before the first render.
import './shared/i18n/i18n';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './app/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
