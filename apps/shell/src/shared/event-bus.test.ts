import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from './event-bus';

interface Events {
  ping: number;
  refresh: undefined;
}

describe('shell event bus', () => {
  afterEach(() => vi.useRealTimers());

  it('delivers a payload to every listener of the event, and only of that event', () => {
    const bus = createEventBus<Events>();
    const a = vi.fn();
    const b = vi.fn();
    const other = vi.fn();
    bus.on('ping', a);
    bus.on('ping', b);
    bus.on('refresh', other);
    bus.emit('ping', 7);
    expect(a).toHaveBeenCalledWith(7);
    expect(b).toHaveBeenCalledWith(7);
    expect(other).not.toHaveBeenCalled();
    bus.emit('refresh');
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('stops delivering after unsubscribing', () => {
    const bus = createEventBus<Events>();
    const a = vi.fn();
    const off = bus.on('ping', a);
    off();
    bus.emit('ping', 1);
    expect(a).not.toHaveBeenCalled();
  });

  it('keeps delivering to the others when one listener throws', () => {
    vi.useFakeTimers();
    const bus = createEventBus<Events>();
    const after = vi.fn();
    bus.on('ping', () => {
      throw new Error('sub-app failed');
    });
    bus.on('ping', after);
    bus.emit('ping', 2);
    expect(after).toHaveBeenCalledWith(2);
    expect(() => vi.runAllTimers()).toThrow('sub-app failed');
  });
});
