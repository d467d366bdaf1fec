import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { city, company, project, region } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import { Envelope, idStr, notFound, ok } from '../../platform/envelope';
import { scopeOf, visible } from '../../platform/scope';
import { projectTree } from './project-tree';
import { projectsOfRoles } from '../../platform/access';
import { caller } from '../../platform/auth';
import { IdText } from '../../platform/input-types';

export const ProjectNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.String(),
      pid: Type.String(),
      label: Type.String(),
      name: Type.String(),
      code: Type.String(),
      tririgaCode: Type.String(),
      tenantId: Type.String(),
      projectIds: Type.String(),
      projectCity: Type.String(),
      projectTririgaCodes: Type.String(),
      logoUrl: Type.String(),
      children: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'ProjectNode' },
);

const RegionNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({ code: Type.String(), parentCode: Type.String(), name: Type.String(), label: Type.String(), value: Type.String(), level: Type.Integer(), children: Type.Array(Self) }),
  { $id: 'RegionNode' },
);

const IdParam = Type.Object({ id: IdText() });

/** Master data any signed-in shell reads: the project picker's tree and details, companies, the street tree. */
export function mdmRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.addSchema(ProjectNodeSchema);
    app.addSchema(RegionNodeSchema);

    app.get('/us-system/old-system/project-tree', {
      schema: { tags: ['主数据'], summary: '项目树 (公司 → 城市 → 项目, 负数 id 为"全部")', response: { 200: Envelope(Type.Array(Type.Ref(ProjectNodeSchema))) } },
      config: { signedIn: true },
      // the user's roles may limit the projects they pick (roles v2)
      handler: async (req) => ok(await projectTree(db, scopeOf(req), await projectsOfRoles(db, caller(req).roleIds))),
    });

    app.get('/wwy-us-mdm/api/v1/wx/mdmProject/:id', {
      schema: {
        tags: ['主数据'],
        summary: '项目详情',
        params: IdParam,
        response: {
          200: Envelope(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              logoUrl: Type.String(),
              tririgaCode: Type.String(),
              cityId: Type.String(),
              cityName: Type.String(),
              companyId: Type.String(),
              companyName: Type.String(),
            }),
          ),
        },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const { id } = req.params as { id: string };
        const [row] = await db
          .select({ p: project, cityName: city.name, companyName: company.name })
          .from(project)
          .innerJoin(city, eq(city.id, project.cityId))
          .innerJoin(company, eq(company.id, project.companyId))
          .where(visible(project, scopeOf(req), eq(project.id, Number(id))))
          .limit(1);
        if (!row) throw notFound('项目不存在');
        return ok({
          id: idStr(row.p.id),
          name: row.p.name,
          logoUrl: row.p.logoUrl,
          tririgaCode: row.p.tririgaCode,
          cityId: idStr(row.p.cityId),
          cityName: row.cityName,
          companyId: idStr(row.p.companyId),
          companyName: row.companyName,
        });
      },
    });

    app.get('/wwy-us-mdm/v1/companies', {
      schema: { tags: ['主数据'], summary: '公司列表', response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() }))) } },
      config: { signedIn: true },
      handler: async (req) => {
        const rows = await db
          .select()
          .from(company)
          .where(visible(company, scopeOf(req)))
          .orderBy(asc(company.id));
        return ok(rows.map((c) => ({ id: idStr(c.id), code: c.code, name: c.name })));
      },
    });

    app.get('/us/platform-base/biz/street/tree', {
      schema: {
        tags: ['主数据'],
        summary: '街道树 (省 → 市 → 区 → 街道)',
        querystring: Type.Object({ parentCode: Type.Optional(Type.String({ pattern: '^\\d{2,12}$' })) }),
        response: { 200: Envelope(Type.Array(Type.Ref(RegionNodeSchema))) },
      },
      config: { signedIn: true },
      handler: async (req) => {
        const rows = await db.select().from(region).orderBy(asc(region.sort), asc(region.code));
        type Node = { code: string; parentCode: string; name: string; label: string; value: string; level: number; children: Node[] };
        const nodes = new Map<string, Node>(
          rows.map((r) => [r.code, { code: r.code, parentCode: r.parentCode, name: r.name, label: r.name, value: r.code, level: r.level, children: [] }]),
        );
        const roots: Node[] = [];
        for (const n of nodes.values()) (nodes.get(n.parentCode)?.children ?? roots).push(n);
        const { parentCode } = req.query as { parentCode?: string };
        return ok(parentCode ? (nodes.get(parentCode)?.children ?? []) : roots);
      },
    });
  };
}
