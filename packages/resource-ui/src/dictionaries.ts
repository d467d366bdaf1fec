import type { FieldDef } from '@wb/contracts/resource';
import type { ResourceTransport } from './host';

/** An item of a dictionary as `dictionary?code=` answers it. */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  /** the English label, '' when none was given */
  dictValueEn?: string;
  sort: number;
  remark: string;
  isSealed: number;
}

type DictRef = NonNullable<FieldDef['dict']>;

/**
 * Dictionaries change rarely and many fields read the same one (the user form
 * alone reads three), so the items are shared by every page: one call per code
 * until a dictionary page writes (it calls invalidateDictionaries) or five
 * minutes pass (another user may have edited it).
 */
export const DICTIONARY_TTL_MS = 5 * 60_000;

interface Entry {
  at: number;
  items: Promise<DictItem[]>;
}

// Per transport: each host reaches its own server, and a test's fake transport starts empty.
let caches = new WeakMap<ResourceTransport, Map<string, Entry>>();
let generation = 0;
const listeners = new Set<() => void>();

export const dictionaryPath = (dict: DictRef): string => `/us-system/${dict.biz ? 'dict-biz' : 'dict'}/dictionary`;

/** The items of one dictionary, from the cache when it holds a fresh answer. */
export function dictionaryItems(transport: ResourceTransport, dict: DictRef, now = Date.now()): Promise<DictItem[]> {
  let cache = caches.get(transport);
  if (!cache) {
    cache = new Map();
    caches.set(transport, cache);
  }
  const key = `${dict.biz ? 'biz' : 'system'}:${dict.code}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < DICTIONARY_TTL_MS) return hit.items;
  const items = transport.get<DictItem[] | null>(dictionaryPath(dict), { code: dict.code }).then((list) => list ?? []);
  const entry = { at: now, items };
  cache.set(key, entry);
  // A failure is not kept: the next reader asks again.
  items.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return items;
}

/** Drops every cached dictionary and tells mounted fields to read theirs again. */
export function invalidateDictionaries(): void {
  caches = new WeakMap();
  generation++;
  for (const listener of [...listeners]) listener();
}

/** For useSyncExternalStore: a number that changes on every invalidation. */
export function dictionaryGeneration(): number {
  return generation;
}

export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
