import { renderToString } from 'react-dom/server';
import { LockDocumentPage } from './lock-document-page';

/** Build time only (scripts/prerender.mjs): the lock screen as the lock document shows it before any script runs. */
export function renderLockPage(): string {
  return renderToString(<LockDocumentPage readUser={() => undefined} onUnlock={() => false} onLogout={() => undefined} />);
}
