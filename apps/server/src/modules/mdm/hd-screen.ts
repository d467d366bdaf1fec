import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { city, company, project, vehicle } from '../../db/schema/index';
import { projectsOfRoles } from '../../platform/access';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, idStr, notFound, ok } from '../../platform/envelope';
import { IdOrAll } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';

const Counts = {
  vehicleTotal: Type.Integer(),
  vehicleInService: Type.Integer(),
  supplierTotal: Type.Integer({ description: '为其服务的供应商 (其车辆在项目中)' }),
};
const ProjectFigures = Type.Object({ projectId: Type.String(), projectName: Type.String(), cityName: Type.String(), companyName: Type.String(), ...Counts });
const HdBaseInfo = Type.Object({
  projectId: Type.String({ description: '项目 id; 全部项目时为 -1' }),
  projectName: Type.String(),
  tririgaCode: Type.String(),
  cityName: Type.String(),
  companyName: Type.String(),
  logoUrl: Type.String(),
  projectTotal: Type.Integer({ description: '涵盖的项目数' }),
  ...Counts,
});

/**
 * Figures of master data per project, for the big screen's header and the workbench's home and
 * console: every project the caller may pick (their tenant, the projects their roles allow), or
 * the one asked for, with how many vehicles serve it, how many are in service and how many
 * suppliers they come from. One grouped statement.
 */
export function hdScreenRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const figures = async (req: FastifyRequest, projectId?: number) => {
      const scope = scopeOf(req);
      const only = await projectsOfRoles(db, caller(req).roleIds);
      const rows = await db
        .select({
          p: project,
          cityName: city.name,
          companyName: company.name,
          vehicleTotal: sql<number>`count(${vehicle.id})::int`,
          vehicleInService: sql<number>`(count(${vehicle.id}) filter (where ${vehicle.inService} = 1))::int`,
          supplierTotal: sql<number>`count(distinct ${vehicle.supplierId})::int`,
        })
        .from(project)
        .innerJoin(city, eq(city.id, project.cityId))
        .innerJoin(company, eq(company.id, project.companyId))
        .leftJoin(vehicle, visible(vehicle, scope, eq(vehicle.projectId, project.id)))
        .where(visible(project, scope, projectId ? eq(project.id, projectId) : undefined))
        .groupBy(project.id, city.name, company.name)
        .orderBy(asc(project.id));
      return rows.filter((r) => !only || only.has(r.p.id));
    };

    app.get('/us/lsds/hd/screen/getHdBaseInfoByProjectId', {
      schema: {
        tags: ['主数据'],
        summary: '大屏基础信息: 项目与其车辆、供应商数 (projectId 为负数或不传: 全部可见项目)',
        querystring: Type.Object({ projectId: Type.Optional(IdOrAll()) }),
        response: { 200: Envelope(HdBaseInfo) },
      },
      config: { signedIn: true, fieldMessages: { projectId: { label: '项目' } } },
      handler: async (req) => {
        const asked = Number((req.query as { projectId?: string }).projectId ?? -1);
        const rows = await figures(req, asked > 0 ? asked : undefined);
        if (asked > 0 && !rows.length) throw notFound('项目不存在');
        const one = asked > 0 ? rows[0] : undefined;
        const sum = (k: 'vehicleTotal' | 'vehicleInService') => rows.reduce((n, r) => n + r[k], 0);
        return ok({
          projectId: one ? idStr(one.p.id) : '-1',
          projectName: one?.p.name ?? '全部项目',
          tririgaCode: one?.p.tririgaCode ?? '',
          cityName: one?.cityName ?? '',
          companyName: one?.companyName ?? '',
          logoUrl: one?.p.logoUrl ?? '',
          projectTotal: rows.length,
          vehicleTotal: sum('vehicleTotal'),
          vehicleInService: sum('vehicleInService'),
          // a supplier serving two projects is one supplier
          supplierTotal: one
            ? one.supplierTotal
            : await supplierCount(
                req,
                rows.map((r) => r.p.id),
              ),
        });
      },
    });

    /** Suppliers with a vehicle in any of `projectIds`. */
    const supplierCount = async (req: FastifyRequest, projectIds: number[]) => {
      if (!projectIds.length) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${vehicle.supplierId})::int` })
        .from(vehicle)
        .where(visible(vehicle, scopeOf(req), sql`${vehicle.projectId} = any(${sql.param(projectIds)}::bigint[])`));
      return row.n;
    };

    app.get('/us/lsds/hd/screen/project-figures', {
      schema: { tags: ['主数据'], summary: '各项目的车辆与供应商数 (工作台首页与控制台)', response: { 200: Envelope(Type.Array(ProjectFigures)) } },
      config: { signedIn: true },
      handler: async (req) =>
        ok(
          (await figures(req)).map((r) => ({
            projectId: idStr(r.p.id),
            projectName: r.p.name,
            cityName: r.cityName,
            companyName: r.companyName,
            vehicleTotal: r.vehicleTotal,
            vehicleInService: r.vehicleInService,
            supplierTotal: r.supplierTotal,
          })),
        ),
    });
  };
}
