import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu paths that have a page in the shell. Each page is its own chunk; admin
 * pages carry ProComponents, which no other chunk may load.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  '/system/param': lazy(() => import('../admin/param-page')),
};
