import type { MenuNode } from '@wb/contracts/menu';
import { flattenMenus, normalizePath } from '../../features/menu/menu-resolution';

/** Whether a menu is a group: it has pages (not only buttons) under it. */
export const isGroup = (node: MenuNode) => (node.children ?? []).some((child) => child.category !== 2);

/**
 * Where the shown menu is in its side menu: the groups above it and the page itself. A group whose
 * path is also the path of a page of its own (a sub-app's start page: 主数据 and 主数据首页 are both
 * '/coredata') stands for that page: the page is what is shown, under the group.
 */
export function menuTrail(menu: MenuNode, routes: MenuNode[]): { groups: MenuNode[]; page: MenuNode } | undefined {
  const flat = flattenMenus(routes);
  const entry = flat.find(({ node }) => node.id === menu.id);
  if (!entry) return undefined;
  if (isGroup(entry.node)) {
    const path = normalizePath(entry.node.path ?? '');
    const page = flat.find(({ node, trail }) => !isGroup(node) && normalizePath(node.path ?? '') === path && trail.some((group) => group.id === entry.node.id));
    if (page) return { groups: page.trail, page: page.node };
  }
  return { groups: entry.trail, page: entry.node };
}
