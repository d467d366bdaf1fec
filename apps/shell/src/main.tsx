import { obsoleteRedirect } from './shared/env';
import { captureErrorsFromStart } from './app/early-errors';
import { startApp } from './app/start';

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
  startApp(document.getElementById('root')!);
}
