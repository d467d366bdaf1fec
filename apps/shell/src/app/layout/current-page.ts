import type { MenuNode } from '@wb/contracts/menu';
import { FIRST_PAGE } from '@wb/contracts/constants';
import type { Tab } from '../../shared/session-store';
import { IFRAME_ROUTE, findMenuInRoutes, flattenMenus, normalizePath } from '../../features/menu/menu-resolution';
import { menuLabelKey } from '../../features/menu/menu-label';
import { leaveTabOf } from '../../features/flow/process-paths';
import { HOME_TAB } from './tab-rules';

/** Pages of the shell itself, each with its tab label. */
const SHELL_PAGES: Record<string, { label: string; labelKey: string }> = {
  '/info/index': { label: '个人信息', labelKey: 'menu.personalInfo' },
  '/logs': { label: '错误日志', labelKey: 'menu.errorLog' },
  '/dict-horizontal/index': { label: '字典管理', labelKey: 'menu.dictHorizontal' },
  '/dict-vertical/index': { label: '字典管理', labelKey: 'menu.dictVertical' },
  '/test/index': { label: '系统自检', labelKey: 'menu.selfCheck' },
  '/updateAnnouncement': { label: '更新公告', labelKey: 'menu.updateAnnouncement' },
};

/** What the current address is, for its tab and the page title. */
export interface CurrentPage {
  tab: Tab;
  /** false for menu entries flagged meta.isTab === false */
  isTab: boolean;
  menu?: MenuNode;
}

/** The deepest menu whose path holds `path`, within the sub-app mounted at `prefix`. */
function menuHolding(routesByTop: Record<string, MenuNode[] | undefined>, path: string, prefix: string): MenuNode | undefined {
  let best: { node: MenuNode; length: number } | undefined;
  for (const routes of Object.values(routesByTop)) {
    for (const { node } of flattenMenus(routes ?? [])) {
      const p = normalizePath(node.path ?? '');
      const holds = p === prefix || p.startsWith(`${prefix}/`) ? path.startsWith(`${p}/`) : false;
      if (holds && (!best || p.length > best.length)) best = { node, length: p.length };
    }
  }
  return best?.node;
}

/**
 * `appPrefix`: the mount prefix of the sub-app the path belongs to. A route of the app
 * that no menu names (it went there by itself) stays in the tab of the deepest menu
 * holding it, which remembers the route.
 */
export function describePage(pathname: string, search: string, routesByTop: Record<string, MenuNode[] | undefined>, appPrefix?: string): CurrentPage | undefined {
  const path = normalizePath(pathname);
  if (path === FIRST_PAGE) return { tab: HOME_TAB, isTab: true };
  if (path === '/wel/dashboard') {
    return { tab: { label: '控制台', labelKey: 'menu.dashboard', value: path, query: '', closable: true }, isTab: true };
  }
  const shellPage = SHELL_PAGES[path];
  if (shellPage) return { tab: { label: shellPage.label, labelKey: shellPage.labelKey, value: path, query: '', closable: true }, isTab: true };
  // the flow's process pages: a tab each (one request's form, one task, one detail)
  const processPage = leaveTabOf(path);
  if (processPage) return { tab: { ...processPage, value: path, query: search, closable: true }, isTab: true };
  if (path.startsWith('/myiframe')) {
    const params = new URLSearchParams(search);
    const label = params.get('name') || params.get('src') || IFRAME_ROUTE;
    return { tab: { label, value: path, query: search, closable: true }, isTab: true };
  }
  const exact = findMenuInRoutes(routesByTop, path);
  const menu = exact ?? (appPrefix ? menuHolding(routesByTop, path, appPrefix) : undefined);
  if (!menu) return undefined;
  const place = exact ? { value: path, query: search } : { value: normalizePath(menu.path ?? ''), query: '', route: `${path}${search}` };
  return {
    tab: { label: menu.name, ...(menu.code ? { labelKey: menuLabelKey(menu.code) } : {}), ...place, closable: true },
    isTab: menu.meta?.isTab !== false,
    menu,
  };
}

/**
 * The tab an address belongs to. An open tab that was left at this very address is it
 * (a tab chosen, a reload, back and forward); a sub-app's own move stays in the tab it
 * happened in, when that tab is the same app's; otherwise the page's own tab.
 */
export function tabOfAddress(page: CurrentPage | undefined, address: string, tabs: Tab[], previous: Tab | undefined, appMove: boolean, appPrefix: string | undefined): Tab | undefined {
  const left = tabs.find((tab) => tab.route === address);
  if (left) return left;
  const sameApp = !!appPrefix && !!previous && (previous.value === appPrefix || previous.value.startsWith(`${appPrefix}/`));
  if (appMove && sameApp && page?.isTab) return { ...previous, route: `${previous.value}${previous.query}` === address ? undefined : address };
  return page?.isTab ? page.tab : undefined;
}
