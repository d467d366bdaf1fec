import { defineResource, zhEn, REMARK_FIELD, type AnyResourceDef } from '../resource';

export const REPORT_PATHS = {
  /** the chart's figures: the report's rows grouped by its x field, counted or summed */
  chart: '/us-report/report/rest/chart',
  /** the names of the resources the caller may make a report of (the 数据 of 新增) */
  sources: '/us-report/report/rest/sources',
} as const;

export const REPORT_MESSAGES = {
  saved: zhEn('已保存为报表', 'Saved as a report'),
  resource: zhEn('报表的数据不存在或无权查看', 'The report’s data does not exist or may not be read'),
  query: zhEn('筛选条件应为 JSON 对象', 'The filters must be a JSON object'),
  /** followed by the filter: '该数据不能按此筛选: 密码(password)' */
  filter: zhEn('该数据不能按此筛选', 'The data cannot be filtered by'),
  /** followed by the filter and what is wrong with its value */
  filterValue: zhEn('筛选值不正确', 'A filter’s value is not valid'),
  columns: zhEn('列应为该数据的字段名数组', 'The columns must be an array of the data’s field names'),
  /** followed by the field: '该数据没有此列: 备注(remark)' */
  column: zhEn('该数据没有此列', 'The data has no such column'),
  chart: zhEn('图表应为 {"type":"bar|line|pie","x":"字段","y":"数值字段"}', 'The chart must be {"type":"bar|line|pie","x":"field","y":"number field"}'),
  chartType: zhEn('图表类型应为柱状图、折线图或饼图', 'The chart must be a bar, line or pie chart'),
  chartXMissing: zhEn('请选择图表的分组字段', 'Please choose the field the chart groups by'),
  /** followed by the field */
  chartX: zhEn('图表不能按此字段分组', 'The chart cannot group by'),
  /** followed by the field */
  chartY: zhEn('图表只能对数值列求和', 'The chart can sum a number column only, not'),
} as const;

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
/** what a chart can group rows by: a value many rows share, not free text, a time or a list */
export const GROUPABLE_KINDS: readonly string[] = ['string', 'number', 'select', 'switch', 'dict', 'ref', 'treeRef'];
export interface ReportChart {
  type: (typeof CHART_TYPES)[number];
  /** the field rows are grouped by */
  x: string;
  /** a number field summed per group; absent: rows counted */
  y?: string;
}

/** The columns a report of `def` may show: the fields its list shows, never a password (own fields only, so no '__proto__'). */
export const reportColumns = (def: AnyResourceDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => !f.virtual && f.kind !== 'password' && f.column !== false)
    .map(([name]) => name);

/** Whether reports may read `def`: a flat list (a tree's rows are no table to chart), never the reports themselves. */
export const reportable = (def: AnyResourceDef): boolean => !def.tree && def.name !== 'report';

/**
 * Reports (报表, admin spec §7 'Report'): a saved list query — the resource, its filters, its
 * columns and an optional chart — made from any list page with 保存为报表 or in 报表管理 itself;
 * opened as a table with its chart, exported through the download centre.
 */
export const reportResource = defineResource({
  name: 'report',
  title: zhEn('报表管理', 'Reports'),
  basePath: '/us-report/report/rest',
  permissions: { add: 'report_add', edit: 'report_edit', delete: 'report_delete', view: 'report_view' },
  page: { path: '/tool/report', icon: 'bar-chart' },
  labelField: 'name',
  fields: {
    name: { label: zhEn('报表名称', 'Name'), kind: 'string', required: zhEn('请输入报表名称', 'Please enter the name'), maxLength: 100, search: 'like' },
    resource: { label: zhEn('数据', 'Data'), kind: 'string', required: zhEn('请选择数据', 'Please choose the data'), maxLength: 64, addOnly: true, form: false, search: 'eq' },
    // the filters, columns and chart are JSON the report page's own form writes (apps/shell/src/admin/report); editable, unlike the data they are of
    query: { label: zhEn('筛选条件', 'Filters'), kind: 'text', maxLength: 4000, form: false, column: false, default: '{}' },
    columns: { label: zhEn('列', 'Columns'), kind: 'text', required: zhEn('请选择列', 'Please choose the columns'), maxLength: 4000, form: false, column: false },
    chart: { label: zhEn('图表', 'Chart'), kind: 'text', maxLength: 500, form: false, column: false, default: '' },
    remark: REMARK_FIELD,
    createTime: { label: zhEn('创建时间', 'Created'), kind: 'date', readonly: true, form: false, width: 170 },
  },
});

/** This module's resources (the catalogue collects them). */
export const resources = [reportResource];
