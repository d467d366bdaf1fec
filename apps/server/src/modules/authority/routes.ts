import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import { project, role, user } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, idStr, ok } from '../../platform/envelope';
import { scopeOf, visible } from '../../platform/scope';
import { projectsOfRoles } from '../../platform/access';

/** Old-platform calls the shell makes right after login: who the user is, which projects they see. */
export function authorityRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;

    app.get('/us/authority/sys/get-user-info', {
      schema: {
        tags: ['旧平台'],
        summary: '旧平台用户信息',
        response: {
          200: Envelope(
            Type.Object({
              user_id: Type.String(),
              user_name: Type.String(),
              nick_name: Type.String(),
              real_name: Type.String(),
              phone: Type.String(),
              account: Type.String(),
              role_name: Type.String(),
              tenant_code: Type.String(),
            }),
          ),
        },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const me = caller(req);
        const [u] = await db.select().from(user).where(eq(user.id, me.userId)).limit(1);
        const roles = me.roleIds.length ? await db.select({ roleName: role.roleName }).from(role).where(inArray(role.id, me.roleIds)) : [];
        return ok({
          user_id: idStr(u.id),
          user_name: u.account,
          nick_name: u.name,
          real_name: u.realName,
          phone: u.phone,
          account: u.account,
          role_name: roles.map((r) => r.roleName).join(','),
          tenant_code: u.tenantId,
        });
      },
    });

    app.get('/us/authority/biz/project/projectList', {
      schema: {
        tags: ['旧平台'],
        summary: '用户可见项目列表',
        querystring: Type.Object({ username: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: {
          200: Envelope(
            Type.Array(Type.Object({ id: Type.String(), name: Type.String(), tririgaCode: Type.String(), logoUrl: Type.String(), cityId: Type.String(), companyId: Type.String() })),
          ),
        },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const only = await projectsOfRoles(db, caller(req).roleIds);
        const rows = (
          await db
            .select()
            .from(project)
            .where(visible(project, scopeOf(req)))
            .orderBy(asc(project.id))
        ).filter((p) => !only || only.has(p.id));
        return ok(rows.map((p) => ({ id: idStr(p.id), name: p.name, tririgaCode: p.tririgaCode, logoUrl: p.logoUrl, cityId: idStr(p.cityId), companyId: idStr(p.companyId) })));
      },
    });
  };
}
