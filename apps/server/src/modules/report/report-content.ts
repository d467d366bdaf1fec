import Ajv, { type ValidateFunction } from 'ajv';
import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { LIST_PARAMS, menuOf, pathOf, type AnyResourceDef } from '@wb/contracts/resource';
import { RESOURCES, resourceByName } from '@wb/contracts/resources/catalogue';
import { CHART_TYPES, GROUPABLE_KINDS, REPORT_MESSAGES, reportable, reportColumns, reportResource, type ReportChart } from '@wb/contracts/resources/report';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/envelope';
import { validationMessage } from '../../platform/errors';
import { AJV_OPTIONS, inputFormats } from '../../platform/input-types';

/** list parameters a report does not keep: the page is the viewer's */
/** the two bounds of a 'range' search are filters of their field */
const RANGE_BOUND = /_(dategt|datelt)$/;

const ajv = inputFormats(new Ajv(AJV_OPTIONS));
const validators = new WeakMap<TObject, ValidateFunction>();
function validatorOf(schema: TObject): ValidateFunction {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = ajv.compile(schema)));
  return v;
}

/** The label of the field a filter or column `key` is of ('createTime_dategt': 创建时间); own fields only, so '__proto__' has none. */
function labelOf(def: AnyResourceDef, key: string): string | undefined {
  const field = key.replace(RANGE_BOUND, '');
  return Object.hasOwn(def.fields, field) ? def.fields[field].label.zh : undefined;
}

/** A field of `def` as a message names it: '备注(remark)'; a name it does not have, as it was sent. */
export function named(def: AnyResourceDef, key: unknown): string {
  if (typeof key !== 'string') return JSON.stringify(key) ?? String(key);
  const label = labelOf(def, key);
  return label ? `${label}(${key})` : key;
}

const parsed = (text: unknown, field: string, message: string): unknown => {
  try {
    return JSON.parse(String(text));
  } catch {
    throw badRequest(message, field);
  }
};

type Grants = Awaited<ReturnType<AppContext['access']['grants']>>;
type ApiRules = Awaited<ReturnType<AppContext['access']['apiRules']>>;

/** Whether these grants read `def`'s list: its menu code, and the API scopes that fence its list fence its report too. */
const reads = (def: AnyResourceDef, grants: Grants, rules: ApiRules): boolean => {
  if (!grants.codes.has(menuOf(def))) return false;
  const covering = rules.filter((r) => r.pattern.test(pathOf(def, 'list')));
  return !covering.length || covering.some((r) => grants.apiScopeIds.has(r.id));
};

/**
 * The resource a report reads, if the caller may read it: a report shows nothing its viewer
 * could not list on the resource's own page.
 */
export async function readable(ctx: AppContext, req: FastifyRequest, name: string) {
  const def = resourceByName(name);
  const list = ctx.resources.lists.get(name);
  if (!def || !list || !reportable(def)) throw badRequest(REPORT_MESSAGES.resource.zh, 'resource');
  if (!reads(def, await ctx.access.grants(caller(req).roleIds), await ctx.access.apiRules())) throw forbidden(REPORT_MESSAGES.resource.zh);
  return { def, ...list };
}

/** The names of the resources the caller may make a report of, in menu order. */
export async function readableNames(ctx: AppContext, req: FastifyRequest): Promise<string[]> {
  const grants = await ctx.access.grants(caller(req).roleIds);
  const rules = await ctx.access.apiRules();
  return RESOURCES.filter((def) => reportable(def) && ctx.resources.lists.has(def.name) && reads(def, grants, rules)).map((def) => def.name);
}

/**
 * A report's filters as its list call takes them: filters the list declares, each value one its
 * list's own schema accepts (a date that is no date would fail every reading of the report).
 */
export function checkedQuery(text: unknown, def: AnyResourceDef, list: { filters: ReadonlySet<string>; schema: TObject }): string {
  const q = parsed(text || '{}', 'query', REPORT_MESSAGES.query.zh);
  if (!q || typeof q !== 'object' || Array.isArray(q)) throw badRequest(REPORT_MESSAGES.query.zh, 'query');
  const kept = Object.entries(q as Record<string, unknown>).filter(([k, v]) => !LIST_PARAMS.has(k) && v !== '' && v !== null && v !== undefined);
  const unknown = kept.find(([k]) => !list.filters.has(k));
  if (unknown) throw badRequest(`${REPORT_MESSAGES.filter.zh}: ${named(def, unknown[0])}`, 'query');
  const odd = kept.find(([, v]) => (typeof v !== 'string' && typeof v !== 'number') || String(v).includes('\u0000'));
  if (odd) throw badRequest(`${REPORT_MESSAGES.filterValue.zh}: ${named(def, odd[0])}`, 'query');
  const filters = Object.fromEntries(kept.map(([k, v]) => [k, String(v)]));
  const validate = validatorOf(list.schema);
  // the validator coerces and drops what it checks: it gets a copy, the report keeps the text
  if (!validate({ ...filters })) {
    const labels = Object.fromEntries(Object.keys(filters).map((k) => [k, { label: labelOf(def, k) }]));
    const { msg } = validationMessage(validate.errors as Parameters<typeof validationMessage>[0], 'query', labels, () => 'x');
    throw badRequest(`${REPORT_MESSAGES.filterValue.zh}: ${msg}`, 'query');
  }
  return JSON.stringify(filters);
}

/** A report's columns: fields its resource's list shows (reportColumns), in the order chosen, each once. */
export function checkedColumns(text: unknown, def: AnyResourceDef): string {
  const cols = parsed(text, 'columns', REPORT_MESSAGES.columns.zh);
  if (!Array.isArray(cols)) throw badRequest(REPORT_MESSAGES.columns.zh, 'columns');
  if (!cols.length) throw badRequest(reportResource.fields.columns.required.zh, 'columns');
  const shown = new Set(reportColumns(def));
  const wrong = cols.find((c) => typeof c !== 'string' || !shown.has(c));
  if (wrong !== undefined) throw badRequest(`${REPORT_MESSAGES.column.zh}: ${named(def, wrong)}`, 'columns');
  return JSON.stringify([...new Set(cols as string[])]);
}

/**
 * A saved chart, checked against the resource's fields: x a groupable field, y a number field, both
 * among the fields a report may show (reportColumns: stored, no password, none the list hides).
 */
export function chartOf(text: string, def: AnyResourceDef): ReportChart | undefined {
  if (!text) return undefined;
  const c = parsed(text, 'chart', REPORT_MESSAGES.chart.zh) as Partial<ReportChart> | null;
  if (!c || typeof c !== 'object' || Array.isArray(c)) throw badRequest(REPORT_MESSAGES.chart.zh, 'chart');
  if (!CHART_TYPES.includes(c.type as ReportChart['type'])) throw badRequest(REPORT_MESSAGES.chartType.zh, 'chart');
  if (c.x === undefined || c.x === '') throw badRequest(REPORT_MESSAGES.chartXMissing.zh, 'chart');
  const shown = new Set(reportColumns(def));
  if (typeof c.x !== 'string' || !shown.has(c.x) || !GROUPABLE_KINDS.includes(def.fields[c.x].kind)) throw badRequest(`${REPORT_MESSAGES.chartX.zh}: ${named(def, c.x)}`, 'chart');
  if (c.y !== undefined && (typeof c.y !== 'string' || !shown.has(c.y) || def.fields[c.y].kind !== 'number'))
    throw badRequest(`${REPORT_MESSAGES.chartY.zh}: ${named(def, c.y)}`, 'chart');
  return { type: c.type!, x: c.x, ...(c.y ? { y: c.y } : {}) };
}
