/** Where the production build is published (vite.config.ts BASE without the slash). */
export const PUBLISHED_BASE = '/subapps/coredata';

/**
 * The router's basename: the prefix the app was loaded under. The build is
 * served under /subapps/coredata/; the dev server answers at / and, through
 * its fallback, under /subapps/coredata/ as well.
 */
export function routerBasename(pathname: string, baseUrl: string): string {
  const candidates = [baseUrl.replace(/\/+$/, ''), PUBLISHED_BASE].filter((b) => b && b !== '/');
  for (const base of candidates) {
    if (pathname === base || pathname.startsWith(`${base}/`)) return base;
  }
  return '';
}
