import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const dictPage = (name: 'SystemDictPage' | 'BizDictPage' | 'DictHorizontalPage' | 'DictVerticalPage'): Page =>
  lazy(() => import('../admin/dict-page').then((m) => ({ default: m[name] })));

/**
 * Pages of the shell at paths no menu holds: the router mounts them like
 * /info/index (the system dictionary in its two layouts, the self-check).
 */
export const fixedPages: Record<string, Page> = {
  '/test/index': lazy(() => import('./pages/self-check-page')),
  '/dict-horizontal/index': dictPage('DictHorizontalPage'),
  '/dict-vertical/index': dictPage('DictVerticalPage'),
};

/**
 * Menu paths with a page of the shell's own. Each page is its own chunk; admin
 * pages carry ProComponents, which no other chunk may load. A menu path not
 * listed here shows the generic page of the resource whose `page.path` it is
 * (admin/catalogue-page.tsx), else the virtual page.
 */
export const pageRegistry: Record<string, Page> = {
  '/system/user': lazy(() => import('../admin/user-page')),
  '/authority/role': lazy(() => import('../admin/role-page')),
  '/system/topmenu': lazy(() => import('../admin/top-menu-page')),
  '/system/version': lazy(() => import('../admin/version-page')),
  '/system/dict': dictPage('SystemDictPage'),
  '/system/dictbiz': dictPage('BizDictPage'),
  ...fixedPages,
};
