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

// A retired address says so and moves to the new host; the alert's
// code loads only on such an address. The app does not start there: the old
// host serves no API, and the router's redirect to /login would cancel the
// move to the new host.
const movedTo = obsoleteRedirect(window.location);
if (movedTo) {
  void import('./app/obsolete-domain-alert').then(({ showObsoleteDomainAlert }) => showObsoleteDomainAlert(movedTo));
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}
