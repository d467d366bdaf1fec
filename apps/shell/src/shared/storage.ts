/**
 * The stored-value wrapper: every value is kept as
 * `{dataType, content, type, datetime}` under a prefixed key, in localStorage or,
 * for `type: 'session'`, in sessionStorage.
 */
export type StoreArea = 'local' | 'session';

export interface StoredValue<T = unknown> {
  dataType: string;
  content: T;
  type: StoreArea | undefined;
  datetime: number;
}

export const STORAGE_PREFIX = 'saber-';
export const STORAGE_VERSION = 'v2';
/** Plain (unwrapped) key: it must survive every clear and be readable without parsing. */
export const VERSION_KEY = `${STORAGE_PREFIX}storage-version`;

/** The key a wrapped name is stored under. */
export const keyOf = (name: string) => `${STORAGE_PREFIX}${name}`;
const areaOf = (type: StoreArea | undefined): Storage => (type === 'session' ? window.sessionStorage : window.localStorage);

export function setStore<T>(name: string, content: T, type?: StoreArea): void {
  const value: StoredValue<T> = { dataType: typeof content, content, type, datetime: Date.now() };
  areaOf(type).setItem(keyOf(name), JSON.stringify(value));
}

/** Reads the whole wrapper; without `type` the session area wins over the local one. */
export function getStoredValue<T>(name: string, type?: StoreArea): StoredValue<T> | undefined {
  const raw = type ? areaOf(type).getItem(keyOf(name)) : (window.sessionStorage.getItem(keyOf(name)) ?? window.localStorage.getItem(keyOf(name)));
  if (raw == null) return undefined;
  try {
    const parsed = JSON.parse(raw) as StoredValue<T>;
    return parsed && typeof parsed === 'object' && 'content' in parsed ? parsed : undefined;
  } catch {
    // A value written by something else under our prefix is treated as absent.
    return undefined;
  }
}

export function getStore<T>(name: string, type?: StoreArea): T | undefined {
  return getStoredValue<T>(name, type)?.content;
}

export function removeStore(name: string, type?: StoreArea): void {
  areaOf(type).removeItem(keyOf(name));
}

/**
 * Clears both areas except the version marker, the given wrapped names (e.g. the
 * locale), every wrapped name starting with one of `keepPrefixes` and every plain key
 * (not wrapped: another module's) starting with one of `keepKeyPrefixes`.
 */
export function clearStorage(keepNames: string[] = [], keepPrefixes: string[] = [], keepKeyPrefixes: string[] = []): void {
  const keep = new Set([VERSION_KEY, ...keepNames.map(keyOf)]);
  const prefixes = [...keepPrefixes.map(keyOf), ...keepKeyPrefixes];
  const kept = (key: string) => keep.has(key) || prefixes.some((prefix) => key.startsWith(prefix));
  for (const area of [window.localStorage, window.sessionStorage]) {
    const saved: [string, string][] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key !== null && kept(key)) saved.push([key, area.getItem(key) ?? '']);
    }
    area.clear();
    for (const [k, v] of saved) area.setItem(k, v);
  }
}

/**
 * Values written by older releases may not fit today's shapes; a local store
 * without the marker is cleared once, then marked. Returns true when it cleared.
 */
export function ensureStorageVersion(): boolean {
  if (window.localStorage.getItem(VERSION_KEY) === STORAGE_VERSION) return false;
  window.localStorage.clear();
  window.localStorage.setItem(VERSION_KEY, STORAGE_VERSION);
  return true;
}
