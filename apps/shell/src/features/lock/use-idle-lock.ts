import { useEffect } from 'react';
import { appEnv } from '../../shared/env';
import { getStore } from '../../shared/storage';
import { IDLE_LOCK_STORE_NAME } from '../../shared/storage-names';
import { useSession } from '../../shared/session-store';
import { lockScreen } from './lock-actions';
import { idleCheckInterval, idleLockMinutes, shouldAutoLock } from './lock-rules';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Locks the screen after a stretch without input (an addition of this shell, as in
 * vben's lock settings): env.ts idleLockMinutes, or the per-browser override
 * 'idleLockMinutes'. It needs a lock password, set once through 锁屏.
 */
export function useIdleLock(): void {
  useEffect(() => {
    const minutes = idleLockMinutes(appEnv.idleLockMinutes, getStore(IDLE_LOCK_STORE_NAME));
    if (minutes <= 0) return;
    let lastActive = Date.now();
    const onActivity = () => {
      lastActive = Date.now();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true });
    const id = window.setInterval(() => {
      const { isLock, lockPasswd, token } = useSession.getState();
      if (!token) return;
      if (shouldAutoLock({ minutes, lastActive, now: Date.now(), locked: isLock, hasPassword: !!lockPasswd })) {
        lastActive = Date.now();
        lockScreen(lockPasswd!);
      }
    }, idleCheckInterval(minutes));
    return () => {
      window.clearInterval(id);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
}
