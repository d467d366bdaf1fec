import { routerBasename } from './base-path';
import { appLocation } from './wujie';

/** The router's basename for where this copy of the app was loaded. */
export function base(): string {
  return routerBasename(appLocation().pathname, import.meta.env.BASE_URL);
}
