import type { AnyResourceDef } from '@wb/contracts/resource';
import { GROUPABLE_KINDS, reportColumns, type ReportChart } from '@wb/contracts/resources/report';
import { filtersOf, toListQuery } from './list-query';

/** A report as the server keeps it: its filters, columns and chart are JSON text. */
export interface ReportRecord {
  id?: string;
  name?: string;
  resource?: string;
  query?: string;
  columns?: string;
  chart?: string;
  remark?: string;
}

/** The report form's values: the filters as the list's search form holds them. */
export interface ReportFormValues {
  resource?: string;
  columns?: string[];
  filters?: Record<string, unknown>;
  chartType?: ReportChart['type'];
  x?: string;
  y?: string;
  name?: string;
  remark?: string;
}

const json = <T>(text: string | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

/**
 * A saved query as the search inputs of `def` hold it: a range as its two bounds, an 'in' as its
 * ids. `extra`: filters no search input shows (a page's own parameter, such as the user list's
 * department), kept as they are.
 */
export function filterValues(def: AnyResourceDef, query: Record<string, string>): { values: Record<string, unknown>; extra: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const taken = new Set<string>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    if (field.search === 'range') {
      const from = query[`${name}_dategt`];
      const to = query[`${name}_datelt`];
      taken.add(`${name}_dategt`).add(`${name}_datelt`);
      if (from || to) values[name] = [from, to];
      continue;
    }
    taken.add(name);
    const v = query[name];
    if (v === undefined || v === '') continue;
    values[name] = field.search === 'in' ? String(v).split(',').filter(Boolean) : String(v);
  }
  const extra = Object.fromEntries(Object.entries(query).filter(([k]) => !taken.has(k)));
  return { values, extra };
}

/** The form's values of a stored report (editing) or of what a new one starts with. */
export function reportFormValues(def: AnyResourceDef | undefined, record: ReportRecord): { values: ReportFormValues; extra: Record<string, string> } {
  const chart = json<Partial<ReportChart>>(record.chart, {});
  const { values: filters, extra } = def ? filterValues(def, json(record.query, {})) : { values: {}, extra: {} };
  return {
    values: {
      resource: record.resource,
      columns: json<string[]>(record.columns, def ? reportColumns(def) : []),
      filters,
      chartType: chart.type,
      x: chart.x,
      y: chart.y,
      name: record.name,
      remark: record.remark,
    },
    extra,
  };
}

/** What the submit sends: the filters as the list call takes them (empty ones dropped), the rest as JSON. */
export function reportBody(def: AnyResourceDef, v: ReportFormValues, extra: Record<string, string>, id?: string): Required<Omit<ReportRecord, 'id'>> & { id?: string } {
  return {
    ...(id ? { id } : {}),
    name: v.name ?? '',
    resource: def.name,
    query: JSON.stringify(filtersOf(toListQuery(def, v.filters ?? {}, extra))),
    columns: JSON.stringify(v.columns ?? []),
    chart: v.chartType && v.x ? JSON.stringify({ type: v.chartType, x: v.x, ...(v.y ? { y: v.y } : {}) }) : '',
    remark: v.remark ?? '',
  };
}

/** The fields a chart of `def` may group by and sum: among those a report shows, as the server checks. */
export function chartFields(def: AnyResourceDef): { groups: string[]; numbers: string[] } {
  const shown = reportColumns(def);
  return { groups: shown.filter((k) => GROUPABLE_KINDS.includes(def.fields[k].kind)), numbers: shown.filter((k) => def.fields[k].kind === 'number') };
}
