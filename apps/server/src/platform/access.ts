import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import type { Db } from '../db/client';
import { apiScope, dataScope, menu, param, role, roleMenu, roleScope, tenant, tenantPackage } from '../db/schema/index';
import type { Changes } from './changes';
import { FreshCache } from './fresh-cache';
import type { DataRule } from './scope';

export interface Grants {
  /** the role set and the generation of the grants: a key for caches built from them (menu trees) that changes with them */
  key: string;
  menuIds: Set<number>;
  codes: Set<string>;
  /** the data scopes granted (platform/scope.ts applies them) */
  dataRules: DataRule[];
  apiScopeIds: Set<number>;
  /**
   * The menus these roles may grant to others: a tenant administrator every menu of the tenant's
   * package (every menu without one), anyone else the menus they hold.
   */
  grantable: Set<number>;
}

/** A menu as the grant dialog and the package checks read it. */
export interface MenuEntry {
  id: number;
  parentId: number;
  name: string;
  code: string;
  path: string;
  source: string;
  category: number;
  sort: number;
}

/** The menu table held in memory: rows in display order, parents, ids by code. */
export interface MenuTable {
  rows: MenuEntry[];
  parents: Map<number, number>;
  byCode: Map<string, number>;
}

/** A protected API path: only roles granted one of the scopes covering a path may call it. */
export interface ApiRule {
  id: number;
  name: string;
  pattern: RegExp;
}

/** Scope categories in role_scope. */
export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

/** '/us-user/*' matches one segment, '/us-user/**' any number; everything else literally. */
export function scopePattern(path: string): RegExp {
  const body = path
    .trim()
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * What a set of roles may do: menu and button codes, data scopes and API scopes. The menus are
 * those the roles were granted, within the tenant's package (its menus and their ancestors; no
 * package: every menu) and, for a tenant administrator, without the menus the tenant's
 * `user_limited_menus` parameter names. Computed when asked, so a changed package or parameter
 * applies on the next request; cached per role set until any grant, menu, package or parameter
 * changes on any instance (platform/changes.ts), and at most TTL_MS.
 */
export class Access {
  static readonly TTL_MS = 10_000;
  private readonly cache: FreshCache<string, Grants>;
  private readonly api: FreshCache<'api', ApiRule[]>;
  private readonly menuTree: FreshCache<'menus', MenuTable>;
  /** counts the loads: grants computed apart get other keys (the menu trees cached per grants) */
  private loads = 0;

  constructor(
    private readonly db: Db,
    changes?: Changes,
  ) {
    const live = () => changes?.live ?? true;
    this.cache = new FreshCache('grants', Access.TTL_MS, live);
    this.api = new FreshCache('apiScopes', Access.TTL_MS, live);
    this.menuTree = new FreshCache('menuTable', Access.TTL_MS, live);
    for (const topic of ['grants', 'menus', 'params', 'tenants'] as const) changes?.on(topic, () => this.invalidate());
  }

  grants(roleIds: number[]): Promise<Grants> {
    const roles = [...roleIds].sort().join(',');
    return this.cache.get(roles, () => this.load(`${roles}#${++this.loads}`, roleIds));
  }

