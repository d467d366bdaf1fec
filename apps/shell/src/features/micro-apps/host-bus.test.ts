import { describe, expect, it, vi } from 'vitest';

/* The shell's side of the bus against a stand-in of wujie's bus (wujie itself needs a real browser). */
const wujie = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    listeners,
    bus: {
      $on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
      $off: (event: string, fn: (...args: unknown[]) => void) => listeners.get(event)?.delete(fn),
      $emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args)),
    },
  };
});
vi.mock('wujie', () => ({ bus: wujie.bus }));

const { emitToSubApp, emitToSubApps, onSubAppEvent } = await import('./host-bus');

describe('host bus', () => {
  it('removes its bus listeners with the returned off', () => {
    const seen: unknown[] = [];
    const off = onSubAppEvent('export-state', (state) => seen.push(state));
    wujie.bus.$emit('export-state', 'processing');
    off();
    wujie.bus.$emit('export-state', 'success');
    expect(seen).toEqual(['processing']);
    expect(wujie.listeners.get('export-state')?.size).toBe(0);
  });

  it('sends an event to every app over the bus, and none while no app listens (wujie would warn)', () => {
    const seen = vi.fn();
    const emit = vi.spyOn(wujie.bus, '$emit');
    const inject = window as unknown as { __WUJIE_INJECT?: unknown };
    inject.__WUJIE_INJECT = { appEventObjMap: new Map([['coredata', { 'route-change': [vi.fn()] }]]) };
    emitToSubApps('locale-change', 'en');
    expect(emit).not.toHaveBeenCalled();
    wujie.bus.$on('locale-change', seen);
    inject.__WUJIE_INJECT = { appEventObjMap: new Map([['coredata', { 'locale-change': [seen] }]]) };
    emitToSubApps('locale-change', 'en');
    expect(seen).toHaveBeenCalledWith('en');
    delete inject.__WUJIE_INJECT;
  });

  it("sends route-change to one app's own listeners only, and survives a listener that throws", () => {
    vi.useFakeTimers();
    const coredata = vi.fn();
    const other = vi.fn();
    const failing = vi.fn(() => {
      throw new Error('broken listener');
    });
    const map = new Map([
      ['coredata', { 'route-change': [failing, coredata] }],
      ['other', { 'route-change': [other] }],
    ]);
    (window as unknown as { __WUJIE_INJECT: unknown }).__WUJIE_INJECT = { appEventObjMap: map };
    emitToSubApp('coredata', 'route-change', '/vehicle');
    expect(coredata).toHaveBeenCalledWith('/vehicle');
    expect(other).not.toHaveBeenCalled();
    // The error is rethrown outside the emit, where the error log sees it.
    expect(() => vi.runAllTimers()).toThrow('broken listener');
    vi.useRealTimers();
  });
});
