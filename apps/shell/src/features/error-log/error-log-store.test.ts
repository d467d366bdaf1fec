import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appendEntry, formatTime, MAX_LOG_ENTRIES, toLogEntry, type LogEntry } from './error-log-store';

const at = new Date(2026, 10, 22, 9, 5, 7);

describe('error log entries', () => {
  it('records type bug, url, message, stack, info and local time', () => {
    const error = new TypeError('x is undefined');
    const entry = toLogEntry(error, 'window.onerror', 'http://localhost/wel/index', at);
    expect(entry).toMatchObject({ type: 'bug', url: 'http://localhost/wel/index', message: 'TypeError: x is undefined', info: 'window.onerror', time: '2026-11-22 09:05:07' });
    expect(entry.stack).toContain('x is undefined');
    expect(formatTime(at)).toBe('2026-11-22 09:05:07');
  });

  it('takes whatever was thrown, not only errors', () => {
    expect(toLogEntry('plain text', 'unhandledrejection', '/', at).message).toBe('plain text');
    expect(toLogEntry({ code: 7 }, 'unhandledrejection', '/', at).message).toBe('{"code":7}');
    expect(toLogEntry(undefined, 'unhandledrejection', '/', at)).toMatchObject({ message: 'Unknown error', stack: '' });
  });

  it('cuts fields to what the upload accepts', () => {
    const entry = toLogEntry(new Error('m'.repeat(5000)), 'i'.repeat(5000), 'u'.repeat(3000), at);
    expect(entry.message).toHaveLength(4000);
    expect(entry.info).toHaveLength(4000);
    expect(entry.url).toHaveLength(2000);
  });

  it('keeps the newest entries first and at most 200', () => {
    let list: LogEntry[] = [];
    for (let i = 0; i < MAX_LOG_ENTRIES + 5; i++) list = appendEntry(list, toLogEntry(new Error(`e${i}`), '', '/', at));
    expect(list).toHaveLength(200);
    expect(list[0].message).toBe(`e${MAX_LOG_ENTRIES + 4}`);
  });
});

describe('error log store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('survives a reload, and clears all or only the uploaded entries', async () => {
    const first = (await import('./error-log-store')).useErrorLog;
    first.getState().add(toLogEntry(new Error('a'), '', '/', at));
    first.getState().add(toLogEntry(new Error('b'), '', '/', at));
    vi.resetModules();
    const second = (await import('./error-log-store')).useErrorLog;
    expect(second.getState().logs.map((l) => l.message)).toEqual(['b', 'a']);
    const uploaded = [...second.getState().logs];
    second.getState().add(toLogEntry(new Error('c'), '', '/', at));
    second.getState().clear(uploaded);
    expect(second.getState().logs.map((l) => l.message)).toEqual(['c']);
    second.getState().clear();
    expect(second.getState().logs).toEqual([]);
  });
});
