import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { CRUD_MESSAGES } from '@wb/contracts/resource';
import { project, role } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { Envelope, idStr, notFound, ok } from '../../platform/envelope';
import { IdText } from '../../platform/input-types';
import { scopeOf, visible, type Scope } from '../../platform/scope';
import { projectTree } from './project-tree';
import { ProjectNodeSchema } from './routes';

const V2 = '/us-system/v2/role';

/** Roles v2: the projects a role's users may pick. */
export function roleProjectRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const db = ctx.database.db;
    app.addSchema(ProjectNodeSchema);
    const projectsOf = async (scope: Scope, roleId: string): Promise<Set<number> | undefined> => {
      const [r] = await db
        .select({ projectId: role.projectId })
        .from(role)
        .where(visible(role, scope, eq(role.id, Number(roleId))));
      if (!r) throw notFound(CRUD_MESSAGES.notFound.zh);
      return r.projectId ? new Set(r.projectId.split(',').map(Number)) : undefined;
    };
    const RoleQuery = Type.Object({ roleId: IdText() });

    app.get(`${V2}/listProjectByRoleId`, {
      schema: {
        tags: ['角色管理'],
        summary: '角色可选项目 (未限定时为租户全部项目)',
        querystring: RoleQuery,
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String(), tririgaCode: Type.String(), cityId: Type.String(), companyId: Type.String() }))) },
      },
      config: { permission: 'role' },
      handler: async (req) => {
        const scope = scopeOf(req);
        const only = await projectsOf(scope, (req.query as { roleId: string }).roleId);
        const rows = await db.select().from(project).where(visible(project, scope)).orderBy(asc(project.id));
        return ok(
          rows
            .filter((p) => !only || only.has(p.id))
            .map((p) => ({ id: idStr(p.id), name: p.name, tririgaCode: p.tririgaCode, cityId: idStr(p.cityId), companyId: idStr(p.companyId) })),
        );
      },
    });

    app.get(`${V2}/getProjectTreeByRoleId`, {
      schema: { tags: ['角色管理'], summary: '角色可选项目树 (公司 → 城市 → 项目)', querystring: RoleQuery, response: { 200: Envelope(Type.Array(Type.Ref(ProjectNodeSchema))) } },
      config: { permission: 'role' },
      handler: async (req) => {
        const scope = scopeOf(req);
        return ok(await projectTree(db, scope, await projectsOf(scope, (req.query as { roleId: string }).roleId)));
      },
    });
  };
}
