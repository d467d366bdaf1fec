import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { menuOf, pathOf } from '@wb/contracts/resource';
import { resourceByName } from '@wb/contracts/resources/catalogue';
import { CHART_TYPES, GROUPABLE_KINDS, REPORT_MESSAGES, REPORT_PATHS, reportColumns, reportResource, type ReportChart } from '@wb/contracts/resources/report';
import { report } from '../../db/schema/index';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest, Envelope, forbidden, notFound, ok } from '../../platform/envelope';
import { IdText } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';

/** the chart shows the largest groups */
const CHART_GROUPS = 30;
/** list parameters a report does not keep: the page is the viewer's */
const PAGING = new Set(['current', 'size']);

const parsed = (text: unknown, field: string, message: string): unknown => {
  try {
    return JSON.parse(String(text));
  } catch {
    throw badRequest(message, field);
  }
};

/**
 * The resource a report reads, if the caller may read it (its menu code): a report shows
 * nothing its viewer could not list on the resource's own page.
 */
async function readable(ctx: AppContext, req: FastifyRequest, name: string) {
  const def = resourceByName(name);
  const list = ctx.resources.lists.get(name);
  if (!def || !list || def.name === reportResource.name) throw badRequest(REPORT_MESSAGES.resource.zh, 'resource');
  const grants = await ctx.access.grants(caller(req).roleIds);
  if (!grants.codes.has(menuOf(def))) throw forbidden(REPORT_MESSAGES.resource.zh);
  // and the API scopes that fence the resource's list fence its report too
  const covering = (await ctx.access.apiRules()).filter((r) => r.pattern.test(pathOf(def, 'list')));
  if (covering.length && !covering.some((r) => grants.apiScopeIds.has(r.id))) throw forbidden(REPORT_MESSAGES.resource.zh);
  return { def, ...list };
}

/**
 * A saved chart, checked against the resource's fields: x a groupable field, y a number field, both
 * among the fields a report may show (reportColumns: stored, no password, none the list hides).
 */
function chartOf(text: string, def: Parameters<typeof reportColumns>[0]): ReportChart | undefined {
  if (!text) return undefined;
  const c = parsed(text, 'chart', REPORT_MESSAGES.chart.zh) as Partial<ReportChart> | null;
  const shown = new Set(reportColumns(def));
  const ok =
    c &&
    typeof c === 'object' &&
    CHART_TYPES.includes(c.type as ReportChart['type']) &&
    typeof c.x === 'string' &&
    shown.has(c.x) &&
    GROUPABLE_KINDS.includes(def.fields[c.x].kind) &&
    (c.y === undefined || (typeof c.y === 'string' && shown.has(c.y) && def.fields[c.y].kind === 'number'));
  if (!ok) throw badRequest(REPORT_MESSAGES.chart.zh, 'chart');
  return { type: c.type!, x: c.x!, ...(c.y ? { y: c.y } : {}) };
}

/** Reports: what is saved is checked against the resource it reads (filters it takes, fields it has) and the saver's right to read it. */
export function reportOptions(ctx: AppContext): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ req }, values, existing) {
        if (!req) return;
        const name = String(values.resource ?? existing?.resource ?? '');
        const { def, filters } = await readable(ctx, req, name);
        if (values.query !== undefined) {
          const q = parsed(values.query || '{}', 'query', REPORT_MESSAGES.query.zh);
          if (!q || typeof q !== 'object' || Array.isArray(q)) throw badRequest(REPORT_MESSAGES.query.zh, 'query');
          const kept = Object.entries(q as Record<string, unknown>).filter(([k, v]) => !PAGING.has(k) && v !== '' && v !== null && v !== undefined);
          const unknown = kept.find(([k, v]) => !filters.has(k) || (typeof v !== 'string' && typeof v !== 'number') || String(v).includes('\u0000'));
          if (unknown) throw badRequest(`${REPORT_MESSAGES.query.zh}: ${unknown[0]}`, 'query');
          values.query = JSON.stringify(Object.fromEntries(kept.map(([k, v]) => [k, String(v)])));
        }
        if (values.columns !== undefined) {
          const cols = parsed(values.columns, 'columns', REPORT_MESSAGES.columns.zh);
          const columns = new Set(reportColumns(def));
          if (!Array.isArray(cols) || !cols.length || cols.some((c) => !columns.has(c as string))) throw badRequest(REPORT_MESSAGES.columns.zh, 'columns');
          values.columns = JSON.stringify(cols);
        }
        if (values.chart !== undefined) values.chart = values.chart ? JSON.stringify(chartOf(String(values.chart), def)) : '';
      },
    },
  };
}

/** The chart's figures of a report: its rows grouped as its chart says, read with the viewer's scope. */
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
  };
}
