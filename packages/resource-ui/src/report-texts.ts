import type { i18n as I18n } from 'i18next';

/** Texts of the report form (新增 / 编辑 in 报表管理, 保存为报表 on a list) beyond those of `crud.*`. */
const TEXTS = {
  zh: {
    reportForm: {
      chooseData: '请先选择数据',
      columnsHint: '报表按所选的顺序显示这些列',
      noFilters: '该数据没有可筛选的字段',
      filtersHint: '留空的条件不筛选',
      otherFilters: '另有条件',
    },
  },
  en: {
    reportForm: {
      chooseData: 'Choose the data first',
      columnsHint: 'The report shows these columns in the order chosen',
      noFilters: 'The data has no fields to filter by',
      filtersHint: 'An empty condition filters nothing',
      otherFilters: 'Also',
    },
  },
};

const done = new WeakSet<I18n>();

/** Registered as defaults: a host bundle that already has a key keeps its own text. */
export function registerReportTexts(i18n: I18n): void {
  if (done.has(i18n)) return;
  done.add(i18n);
  for (const lng of ['zh', 'en'] as const) i18n.addResourceBundle(lng, 'translation', { crud: TEXTS[lng] }, true, false);
}
