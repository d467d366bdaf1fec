import { describe, expect, it } from 'vitest';
import { keepPages, type KeptPage } from './kept-pages';

const page = (key: string, shown: number, snapshot = key): KeptPage<string> => ({ key, snapshot, shown });
const showing = (key: string, snapshot = key) => ({ key, snapshot });
const same = (a: string, b: string) => a === b;
const keys = (pages: KeptPage<string>[]) => pages.map((p) => p.key);

describe('keepPages', () => {
  it('adds a page shown for the first time, as the most recent', () => {
    const pages = keepPages([page('/a', 1)], showing('/b'), ['/a', '/b'], same);
    expect(pages).toEqual([page('/a', 1), page('/b', 2)]);
  });

  it('never reorders: a page shown again stays in place and becomes the most recent', () => {
    const pages = keepPages([page('/a', 1), page('/b', 2)], showing('/a'), ['/a', '/b'], same);
    expect(pages).toEqual([page('/a', 3), page('/b', 2)]);
  });

  it('keeps the snapshot of a page shown again at the same place, takes the new one otherwise', () => {
    const at = [page('/a', 1, 'first'), page('/b', 2)];
    const sameness = (a: string, b: string) => a.startsWith('first') === b.startsWith('first');
    expect(keepPages(at, showing('/a', 'first, again'), ['/a', '/b'], sameness)[0].snapshot).toBe('first');
    expect(keepPages(at, showing('/a', 'moved'), ['/a', '/b'], sameness)[0].snapshot).toBe('moved');
  });

  it('answers the same array when nothing changed', () => {
    const pages = [page('/a', 1), page('/b', 2)];
    expect(keepPages(pages, showing('/b'), ['/a', '/b'], same)).toBe(pages);
    expect(keepPages(pages, undefined, ['/a', '/b'], same)).toBe(pages);
  });

  it('drops the pages of closed tabs, but keeps the shown page before its tab is stored', () => {
    const pages = keepPages([page('/a', 1), page('/b', 2)], showing('/c'), ['/b'], same);
    expect(keys(pages)).toEqual(['/b', '/c']);
  });

  it('keeps at most the limit, the least recently shown going first', () => {
    const pages = keepPages([page('/a', 2), page('/b', 1), page('/c', 3)], showing('/d'), ['/a', '/b', '/c', '/d'], same, 3);
    expect(keys(pages)).toEqual(['/a', '/c', '/d']);
  });

  it('keeps the others when the shown page is not kept', () => {
    const pages = keepPages([page('/a', 1), page('/b', 2)], undefined, ['/a'], same);
    expect(keys(pages)).toEqual(['/a']);
  });
});
