import { hydrateRoot, type Root } from 'react-dom/client';
import { useSession } from './shared/session-store';
import { shellHandover } from './app/shell-handover';
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
const container = document.getElementById('root')!;
const { loadShell, startShell } = shellHandover(container);
let lockRoot: Root | undefined;

function unlock(password: string): boolean {
  const { lockPasswd, lockFrom, setLock } = useSession.getState();
  if (!canUnlock(password, lockPasswd)) return false;
  // The password stays for this login, so the idle auto-lock can lock again.
  setLock(false, lockPasswd, undefined);
  void startShell(lockRoot, unlockTarget(lockFrom));
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
  if ('requestIdleCallback' in window) requestIdleCallback(() => void loadShell(), { timeout: 3000 });
} else {
  void startShell(undefined);
}
