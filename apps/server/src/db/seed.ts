import { eq } from 'drizzle-orm';
import { SUBAPPS } from '@wb/contracts/subapps';
import { ADMIN_ROLE_ALIAS } from '@wb/contracts/constants';
import { FLOW_CODES } from '@wb/contracts/flow';
import type { Db } from './client';
import {
  deskNotice,
  flowDefinition,
  flowDeployment,
  businessSystemExt,
  city,
  client,
  company,
  dept,
  dict,
  dictBiz,
  menu,
  param,
  post,
  project,
  region,
  role,
  roleMenu,
  roleScope,
  tenantPackage,
  dataScope,
  apiScope,
  subApp,
  tenant,
  topMenu,
  topMenuSetting,
  user,
} from './schema/index';
import { dictionaryEn } from './seed-dict-en';
import { businessDictionaries, businessLinks, DEMO_PASSWORD, dictionaries, orgTree, params, projectLogos, regions, SUBAPP_HOSTS, tenants } from './seed-data';
import { BUTTON_VERBS, menuRow, type MenuSeed, topMenuSeeds } from './seed-menus';
import { MESSAGE_CENTER_CODE } from '@wb/contracts/message-center';
import { apiScopeSeeds, dataScopeSeeds } from './seed-scopes';
import { LEAVE_BPMN, LEAVE_PROCESS } from './seed-flow';
import { seedOperations } from './seed-mdm-operations';

/**
 * Pages of the platform itself, left out of the demo tenant's package. Regions and the system
 * dictionary stay in it: a tenant reads them, and only the default tenant writes them (`platform`).
 */
const PLATFORM_PAGES = ['menu', 'tenant', 'tenantpackage', 'client', 'datasource', 'datascope', 'apiscope', 'version', 'code', 'model'];

export const SHELL_CLIENT = { clientId: 'workbench', clientSecret: 'workbench_secret' };

export interface SeedOptions {
  tokenTtl: number;
  refreshTtl: number;
  /** hashes the demo password and the client secret; passed in so db/ does not depend on platform/ */
  hashPassword: (plain: string) => Promise<string>;
}

