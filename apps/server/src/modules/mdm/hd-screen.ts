import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { city, company, project, vehicle } from '../../db/schema/index';
import { projectsOfRoles } from '../../platform/access';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, idStr, notFound, ok } from '../../platform/envelope';
import { IdList, IdOrAll } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';

/** A count the caller may not read (they hold no 车辆管理 or 供应商管理 menu) is null: never a figure they could not check. */
const Count = (description?: string) => Type.Union([Type.Integer(), Type.Null()], { description: `${description ?? ''}; 无权查看时为 null` });
const Counts = {
  vehicleTotal: Count('车辆数'),
  vehicleInService: Count('在用车辆数'),
  supplierTotal: Count('为其服务的供应商 (其车辆在项目中)'),
};
/** The picker's 'all' entries stand for the projects they hold (their `projectIds`). */
const Within = Type.Optional(IdList({ description: '只算这些项目 (项目选择器中“全部”条目的 projectIds)' }));
const ProjectFigures = Type.Object({ projectId: Type.String(), projectName: Type.String(), cityName: Type.String(), companyName: Type.String(), ...Counts });
const HdBaseInfo = Type.Object({
  projectId: Type.String({ description: '项目 id; 全部项目时为 -1' }),
  projectName: Type.String(),
  tririgaCode: Type.String(),
  cityName: Type.String({ description: '所涉项目同属一个城市时为其名称, 否则为空' }),
  companyName: Type.String({ description: '所涉项目同属一个公司时为其名称, 否则为空' }),
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
    const figures = async (req: FastifyRequest, projectId?: number, within?: Set<number>) => {
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
      return rows.filter((r) => (!only || only.has(r.p.id)) && (!within || within.has(r.p.id)));
    };
    /** What the caller may read of the counts: vehicles with 车辆管理, suppliers with 供应商管理 (their menus' codes). */
    const readable = async (req: FastifyRequest) => {
      const { codes } = await ctx.access.grants(caller(req).roleIds);
      return { vehicles: codes.has(vehicleResource.name), suppliers: codes.has(supplierResource.name) };
    };
    const within = (text: string | undefined) => (text ? new Set(text.split(',').map(Number)) : undefined);
    /** The one name all rows share, else ''. */
    const shared = (names: string[]) => (new Set(names).size === 1 ? names[0] : '');

    app.get('/us/lsds/hd/screen/getHdBaseInfoByProjectId', {
      schema: {
        tags: ['主数据'],
        summary: '大屏基础信息: 项目与其车辆、供应商数 (projectId 为负数或不传: 全部可见项目)',
        querystring: Type.Object({ projectId: Type.Optional(IdOrAll()), projectIds: Within }),
        response: { 200: Envelope(HdBaseInfo) },
      },
      config: { signedIn: true, fieldMessages: { projectId: { label: '项目' }, projectIds: { label: '项目' } } },
      handler: async (req) => {
        const query = req.query as { projectId?: string; projectIds?: string };
        const asked = Number(query.projectId ?? -1);
        const rows = await figures(req, asked > 0 ? asked : undefined, asked > 0 ? undefined : within(query.projectIds));
        if (asked > 0 && !rows.length) throw notFound('项目不存在');
        const one = asked > 0 ? rows[0] : undefined;
        const may = await readable(req);
        const sum = (k: 'vehicleTotal' | 'vehicleInService') => (may.vehicles ? rows.reduce((n, r) => n + r[k], 0) : null);
        return ok({
          projectId: one ? idStr(one.p.id) : '-1',
          projectName: one?.p.name ?? '全部项目',
          tririgaCode: one?.p.tririgaCode ?? '',
          // an 'all' entry of a company or a city names it: its projects share it
          cityName: shared(rows.map((r) => r.cityName)),
          companyName: shared(rows.map((r) => r.companyName)),
          logoUrl: one?.p.logoUrl ?? '',
          projectTotal: rows.length,
          vehicleTotal: sum('vehicleTotal'),
          vehicleInService: sum('vehicleInService'),
          // a supplier serving two projects is one supplier
          supplierTotal: !may.suppliers
            ? null
            : one
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
      schema: {
        tags: ['主数据'],
        summary: '各项目的车辆与供应商数 (工作台首页与控制台)',
        querystring: Type.Object({ projectIds: Within }),
        response: { 200: Envelope(Type.Array(ProjectFigures)) },
      },
      config: { signedIn: true, fieldMessages: { projectIds: { label: '项目' } } },
      handler: async (req) => {
        const may = await readable(req);
        return ok(
          (await figures(req, undefined, within((req.query as { projectIds?: string }).projectIds))).map((r) => ({
            projectId: idStr(r.p.id),
            projectName: r.p.name,
            cityName: r.cityName,
            companyName: r.companyName,
            vehicleTotal: may.vehicles ? r.vehicleTotal : null,
            vehicleInService: may.vehicles ? r.vehicleInService : null,
            supplierTotal: may.suppliers ? r.supplierTotal : null,
          })),
        );
      },
    });
  };
}