  private async load(key: string, roleIds: number[]): Promise<Grants> {
    if (!roleIds.length) return { key, menuIds: new Set(), codes: new Set(), dataRules: [], apiScopeIds: new Set(), grantable: new Set() };
    const roles = await this.db
      .select({ id: role.id, tenantId: role.tenantId, alias: role.roleAlias, packageMenus: tenantPackage.menuId, limited: param.paramValue })
      .from(role)
      .innerJoin(tenant, and(eq(tenant.tenantId, role.tenantId), eq(tenant.isDeleted, 0)))
      .leftJoin(tenantPackage, and(eq(tenantPackage.id, tenant.packageId), eq(tenantPackage.isDeleted, 0)))
      .leftJoin(param, and(eq(param.tenantId, role.tenantId), eq(param.paramKey, 'user_limited_menus'), eq(param.isDeleted, 0)))
      .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0)));
    const live = roles.map((r) => r.id);
    if (!live.length) return { key, menuIds: new Set(), codes: new Set(), dataRules: [], apiScopeIds: new Set(), grantable: new Set() };
    const [menus, scopes] = await Promise.all([
      this.db
        .selectDistinct({ id: menu.id, code: menu.code })
        .from(roleMenu)
        .innerJoin(menu, eq(menu.id, roleMenu.menuId))
        .where(and(inArray(roleMenu.roleId, live), eq(menu.isDeleted, 0))),
      this.db.selectDistinct({ category: roleScope.scopeCategory, id: roleScope.scopeId }).from(roleScope).where(inArray(roleScope.roleId, live)),
    ]);
    const tree = await this.tree();
    // roles of one token belong to one tenant: the first row's package and parameter are the tenant's
    const allowed = roles[0].packageMenus === null ? undefined : this.withAncestors(tree.parents, ids(roles[0].packageMenus));
    const isAdmin = roles.some((r) => r.alias === ADMIN_ROLE_ALIAS);
    const withheld = isAdmin ? this.limitedMenus(tree, roles[0].limited) : new Set<number>();
    const granted = menus.filter((m) => (!allowed || allowed.has(m.id)) && !withheld.has(m.id));
    const dataIds = scopes.filter((s) => s.category === SCOPE_DATA).map((s) => s.id);
    const dataRules = dataIds.length
      ? await this.db
          .select({ resourceCode: dataScope.resourceCode, scopeType: dataScope.scopeType, scopeColumn: dataScope.scopeColumn, scopeValue: dataScope.scopeValue })
          .from(dataScope)
          .where(and(inArray(dataScope.id, dataIds), eq(dataScope.isDeleted, 0)))
      : [];
    const menuIds = new Set(granted.map((m) => m.id));
    return {
      key,
      menuIds,
      grantable: isAdmin ? (allowed ?? new Set(tree.parents.keys())) : menuIds,
      codes: new Set(granted.map((m) => m.code)),
      dataRules,
      apiScopeIds: new Set(scopes.filter((s) => s.category === SCOPE_API).map((s) => s.id)),
    };
  }

  /**
   * Every live menu in display order, with each one's parent and the ids by code: packages name
   * buttons without their menus, and the grant dialog draws the whole table (2,000 rows cost
   * more to read than to keep).
   */
  tree(): Promise<MenuTable> {
    return this.menuTree.get('menus', async () => {
      const rows = await this.db
        .select({ id: menu.id, parentId: menu.parentId, name: menu.name, code: menu.code, path: menu.path, source: menu.source, category: menu.category, sort: menu.sort })
        .from(menu)
        .where(eq(menu.isDeleted, 0))
        .orderBy(asc(menu.sort), asc(menu.id));
      return { rows, parents: new Map(rows.map((r) => [r.id, r.parentId])), byCode: new Map(rows.map((r) => [r.code, r.id])) };
    });
  }

  /** The menus of a package (or of a grant) with every ancestor: a tree node shows only under its parent. */
  withAncestors(parents: Map<number, number>, menuIds: number[]): Set<number> {
    const out = new Set<number>();
    for (let id of menuIds) {
      while (id && parents.has(id) && !out.has(id)) {
        out.add(id);
        id = parents.get(id)!;
      }
    }
    return out;
  }

  /** The menus `user_limited_menus` names (a JSON array of menu codes or ids) with everything below them. */
  private limitedMenus(tree: MenuTable, json: string | null): Set<number> {
    let named: unknown;
    try {
      named = JSON.parse(json || '[]');
    } catch {
      return new Set();
    }
    if (!Array.isArray(named)) return new Set();
    const roots = new Set(named.map((n) => tree.byCode.get(String(n)) ?? Number(n)).filter((n) => Number.isSafeInteger(n)));
    const out = new Set<number>();
    for (const id of tree.parents.keys()) {
      for (let at: number | undefined = id; at; at = tree.parents.get(at)) {
        if (roots.has(at)) {
          out.add(id);
          break;
        }
      }
    }
    return out;
  }

  /** Every API scope: the paths they cover are protected (platform/permissions.ts). */
  apiRules(): Promise<ApiRule[]> {
    return this.api.get('api', async () => {
      const rows = await this.db.select({ id: apiScope.id, name: apiScope.scopeName, path: apiScope.scopePath }).from(apiScope).where(eq(apiScope.isDeleted, 0));
      return rows.map((r) => ({ id: r.id, name: r.name, pattern: scopePattern(r.path) }));
    });
  }

  invalidate(): void {
    this.cache.clear();
    this.api.clear();
    this.menuTree.clear();
  }
}

/**
 * The projects a user's roles let them pick (roles v2: a role's `projectId`); undefined when any
 * of the roles names none, which means every project of the tenant.
 */
export async function projectsOfRoles(db: Db, roleIds: number[]): Promise<Set<number> | undefined> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .select({ projectId: role.projectId })
    .from(role)
    .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0)));
  if (!rows.length || rows.some((r) => !r.projectId)) return undefined;
  return new Set(rows.flatMap((r) => r.projectId.split(',').map(Number)));
}

const ids = (list: string | null) =>
  (list ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
