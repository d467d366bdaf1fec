import { FIRST_PAGE, LOCK_PAGE } from '@wb/contracts/constants';
import { safeRedirect } from '../../shared/navigation';

/** Pure rules of the lock screen and of the idle auto-lock (an addition of this shell). */

/** Locking waits this long before showing /lock, so the menu that asked can close. */
export const LOCK_DELAY_MS = 100;

export function canUnlock(input: string, lockPasswd: string | undefined): boolean {
  return !!lockPasswd && input === lockPasswd;
}

/** Where unlocking returns: the page the user was on, never /lock itself or an outside address. */
export function unlockTarget(lockFrom: string | undefined): string {
  const target = safeRedirect(lockFrom, FIRST_PAGE);
  return target === LOCK_PAGE || target.startsWith(`${LOCK_PAGE}?`) ? FIRST_PAGE : target;
}

/**
 * The idle time before the auto-lock, in minutes: the per-browser override when
 * it is a number ≥ 0, else the build setting. 0 (or less) turns it off.
 */
export function idleLockMinutes(setting: number, override: unknown): number {
  if (typeof override === 'number' && Number.isFinite(override) && override >= 0) return override;
  return Number.isFinite(setting) && setting > 0 ? setting : 0;
}

/**
 * Auto-lock when the user has been idle for `minutes`, the session is not
 * already locked, and a lock password exists: the auto-lock never invents a
 * password the user could not know.
 */
export function shouldAutoLock(input: { minutes: number; lastActive: number; now: number; locked: boolean; hasPassword: boolean }): boolean {
  if (input.minutes <= 0 || input.locked || !input.hasPassword) return false;
  return input.now - input.lastActive >= input.minutes * 60_000;
}

/** How often the idle check runs: a third of the idle time, between 1 s and 15 s. */
export function idleCheckInterval(minutes: number): number {
  return Math.min(15_000, Math.max(1_000, Math.floor((minutes * 60_000) / 3)));
}
