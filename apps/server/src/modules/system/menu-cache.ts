import { and, asc, eq } from 'drizzle-orm';
import { FAMILY_BUTTON_CODES, type MenuNode, type TopMenu } from '@wb/contracts/menu';
import type { Db } from '../../db/client';
import type { Grants } from '../../platform/access';
import { menu, subApp, topMenu, topMenuSetting } from '../../db/schema/index';
import { idStr, ok } from '../../platform/envelope';
import { FreshCache } from '../../platform/fresh-cache';
import { deployedApps } from './menu-visibility';

type MenuRow = typeof menu.$inferSelect;

interface Snapshot {
  menus: MenuRow[];
  byParent: Map<number, MenuRow[]>;
  topMenus: Map<string, (typeof topMenu.$inferSelect)[]>;
  /** top menu id → ids of the menu roots it shows */
  roots: Map<number, number[]>;
  /** tenant → the sub-apps (serviceName) whose menus lead somewhere (menu-visibility.ts) */
  deployed: Map<string, Set<string>>;
  /** trees already built and serialised (as the envelope) from this snapshot, per tenant, role set, top menu, category and visibility */
  trees: Map<string, string | null>;
}

/** `all`: every granted menu; otherwise the menus of sub-apps not deployed are left out. */
export interface MenuView {
  allSubApps: boolean;
}

/**
 * The whole menu table is small and read on every page load, so it is held in memory
 * (platform/fresh-cache.ts: forgotten when a change is heard, never kept from a load a change
 * overtook) and read again when older than TTL_MS.
 */
export class MenuCache {
  static readonly TTL_MS = 10_000;
  private readonly snap: FreshCache<'menus', Snapshot>;
  /** `published`: whether a sub-app address is served (a /subapps/ path this server has not found built is not) */
  constructor(
    private readonly db: Db,
    private readonly published: (host: string) => boolean = () => true,
    live?: () => boolean,
  ) {
    this.snap = new FreshCache('menus', MenuCache.TTL_MS, live);
  }

  invalidate(): void {
    this.snap.clear();
  }

  private snapshot(): Promise<Snapshot> {
    return this.snap.get('menus', () => this.load());
  }

