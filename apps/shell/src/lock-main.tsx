import { hydrateRoot, type Root } from 'react-dom/client';
import { useSession } from './shared/session-store';
import { captureErrorsFromStart } from './app/early-errors';
import { LockDocumentPage } from './features/lock/lock-document-page';
import { canUnlock, unlockTarget } from './features/lock/lock-rules';
import './app/global.css';

/*
 * The lock document's entry (lock.html; the server answers /lock with it). A
 * locked screen that is reloaded shows at once, pre-rendered at build time, and
 * works on React alone; the right password starts the signed-in shell in this
 * same document, where the user was. Not locked (or not signed in), the shell
 * starts at once and its own guards decide.
 */
const loadApp = () => import('./app/start');

let shellStarts!: () => void;
captureErrorsFromStart(new Promise<void>((resolve) => (shellStarts = resolve)));

const container = document.getElementById('root')!;
let lockRoot: Root | undefined;

async function startShell(to?: string): Promise<void> {
  shellStarts();
  const { startApp } = await loadApp();
  lockRoot?.unmount();
  container.replaceChildren();
  if (to) window.history.replaceState(null, '', to);
  startApp(container);
}

function unlock(password: string): boolean {
  const { lockPasswd, lockFrom, setLock } = useSession.getState();
  if (!canUnlock(password, lockPasswd)) return false;
  // The password stays for this login, so the idle auto-lock can lock again.
  setLock(false, lockPasswd, undefined);
  void startShell(unlockTarget(lockFrom));
  return true;
}

const readUser = () => useSession.getState().userInfo;

async function logout(): Promise<void> {
  const { localLogout } = await import('./shared/local-logout');
  localLogout();
}

const { token, isLock } = useSession.getState();
if (token && isLock) {
  lockRoot = hydrateRoot(container, <LockDocumentPage readUser={readUser} onUnlock={unlock} onLogout={() => void logout()} />);
  // the workbench is ready by the time the password is typed
  if ('requestIdleCallback' in window) requestIdleCallback(() => void loadApp(), { timeout: 3000 });
} else {
  void startShell();
}
