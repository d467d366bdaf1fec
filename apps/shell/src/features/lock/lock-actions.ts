import { LOCK_PAGE } from '@wb/contracts/constants';
import { navigateTo } from '../../shared/navigation';
import { useSession } from '../../shared/session-store';
import { LOCK_DELAY_MS } from './lock-rules';

/** Locks the screen with `password`, remembering where the user was; /lock shows after 100 ms. */
export function lockScreen(password: string): void {
  const from = `${window.location.pathname}${window.location.search}`;
  window.setTimeout(() => {
    useSession.getState().setLock(true, password, from);
    navigateTo(LOCK_PAGE);
  }, LOCK_DELAY_MS);
}
