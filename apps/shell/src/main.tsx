import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Initialises i18next (zh/en bundles, stored locale) before the first render.
import './shared/i18n/i18n';
import { obsoleteRedirect } from './shared/env';
import { captureErrorsFromStart } from './app/early-errors';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './app/global.css';

// Before anything renders, so start-up failures reach the local error log too.
captureErrorsFromStart();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);

// A retired address says so and moves to the new host (spec §8); the alert's
// code loads only on such an address.
const movedTo = obsoleteRedirect(window.location);
if (movedTo) void import('./app/obsolete-domain-alert').then(({ showObsoleteDomainAlert }) => showObsoleteDomainAlert(movedTo));