/**
 * Fills an empty database with the demo data; does nothing when the default
 * tenant already exists, so it is safe to run at every start.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<boolean> {
  const [existing] = await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.tenantId, '000000')).limit(1);
  if (existing) return false;
  const { hashPassword } = opts;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await tx.insert(client).values({
      clientId: SHELL_CLIENT.clientId,
      clientSecret: await hashPassword(SHELL_CLIENT.clientSecret),
      authorizedGrantTypes: 'password,refresh_token,captcha,social',
      accessTokenValidity: opts.tokenTtl,
      refreshTokenValidity: opts.refreshTtl,
    });

    // menus are shared by all tenants; remember each code's id for the grants below
    const menuIds = new Map<string, number>();
    const insertMenu = async (m: MenuSeed, parentId: number, sort: number): Promise<number> => {
      // a code names a grant: a second menu with the same code would lose its grants below
      if (menuIds.has(m.code)) throw new Error(`seed: duplicate menu code ${m.code}`);
      const [row] = await tx
        .insert(menu)
        .values(menuRow(m, parentId, sort))
        .returning({ id: menu.id });
      menuIds.set(m.code, row.id);
      if (m.buttons || m.extraButtons?.length) {
        for (const [i, [verb, label]] of (m.buttons ? BUTTON_VERBS : []).entries()) {
          const [b] = await tx
            .insert(menu)
            .values({ parentId: row.id, code: `${m.code}_${verb}`, name: label, path: `${m.path}/${verb}`, sort: i + 1, category: 2, action: 1 })
            .returning({ id: menu.id });
          menuIds.set(`${m.code}_${verb}`, b.id);
        }
        for (const [i, [code, label]] of (m.extraButtons ?? []).entries()) {
          const [b] = await tx
            .insert(menu)
            .values({ parentId: row.id, code, name: label, path: `${m.path}/${code}`, sort: BUTTON_VERBS.length + i + 1, category: 2, action: 1 })
            .returning({ id: menu.id });
          menuIds.set(code, b.id);
        }
      }
      for (const [i, c] of (m.children ?? []).entries()) await insertMenu(c, row.id, i + 1);
      return row.id;
    };
    const topMenuMenus: { code: string; ids: number[] }[] = [];
    for (const t of topMenuSeeds) {
      const ids: number[] = [];
      for (const [i, m] of t.menus.entries()) ids.push(await insertMenu(m, 0, i + 1));
      topMenuMenus.push({ code: t.code, ids });
    }
    const allMenuIds = [...menuIds.values()];
    const apiScopeIds = await seedScopes(tx as unknown as Db, menuIds);
    // the demo tenant's package: every menu but the platform's own pages (and their buttons)
    const platformIds = new Set(PLATFORM_PAGES.map((c) => menuIds.get(c)).filter((id): id is number => id !== undefined));
    const parentOf = new Map((await tx.select({ id: menu.id, parentId: menu.parentId }).from(menu)).map((m) => [m.id, m.parentId]));
    const packageMenuIds = allMenuIds.filter((id) => !platformIds.has(id) && !platformIds.has(parentOf.get(id)!));
    const [standard] = await tx
      .insert(tenantPackage)
      .values({ packageName: '标准版', menuId: packageMenuIds.join(','), remark: '除平台管理页面外的全部菜单' })
      .returning({ id: tenantPackage.id });

    for (const [ti, t] of tenants.entries()) {
      const packaged = t.tenantId !== '000000';
      await tx.insert(tenant).values({ ...t, accountNumber: -1, packageId: packaged ? standard.id : null });
      const [root] = await tx.insert(dept).values({ tenantId: t.tenantId, deptName: t.tenantName, fullName: t.tenantName, deptCategory: 1, sort: 1 }).returning({ id: dept.id });
      const [ops] = await tx
        .insert(dept)
        .values({ tenantId: t.tenantId, parentId: root.id, ancestors: `0,${root.id}`, deptName: '运营中心', fullName: `${t.tenantName}运营中心`, deptCategory: 2, sort: 2 })
        .returning({ id: dept.id });
      await tx.insert(post).values([
        { tenantId: t.tenantId, category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 },
        { tenantId: t.tenantId, category: 2, postCode: 'manager', postName: '运营经理', sort: 2 },
        { tenantId: t.tenantId, category: 3, postCode: 'operator', postName: '运营专员', sort: 3 },
      ]);
      const [admin] = await tx.insert(role).values({ tenantId: t.tenantId, roleName: '超级管理员', roleAlias: ADMIN_ROLE_ALIAS, sort: 1 }).returning({ id: role.id });
      const [plain] = await tx.insert(role).values({ tenantId: t.tenantId, roleName: '用户', roleAlias: 'user', sort: 2 }).returning({ id: role.id });
      await tx.insert(roleMenu).values((packaged ? packageMenuIds : allMenuIds).map((menuId) => ({ roleId: admin.id, menuId })));
      // the administrators may call every path an API scope protects; no data scope narrows what they see
      if (apiScopeIds.length) await tx.insert(roleScope).values(apiScopeIds.map((scopeId) => ({ roleId: admin.id, scopeCategory: 2, scopeId })));
      // the plain user sees the parameter list but holds none of its buttons
      // and, as every employee, starts and handles affairs (我的事务): the leave process
      const plainCodes = [
        'system_admin',
        'system',
        'param',
        MESSAGE_CENTER_CODE,
        'app_work',
        'work_home',
        'work_start',
        'work',
        FLOW_CODES.start,
        FLOW_CODES.claim,
        FLOW_CODES.todo,
        FLOW_CODES.send,
        FLOW_CODES.done,
      ];
      await tx.insert(roleMenu).values(plainCodes.filter((c) => menuIds.has(c)).map((c) => ({ roleId: plain.id, menuId: menuIds.get(c)! })));

      await tx.insert(user).values([
        {
          tenantId: t.tenantId,
          account: 'admin',
          password: passwordHash,
          name: '管理员',
          realName: '管理员',
          roleId: String(admin.id),
          deptId: String(root.id),
          email: 'admin@example.com',
          phone: '13800000000',
        },
        { tenantId: t.tenantId, account: 'user', password: passwordHash, name: '运营专员', realName: '运营专员', roleId: String(plain.id), deptId: String(ops.id) },
      ]);

      for (const [i, tm] of topMenuSeeds.entries()) {
        const [row] = await tx
          .insert(topMenu)
          .values({ tenantId: t.tenantId, code: tm.code, name: tm.name, path: tm.path, source: tm.source, sort: i + 1, serviceName: tm.serviceName })
          .returning({ id: topMenu.id });
        const ids = topMenuMenus.find((x) => x.code === tm.code)!.ids;
        await tx.insert(topMenuSetting).values(ids.map((menuId) => ({ topMenuId: row.id, menuId })));
      }
      await tx.insert(param).values(params.map((p) => ({ ...p, remark: p.remark ?? '', tenantId: t.tenantId })));
      await tx.insert(deskNotice).values({
        tenantId: t.tenantId,
        title: '关于开展冬季消防安全检查的通知',
        category: '1',
        releaseTime: new Date(),
        content: '<p>各项目: 请于本月底前完成消防设施、疏散通道与用电安全的检查, 并在系统中上报检查结果。</p>',
      });
      const [deployment] = await tx
        .insert(flowDeployment)
        .values({ tenantId: t.tenantId, name: LEAVE_PROCESS.name, category: LEAVE_PROCESS.category })
        .returning({ id: flowDeployment.id });
      await tx.insert(flowDefinition).values({
        tenantId: t.tenantId,
        deploymentId: deployment.id,
        processKey: LEAVE_PROCESS.key,
        name: LEAVE_PROCESS.name,
        category: LEAVE_PROCESS.category,
        version: 1,
        xml: LEAVE_BPMN,
        resourceName: LEAVE_PROCESS.resourceName,
      });
      await tx.insert(subApp).values(
        SUBAPPS.map((a, i) => ({
          tenantId: t.tenantId,
          name: a.name,
          serviceName: a.serviceName,
          prefix: a.prefix,
          host: SUBAPP_HOSTS[a.serviceName]?.host ?? '',
          routerMode: SUBAPP_HOSTS[a.serviceName]?.routerMode ?? '',
          defaultPath: a.defaultPath,
          isDashboardApp: a.isDashboardApp ? 1 : 0,
          default: i === 0 ? 1 : 0,
          sort: i + 1,
        })),
      );

      const projectIds: number[] = [];
      for (const [ci, c] of (orgTree[t.tenantId] ?? []).entries()) {
        const [co] = await tx.insert(company).values({ tenantId: t.tenantId, code: c.code, name: c.name }).returning({ id: company.id });
        for (const ct of c.cities) {
          const [cy] = await tx.insert(city).values({ tenantId: t.tenantId, companyId: co.id, code: ct.code, name: ct.name }).returning({ id: city.id });
          const rows = await tx
            .insert(project)
            .values(
              ct.projects.map((name, pi) => ({
                tenantId: t.tenantId,
                companyId: co.id,
                cityId: cy.id,
                name,
                tririgaCode: `${ct.code}${ti}${ci}${pi + 1}`,
                logoUrl: projectLogos[name] ?? '',
              })),
            )
            .returning({ id: project.id });
          projectIds.push(...rows.map((r) => r.id));
        }
      }
      await seedOperations(tx as unknown as Db, t.tenantId);
      for (const [code, name, entries] of businessDictionaries) {
        const en = dictionaryEn[code];
        const [parent] = await tx
          .insert(dictBiz)
          .values({ tenantId: t.tenantId, code, dictKey: '-1', dictValue: name, dictValueEn: en?.name ?? '', sort: 1 })
          .returning({ id: dictBiz.id });
        await tx
          .insert(dictBiz)
          .values(
            entries.map(([dictKey, dictValue], i) => ({ tenantId: t.tenantId, parentId: parent.id, code, dictKey, dictValue, dictValueEn: en?.items[dictKey] ?? '', sort: i + 1 })),
          );
      }
      await tx
        .insert(businessSystemExt)
        .values(businessLinks.map((l, i) => ({ tenantId: t.tenantId, name: l.name, url: l.url, projectIds: projectIds.slice(0, l.projects).join(','), sort: i + 1 })));
    }

    // regions are listed parents first: each one's ancestors extend its parent's
    const ancestors = new Map<string, string>([['00', '']]);
    const chain = (parentCode: string) => (parentCode === '00' ? '00' : `${ancestors.get(parentCode)},${parentCode}`);
    await tx.insert(region).values(
      regions.map(([code, parentCode, name, level], i) => {
        ancestors.set(code, chain(parentCode));
        return { code, parentCode, name, level, sort: i + 1, ancestors: ancestors.get(code)! };
      }),
    );
    for (const [code, name, entries] of Object.values(dictionaries)) {
      const en = dictionaryEn[code];
      const [parent] = await tx
        .insert(dict)
        .values({ code, dictKey: '-1', dictValue: name, dictValueEn: en?.name ?? '', sort: 1 })
        .returning({ id: dict.id });
      await tx.insert(dict).values(
        entries.map(([dictKey, dictValue, remark], i) => ({
          parentId: parent.id,
          code,
          dictKey,
          dictValue,
          dictValueEn: en?.items[dictKey] ?? '',
          remark: remark ?? '',
          sort: i + 1,
        })),
      );
    }
  });
  return true;
}

/** The seeded data and API scopes on their menus; answers the API scopes' ids (the administrators get them). */
async function seedScopes(tx: Db, menuIds: Map<string, number>): Promise<number[]> {
  const data = dataScopeSeeds.filter((s) => menuIds.has(s.menu)).map(({ menu: code, ...s }) => ({ ...s, menuId: menuIds.get(code)! }));
  const api = apiScopeSeeds.filter((s) => menuIds.has(s.menu)).map(({ menu: code, ...s }) => ({ ...s, menuId: menuIds.get(code)! }));
  if (data.length) await tx.insert(dataScope).values(data);
  return api.length ? (await tx.insert(apiScope).values(api).returning({ id: apiScope.id })).map((r) => r.id) : [];
}