  private async load(): Promise<Snapshot> {
    const menus = await this.db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort), asc(menu.id));
    const byParent = new Map<number, MenuRow[]>();
    for (const m of menus) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
    const tops = await this.db
      .select()
      .from(topMenu)
      .where(and(eq(topMenu.isDeleted, 0), eq(topMenu.status, 1)))
      .orderBy(asc(topMenu.sort), asc(topMenu.id));
    const topMenus = new Map<string, (typeof topMenu.$inferSelect)[]>();
    for (const t of tops) topMenus.set(t.tenantId, [...(topMenus.get(t.tenantId) ?? []), t]);
    const roots = new Map<number, number[]>();
    for (const s of await this.db.select().from(topMenuSetting)) roots.set(s.topMenuId, [...(roots.get(s.topMenuId) ?? []), s.menuId]);
    const apps = await this.db
      .select({ tenantId: subApp.tenantId, serviceName: subApp.serviceName, host: subApp.host, status: subApp.status, isDeleted: subApp.isDeleted })
      .from(subApp);
    return { menus, byParent, topMenus, roots, deployed: deployedApps(apps, this.published), trees: new Map() };
  }

  /** The granted menus less those of the tenant's sub-apps that lead nowhere (unless the view shows them all). */
  private visibleOf(s: Snapshot, tenantId: string, granted: Set<number>, view: MenuView): Set<number> {
    if (view.allSubApps) return granted;
    const deployed = s.deployed.get(tenantId) ?? new Set<string>();
    const hidden = s.menus.filter((m) => m.serviceName && !deployed.has(m.serviceName)).map((m) => m.id);
    if (!hidden.length) return granted;
    const out = new Set(granted);
    for (const id of hidden) out.delete(id);
    return out;
  }

  /** Top menus of a tenant that hold at least one menu the user may see. */
  async topMenus(tenantId: string, granted: Set<number>, view: MenuView = { allSubApps: true }): Promise<TopMenu[]> {
    const s = await this.snapshot();
    const visible = this.visibleOf(s, tenantId, granted, view);
    return (s.topMenus.get(tenantId) ?? [])
      .filter((t) => (s.roots.get(t.id) ?? []).some((id) => visible.has(id)))
      .map((t) => ({ id: idStr(t.id), tenantId: t.tenantId, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort, serviceName: t.serviceName }));
  }

  /**
   * The granted menu tree under a top menu (all granted menus without one), as the
   * serialised envelope: every page load asks for it and it only changes with the menus.
   * `category` 1 gives the routes; undefined gives menus and buttons (the permission tree).
   */
  async tree(tenantId: string, grants: Grants, opts: { topMenuId?: number; category?: number }, view: MenuView = { allSubApps: true }): Promise<string | null> {
    const s = await this.snapshot();
    const key = `${tenantId}|${grants.key}|${opts.topMenuId ?? ''}|${opts.category ?? ''}|${view.allSubApps ? 'all' : 'deployed'}`;
    if (!s.trees.has(key)) {
      const nodes = this.build(s, tenantId, this.visibleOf(s, tenantId, grants.menuIds, view), opts);
      // the permission tree carries the family's codes of our buttons too
      s.trees.set(key, nodes && JSON.stringify(ok(opts.category === undefined ? withFamilyCodes(nodes) : nodes)));
    }
    return s.trees.get(key)!;
  }

  private build(s: Snapshot, tenantId: string, granted: Set<number>, opts: { topMenuId?: number; category?: number }): MenuNode[] | null {
    let rootIds: number[];
    if (opts.topMenuId === undefined) rootIds = (s.byParent.get(0) ?? []).map((m) => m.id);
    else {
      const top = (s.topMenus.get(tenantId) ?? []).find((t) => t.id === opts.topMenuId);
      if (!top) return null;
      rootIds = s.roots.get(top.id) ?? [];
    }
    const byId = new Map(s.menus.map((m) => [m.id, m]));
    const build = (m: MenuRow): MenuNode => {
      const children = (s.byParent.get(m.id) ?? []).filter((c) => granted.has(c.id) && (!opts.category || c.category === opts.category)).map(build);
      return {
        id: idStr(m.id),
        parentId: idStr(m.parentId),
        code: m.code,
        name: m.name,
        alias: m.alias,
        path: m.path,
        source: m.source,
        sort: m.sort,
        category: m.category,
        action: m.action,
        isOpen: m.isOpen,
        remark: m.remark,
        serviceName: m.serviceName,
        isBlank: m.isBlank,
        enableGray: m.enableGray,
        grayPath: m.grayPath,
        query: m.query,
        topMenuIds: opts.topMenuId ? String(opts.topMenuId) : '',
        meta: { i18n: m.code, isTab: m.isTab, keepAlive: m.keepAlive, serviceName: m.serviceName },
        // a leaf has no children key: clients of the family collect button codes from such nodes
        ...(children.length ? { children } : {}),
        hasChildren: children.length > 0,
      };
    };
    return rootIds
      .map((id) => byId.get(id))
      .filter((m): m is MenuRow => !!m && granted.has(m.id) && (!opts.category || m.category === opts.category))
      .sort((a, b) => a.sort - b.sort)
      .map(build);
  }
}

/** Each button that the family knows by another code is answered a second time under that code (FAMILY_BUTTON_CODES). */
function withFamilyCodes(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => {
    const family = FAMILY_BUTTON_CODES[node.code];
    const self = node.children ? { ...node, children: withFamilyCodes(node.children) } : node;
    return family ? [self, { ...node, code: family }] : [self];
  });
}
