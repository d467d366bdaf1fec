import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE_ALIAS, DEFAULT_TENANT_ID } from '@wb/contracts/constants';
import type { Db } from '../../db/client';
import { dept, dictBiz, flowDefinition, flowDeployment, menu, param, role, roleMenu, subApp, tenantPackage, topMenu, topMenuSetting, user } from '../../db/schema/index';
import { hashPassword } from '../../platform/passwords';

/** The tenant administrator's first password when the default tenant sets none. */
export const FALLBACK_TENANT_PASSWORD = 'Init1234';

/** A value of the default tenant's parameters (the template every new tenant starts from). */
export async function templateParam(db: Db, key: string): Promise<string | undefined> {
  const [p] = await db
    .select({ v: param.paramValue })
    .from(param)
    .where(and(eq(param.tenantId, DEFAULT_TENANT_ID), eq(param.paramKey, key), eq(param.isDeleted, 0)))
    .limit(1);
  return p?.v || undefined;
}

/**
 * What a new tenant starts with, written in the tenant's own transaction: its root department,
 * the roles 超级管理员 (administrator) and 用户 (user), the account `admin` with the initial password
 * (`tenant.default.password` of the default tenant, else `account.initPassword`), the
 * administrators granted every menu the package allows (every menu without a package), and copies
 * of the default tenant's parameters, top menus, sub-app registry, business dictionaries and processes.
 */
export async function setUpTenant(tx: Db, t: { tenantId: string; tenantName: string; packageId: number | null }, operator: number): Promise<void> {
  const audit = { createUser: operator, updateUser: operator };
  const [root] = await tx
    .insert(dept)
    .values({ tenantId: t.tenantId, deptName: t.tenantName, fullName: t.tenantName, deptCategory: 1, sort: 1, ...audit })
    .returning({ id: dept.id });
  const [admin] = await tx
    .insert(role)
    .values({ tenantId: t.tenantId, roleName: '超级管理员', roleAlias: ADMIN_ROLE_ALIAS, sort: 1, ...audit })
    .returning({ id: role.id });
  await tx.insert(role).values({ tenantId: t.tenantId, roleName: '用户', roleAlias: 'user', sort: 2, ...audit });

  const password = (await templateParam(tx, 'tenant.default.password')) ?? (await templateParam(tx, 'account.initPassword')) ?? FALLBACK_TENANT_PASSWORD;
  await tx.insert(user).values({
    tenantId: t.tenantId,
    account: 'admin',
    password: await hashPassword(password),
    name: '管理员',
    realName: '管理员',
    roleId: String(admin.id),
    deptId: String(root.id),
    ...audit,
  });

  const menus = await tx.select({ id: menu.id, parentId: menu.parentId }).from(menu).where(eq(menu.isDeleted, 0));
  let granted = menus.map((m) => m.id);
  if (t.packageId) {
    const [pkg] = await tx.select({ menuId: tenantPackage.menuId }).from(tenantPackage).where(eq(tenantPackage.id, t.packageId));
    const parents = new Map(menus.map((m) => [m.id, m.parentId]));
    const chosen = new Set<number>();
    for (let id of (pkg?.menuId ?? '').split(',').map(Number)) {
      while (id && parents.has(id) && !chosen.has(id)) {
        chosen.add(id);
        id = parents.get(id)!;
      }
    }
    granted = [...chosen];
  }
  if (granted.length) await tx.insert(roleMenu).values(granted.map((menuId) => ({ roleId: admin.id, menuId })));

  // the default tenant is the template: its parameters, top menus, sub-apps and business dictionaries
  const of = <T extends { tenantId: unknown; isDeleted: unknown }>(table: T) => and(eq(table.tenantId as never, DEFAULT_TENANT_ID), eq(table.isDeleted as never, 0));
  const params = await tx.select().from(param).where(of(param));
  if (params.length) await tx.insert(param).values(params.map(({ id: _, ...p }) => ({ ...p, tenantId: t.tenantId, ...audit })));
  const tops = await tx.select().from(topMenu).where(of(topMenu)).orderBy(asc(topMenu.sort));
  const settings = tops.length
    ? await tx
        .select()
        .from(topMenuSetting)
        .where(
          inArray(
            topMenuSetting.topMenuId,
            tops.map((x) => x.id),
          ),
        )
    : [];
  const allowed = new Set(granted);
  for (const { id, ...top } of tops) {
    const [copy] = await tx
      .insert(topMenu)
      .values({ ...top, tenantId: t.tenantId, ...audit })
      .returning({ id: topMenu.id });
    const mine = settings.filter((s) => s.topMenuId === id && allowed.has(s.menuId));
    if (mine.length) await tx.insert(topMenuSetting).values(mine.map((s) => ({ topMenuId: copy.id, menuId: s.menuId })));
  }
  const apps = await tx.select().from(subApp).where(of(subApp));
  if (apps.length) await tx.insert(subApp).values(apps.map(({ id: _, ...a }) => ({ ...a, tenantId: t.tenantId, ...audit })));
  // business dictionaries: parents first, their items under the new parents
  const dicts = await tx.select().from(dictBiz).where(of(dictBiz));
  for (const parent of dicts.filter((d) => d.parentId === 0)) {
    const { id, ...p } = parent;
    const [copy] = await tx
      .insert(dictBiz)
      .values({ ...p, tenantId: t.tenantId })
      .returning({ id: dictBiz.id });
    const items = dicts.filter((d) => d.parentId === id);
    if (items.length) await tx.insert(dictBiz).values(items.map(({ id: _, ...d }) => ({ ...d, parentId: copy.id, tenantId: t.tenantId })));
  }
  // the processes of the default tenant (their latest versions, the leave process among them), as version 1
  const definitions = await tx
    .select()
    .from(flowDefinition)
    .where(and(eq(flowDefinition.tenantId, DEFAULT_TENANT_ID), eq(flowDefinition.deleted, false)))
    .orderBy(desc(flowDefinition.version));
  const latest = definitions.filter((d, i) => definitions.findIndex((x) => x.processKey === d.processKey) === i);
  if (latest.length) {
    const [deployment] = await tx
      .insert(flowDeployment)
      .values({
        tenantId: t.tenantId,
        name: latest
          .map((d) => d.name)
          .join(', ')
          .slice(0, 255),
        createUser: operator,
      })
      .returning({ id: flowDeployment.id });
    await tx
      .insert(flowDefinition)
      .values(latest.map(({ id: _, createTime: _t, ...d }) => ({ ...d, tenantId: t.tenantId, deploymentId: deployment.id, version: 1, suspensionState: 1 })));
  }
}
