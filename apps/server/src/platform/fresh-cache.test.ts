import { describe, expect, it } from 'vitest';
import { FreshCache } from './fresh-cache';

/** A load the test finishes when it likes, reading the "database" then. */
function gate<T>(read: () => T) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { load: async () => (await opened, read()), open };
}

describe('FreshCache', () => {
  it('keeps a loaded value, and shares one load among concurrent callers', async () => {
    const cache = new FreshCache<string, number>('test', 60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('a load a change overtook answers its caller, is not kept, and no later caller joins it', async () => {
    const cache = new FreshCache<string, string>('test', 60_000);
    let row = 'old';
    const slow = gate(() => 'old');
    const first = cache.get('k', slow.load);
    // the change is committed and heard while the first load still runs
    row = 'new';
    cache.clear();
    const second = cache.get('k', async () => row);
    slow.open();
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.get('k', async () => 'never read')).toBe('new');
  });

  it('forget drops the matching values only, and any load under way', async () => {
    const cache = new FreshCache<string, number>('test', 60_000);
    await cache.get('post|1', async () => 1);
    await cache.get('user|1', async () => 2);
    const slow = gate(() => 3);
    const running = cache.get('user|2', slow.load);
    cache.forget((k) => k.startsWith('post|'));
    slow.open();
    expect(await running).toBe(3);
    expect(await cache.get('post|1', async () => 10)).toBe(10);
    expect(await cache.get('user|1', async () => 20)).toBe(2);
    expect(await cache.get('user|2', async () => 30)).toBe(30);
  });

  it('while not live, serves and keeps nothing', async () => {
    let live = true;
    const cache = new FreshCache<string, number>('test', 60_000, () => live);
    await cache.get('k', async () => 1);
    live = false;
    expect(await cache.get('k', async () => 2)).toBe(2);
    expect(await cache.get('k', async () => 3)).toBe(3);
    live = true;
    // what was kept before is kept still: the change that ends being deaf clears the caches (changes.ts)
    expect(await cache.get('k', async () => 4)).toBe(1);
  });

  it('a value older than its lifetime is read again', async () => {
    const cache = new FreshCache<string, number>('test', 0);
    await cache.get('k', async () => 1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });
});
