import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { screenClass, useScreenClass } from './screen';

describe('screen size classes', () => {
  it('maps widths to 3, 2, 1 and 0 at 1200, 992 and 768', () => {
    expect(screenClass(1920)).toBe(3);
    expect(screenClass(1200)).toBe(3);
    expect(screenClass(1199)).toBe(2);
    expect(screenClass(992)).toBe(2);
    expect(screenClass(991)).toBe(1);
    expect(screenClass(768)).toBe(1);
    expect(screenClass(767)).toBe(0);
    expect(screenClass(320)).toBe(0);
  });

  describe('useScreenClass', () => {
    const original = window.innerWidth;
    afterEach(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: original });
    });

    it('follows the window width when it is resized', () => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1366 });
      const { result } = renderHook(() => useScreenClass());
      expect(result.current).toBe(3);
      act(() => {
        Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
        window.dispatchEvent(new Event('resize'));
      });
      expect(result.current).toBe(1);
    });
  });
});
