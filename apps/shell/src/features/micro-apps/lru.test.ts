import { describe, expect, it } from 'vitest';
import { dropFromLru, touchLru } from './lru';

describe('keep-alive LRU', () => {
  it('puts the used app first and evicts the least recently used beyond the limit', () => {
    let order: string[] = [];
    for (const name of ['a', 'b', 'c']) order = touchLru(order, name, 3).order;
    expect(order).toEqual(['c', 'b', 'a']);
    const touched = touchLru(order, 'a', 3);
    expect(touched).toEqual({ order: ['a', 'c', 'b'], evicted: [] });
    const added = touchLru(touched.order, 'd', 3);
    expect(added).toEqual({ order: ['d', 'a', 'c'], evicted: ['b'] });
  });

  it('never evicts the app being used, even with a limit below one', () => {
    expect(touchLru(['a', 'b'], 'c', 0)).toEqual({ order: ['c'], evicted: ['a', 'b'] });
  });

  it('drops an app that left', () => {
    expect(dropFromLru(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
