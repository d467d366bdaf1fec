import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { REPORT_PATHS, reportResource } from '@wb/contracts/resources/report';
import { report } from '../../db/schema/index';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { Envelope, notFound, ok } from '../../platform/envelope';
import { IdText } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';
import { chartOf, checkedColumns, checkedQuery, readable, readableNames } from './report-content';

/** the chart shows the largest groups */
const CHART_GROUPS = 30;

/**
 * Reports: what is saved is checked against the resource it reads (filters its list takes, with
 * values its list accepts; columns and chart fields it shows) and the saver's right to read it.
 * An edit changes the filters, columns and chart; the resource stays (addOnly).
 */
export function reportOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ req }, values, existing) {
        if (!req) return;
        const name = String(values.resource ?? existing?.resource ?? '');
        const { def, filters, schema } = await readable(ctx, req, name);
        if (values.query !== undefined) values.query = checkedQuery(values.query, def, { filters, schema });
        if (values.columns !== undefined) values.columns = checkedColumns(values.columns, def);
        if (values.chart !== undefined) values.chart = values.chart ? JSON.stringify(chartOf(String(values.chart), def)) : '';
      },
    },
  };
}

/** The report page's own calls: the chart's figures of a report, and what 新增 may choose as its data. */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get(REPORT_PATHS.chart, {
      schema: {
        tags: [reportResource.title.zh],
        summary: '报表图表数据 (按图表的分组字段计数或求和)',
        querystring: Type.Object({ id: IdText() }),
        response: {
          200: Envelope(
            Type.Object({
              chart: Type.Union([Type.Null(), Type.Object({ type: Type.String(), x: Type.String(), y: Type.Optional(Type.String()) })]),
              groups: Type.Array(Type.Object({ x: Type.String(), value: Type.Number() })),
            }),
          ),
        },
      },
      config: { permission: reportResource.permissions.view, fieldMessages: { id: { label: '报表' } } },
      handler: async (req) => {
        const scope = scopeOf(req);
        const [r] = await ctx.database.db
          .select()
          .from(report)
          .where(visible(report, scope, eq(report.id, Number((req.query as { id: string }).id))));
        if (!r) throw notFound('报表不存在');
        const { def, store } = await readable(ctx, req, r.resource);
        const chart = chartOf(r.chart, def);
        if (!chart) return ok({ chart: null, groups: [] });
        const groups = await store.groups(scope, JSON.parse(r.query) as Record<string, string>, chart.x, chart.y, CHART_GROUPS);
        return ok({ chart, groups: groups.map((g) => ({ x: g.x === null || g.x === undefined ? '' : String(g.x), value: g.value })) });
      },
    });

    app.get(REPORT_PATHS.sources, {
      schema: {
        tags: [reportResource.title.zh],
        summary: '可做报表的数据 (调用者可查看的列表资源名)',
        response: { 200: Envelope(Type.Array(Type.String())) },
      },
      // whoever may add or edit a report chooses its data
      config: { permission: [reportResource.permissions.add, reportResource.permissions.edit] },
      handler: async (req) => ok(await readableNames(ctx, req)),
    });
  };
}
