import { cacheLookups } from './metrics';

/**
 * A cache of values read from the database that never keeps a stale one after a change was
 * announced (platform/changes.ts):
 * - a load that a `clear` overtook (it began before the change was heard) answers the request
 *   that started it but is not kept, and no later request joins it;
 * - while the instance does not hear the other instances (`live()` false: its listening
 *   connection is down), nothing is served from the cache or kept in it;
 * - the lifetime (`ttlMs`) counts from the start of the load, as a last resort.
 * Concurrent requests for one key share one load.
 */
export class FreshCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly loading = new Map<K, { generation: number; value: Promise<V> }>();
  private generation = 0;

  /** `name`: the cache's in the metrics (wb_cache_lookups_total) */
  constructor(
    private readonly name: string,
    private readonly ttlMs: number,
    private readonly live: () => boolean = () => true,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const live = this.live();
    const hit = this.entries.get(key);
    const fresh = live && hit && Date.now() - hit.at < this.ttlMs;
    cacheLookups.inc({ cache: this.name, result: fresh ? 'hit' : 'miss' });
    if (fresh) return hit.value;
    const running = this.loading.get(key);
    if (live && running && running.generation === this.generation) return running.value;
    const generation = this.generation;
    const at = Date.now();
    const value = load();
    this.loading.set(key, { generation, value });
    try {
      const loaded = await value;
      if (generation === this.generation && this.live()) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { value: loaded, at });
      }
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  /** Forgets every value, and every load under way. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  /** Forgets the values whose key `matches`, and every load under way (which may be of one of them). */
  forget(matches: (key: K) => boolean): void {
    this.generation++;
    this.loading.clear();
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }
}
