import { describe, expect, it } from 'vitest';
import { canUnlock, idleCheckInterval, idleLockMinutes, shouldAutoLock, unlockTarget } from './lock-rules';

describe('lock rules', () => {
  it('unlocks only with the password that was set', () => {
    expect(canUnlock('pw123', 'pw123')).toBe(true);
    expect(canUnlock('pw124', 'pw123')).toBe(false);
    expect(canUnlock('', undefined)).toBe(false);
    expect(canUnlock('', '')).toBe(false);
  });

  it('returns to the page the user was on, else the workbench', () => {
    expect(unlockTarget('/system/param?x=1')).toBe('/system/param?x=1');
    expect(unlockTarget(undefined)).toBe('/wel/index');
    expect(unlockTarget('/lock')).toBe('/wel/index');
    expect(unlockTarget('//evil.example.com')).toBe('/wel/index');
    expect(unlockTarget('https://evil.example.com')).toBe('/wel/index');
  });
});

describe('idle auto-lock', () => {
  const base = { minutes: 30, lastActive: 0, now: 30 * 60_000, locked: false, hasPassword: true };

  it('locks after the idle time', () => {
    expect(shouldAutoLock(base)).toBe(true);
    expect(shouldAutoLock({ ...base, now: 30 * 60_000 - 1 })).toBe(false);
  });

  it('never locks when off, already locked, or without a lock password', () => {
    expect(shouldAutoLock({ ...base, minutes: 0 })).toBe(false);
    expect(shouldAutoLock({ ...base, locked: true })).toBe(false);
    expect(shouldAutoLock({ ...base, hasPassword: false })).toBe(false);
  });

  it('reads the per-browser override before the build setting', () => {
    expect(idleLockMinutes(30, undefined)).toBe(30);
    expect(idleLockMinutes(30, 0.05)).toBe(0.05);
    expect(idleLockMinutes(30, 0)).toBe(0);
    expect(idleLockMinutes(30, 'soon')).toBe(30);
    expect(idleLockMinutes(Number.NaN, undefined)).toBe(0);
  });

  it('checks often enough for short idle times and rarely for long ones', () => {
    expect(idleCheckInterval(0.05)).toBe(1_000);
    expect(idleCheckInterval(30)).toBe(15_000);
  });
});
