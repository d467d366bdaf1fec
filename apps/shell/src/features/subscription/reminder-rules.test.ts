import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, getStore, setStore } from '../../shared/storage';
import { KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT } from '../../shared/storage-names';
import { targetOf } from './api/subscription';
import { isCustomText, localDate, mayAsk, REMINDER_CHECK_MS, reminderStoreName, shouldShow } from './reminder-rules';

const at = (text: string) => new Date(text);

describe('the expiry reminder (shell spec §4, §9)', () => {
  it('is checked every 600000 ms', () => {
    expect(REMINDER_CHECK_MS).toBe(600_000);
  });

  it('asks the server only from 09:00 local time, and not again on a day it was shown', () => {
    expect(mayAsk(at('2026-03-10T08:59:59'), undefined)).toBe(false);
    expect(mayAsk(at('2026-03-10T09:00:00'), undefined)).toBe(true);
    expect(mayAsk(at('2026-03-10T15:30:00'), '2026-03-10')).toBe(false);
    expect(mayAsk(at('2026-03-11T09:30:00'), '2026-03-10')).toBe(true);
    expect(mayAsk(at('2026-03-11T08:30:00'), '2026-03-10')).toBe(false);
  });

  it('shows a reminder never dismissed; one dismissed before at most once a day', () => {
    const now = at('2026-03-10T10:00:00');
    expect(shouldShow({ dismissed: false, dismissTime: '' }, now)).toBe(true);
    expect(shouldShow({ dismissed: true, dismissTime: '2026-03-10 09:05:00' }, now)).toBe(false);
    expect(shouldShow({ dismissed: true, dismissTime: '2026-03-09 18:00:00' }, now)).toBe(true);
    expect(localDate(now)).toBe('2026-03-10');
  });

  it('shows the package’s own text for ruleType 2 only', () => {
    expect(isCustomText({ ruleType: 2, content: '请续费' })).toBe(true);
    expect(isCustomText({ ruleType: 1, content: '请续费' })).toBe(false);
    expect(isCustomText({ ruleType: 2, content: '' })).toBe(false);
  });

  it('is about the picked project, or the company of an all entry; nothing before a pick', () => {
    expect(targetOf({ id: '31', list: ['2', '30', '31'] })).toEqual({ companyId: '2', projectId: '31' });
    expect(targetOf({ id: '-2', list: ['2', '30', '-2'] })).toEqual({ companyId: '2', projectId: '-2' });
    expect(targetOf({ id: '-1', list: [] })).toBeUndefined();
  });
});

describe('the reminder keys', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per user and project, and logout clears them (shell spec §4 Session)', () => {
    const one = reminderStoreName({ tenantId: '000000', userId: '1' }, { companyId: '2', projectId: '31' });
    const other = reminderStoreName({ tenantId: '000000', userId: '1' }, { companyId: '2', projectId: '32' });
    expect(one).not.toBe(other);
    setStore(one, '2026-03-10');
    setStore('themeName', 'theme-hey');
    // what localLogout clears
    clearStorage(KEPT_ON_LOGOUT, KEPT_PREFIXES_ON_LOGOUT);
    expect(getStore(one)).toBeUndefined();
    expect(getStore('themeName')).toBe('theme-hey');
  });
});
