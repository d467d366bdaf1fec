import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTurn } from './one-at-a-time';

describe('useTurn', () => {
  it('gives the screen to one self-opening dialog at a time, the next when the first is done', () => {
    const guide = renderHook(({ wants }) => useTurn('guide', wants), { initialProps: { wants: true } });
    const notice = renderHook(({ wants }) => useTurn('announcement', wants), { initialProps: { wants: true } });
    expect(guide.result.current).toBe(true);
    expect(notice.result.current).toBe(false);
    act(() => guide.rerender({ wants: false }));
    notice.rerender({ wants: true });
    expect(notice.result.current).toBe(true);
    act(() => notice.unmount());
    guide.rerender({ wants: true });
    expect(guide.result.current).toBe(true);
  });
});
