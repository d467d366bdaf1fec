import type { MenuNode } from '@wb/contracts/menu';
import { getStore, setStore } from '../../shared/storage';
import { MENU_USE_STORE_PREFIX } from '../../shared/storage-names';
import { useSession } from '../../shared/session-store';

/** A menu page the user opened: enough to show it and open it again. */
export interface MenuUse {
  id: string;
  name: string;
  /** the menu's code, for its translated name */
  code: string;
  path: string;
  /** the menu's icon name (its `source`) */
  icon?: string;
  count: number;
  last: number;
}

/** how many menus are remembered per user: enough to rank, small enough to store */
const KEPT = 40;

const storeName = () => {
  const s = useSession.getState();
  return s.userInfo?.user_id ? `${MENU_USE_STORE_PREFIX}${s.tenantId ?? ''}-${s.userInfo.user_id}` : undefined;
};

/** Counts an opening of a menu's page (the layout calls it when a page with a menu is opened). */
export function recordMenuUse(menu: MenuNode, path: string, now = Date.now()): void {
  const name = storeName();
  if (!name || !menu.id) return;
  const uses = getStore<MenuUse[]>(name) ?? [];
  const found = uses.find((u) => u.id === String(menu.id));
  if (found) Object.assign(found, { count: found.count + 1, last: now, name: menu.name, path });
  else uses.push({ id: String(menu.id), name: menu.name, code: menu.code, path, icon: menu.source || undefined, count: 1, last: now });
  setStore(name, rankMenuUses(uses).slice(0, KEPT));
}

/** Most opened first; of two opened as often, the latest. */
export const rankMenuUses = (uses: MenuUse[]): MenuUse[] => [...uses].sort((a, b) => b.count - a.count || b.last - a.last);

/** The user's most opened menu pages. */
export function topMenuUses(n: number): MenuUse[] {
  const name = storeName();
  return name ? rankMenuUses(getStore<MenuUse[]>(name) ?? []).slice(0, n) : [];
}
