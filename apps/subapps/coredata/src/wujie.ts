import type { SubAppProps, WujieContext, WujieGlobals } from '@wb/contracts/subapp-protocol';

/**
 * wujie's globals, read where they are needed and never copied: a kept-alive
 * app is re-mounted with the same window, and the props hold getters.
 */
const globals = window as Window & WujieGlobals;

export function inWujie(): boolean {
  return globals.__POWERED_BY_WUJIE__ === true;
}

export function wujie(): WujieContext | undefined {
  return inWujie() ? globals.$wujie : undefined;
}

export function wujieProps(): Partial<SubAppProps> {
  return wujie()?.props ?? {};
}

/**
 * The app's own URL. In a Vite (ESM) app mounted by wujie `window.location` is
 * the host page's; wujie's proxy is the sub-app's. Read only: never assign
 * `location.href` (it would navigate the shell), use the router.
 */
export function appLocation(): Location {
  return wujie()?.location ?? window.location;
}

/** wujie's lifecycle hooks; `__WUJIE.mount()` runs the mount now if wujie asked for it before this module ran. */
export function registerLifecycle(mount: () => void, unmount: () => void): void {
  globals.__WUJIE_MOUNT = mount;
  globals.__WUJIE_UNMOUNT = unmount;
  globals.__WUJIE?.mount();
}
