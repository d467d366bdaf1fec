/** The wujie binding, loaded on first need: neither the entry nor the login route carries wujie. */
export type Host = typeof import('./wujie-host');

let loading: Promise<Host> | undefined;
let loaded: Host | undefined;

export function loadHost(): Promise<Host> {
  loading ??= import('./wujie-host').then(
    (host) => (loaded = host),
    (error: unknown) => {
      // A chunk that did not arrive may arrive on the next try.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The binding if it is loaded already (no await on the hot path of a tab switch). */
export function loadedHost(): Host | undefined {
  return loaded;
}
