import type { MenuNode } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import type { Tab } from '../../shared/session-store';
import { IFRAME_ROUTE, findMenuInRoutes, normalizePath } from '../../features/menu/menu-resolution';
import { menuLabelKey } from '../../features/menu/menu-label';
import { HOME_TAB } from './tab-rules';

/** Pages of the shell itself, each with its tab label. */
const SHELL_PAGES: Record<string, { label: string; labelKey: string }> = {
  '/info/index': { label: '个人信息', labelKey: 'menu.personalInfo' },
  '/logs': { label: '错误日志', labelKey: 'menu.errorLog' },
  '/dict-horizontal/index': { label: '字典管理', labelKey: 'menu.dictHorizontal' },
  '/dict-vertical/index': { label: '字典管理', labelKey: 'menu.dictVertical' },
};

/** What the current address is, for its tab and the page title. */
export interface CurrentPage {
  tab: Tab;
  /** false for menu entries flagged meta.isTab === false */
  isTab: boolean;
  menu?: MenuNode;
}

export function describePage(pathname: string, search: string, routesByTop: Record<string, MenuNode[] | undefined>): CurrentPage | undefined {
  const path = normalizePath(pathname);
  if (path === FIRST_PAGE) return { tab: HOME_TAB, isTab: true };
  if (path === '/wel/dashboard') {
    return { tab: { label: '控制台', labelKey: 'menu.dashboard', value: path, query: '', closable: true }, isTab: true };
  }
  const shellPage = SHELL_PAGES[path];
  if (shellPage) return { tab: { label: shellPage.label, labelKey: shellPage.labelKey, value: path, query: '', closable: true }, isTab: true };
  if (path.startsWith('/myiframe')) {
    const params = new URLSearchParams(search);
    const label = params.get('name') || params.get('src') || IFRAME_ROUTE;
    return { tab: { label, value: path, query: search, closable: true }, isTab: true };
  }
  const menu = findMenuInRoutes(routesByTop, path);
  if (!menu) return undefined;
  return {
    tab: { label: menu.name, ...(menu.code ? { labelKey: menuLabelKey(menu.code) } : {}), value: path, query: search, closable: true },
    isTab: menu.meta?.isTab !== false,
    menu,
  };
}
