import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { menu, roleMenu } from '../db/schema/index';

export interface Grants {
  /** the role set these grants belong to, usable as a cache key */
  key: string;
  menuIds: Set<number>;
  codes: Set<string>;
}

/**
 * Menu and button codes granted to a set of roles. Cached briefly per role set:
 * every guarded request needs them and they change only when an admin edits grants.
 */
export class Access {
  private readonly cache = new Map<string, { grants: Grants; at: number }>();
  static readonly TTL_MS = 10_000;
  constructor(private readonly db: Db) {}

  async grants(roleIds: number[]): Promise<Grants> {
    const key = [...roleIds].sort().join(',');
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < Access.TTL_MS) return hit.grants;
    const rows = roleIds.length
      ? await this.db
          .selectDistinct({ id: menu.id, code: menu.code })
          .from(roleMenu)
          .innerJoin(menu, eq(menu.id, roleMenu.menuId))
          .where(and(inArray(roleMenu.roleId, roleIds), eq(menu.isDeleted, 0)))
      : [];
    const grants = { key, menuIds: new Set(rows.map((r) => r.id)), codes: new Set(rows.map((r) => r.code)) };
    this.cache.set(key, { grants, at: Date.now() });
    return grants;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
