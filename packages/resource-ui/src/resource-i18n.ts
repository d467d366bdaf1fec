import type { i18n as I18n } from 'i18next';
import { CRUD_MESSAGES, entityOf, type ActionDef, type AnyResourceDef, type FieldDef } from '@wb/contracts/resource';
import { FIELD_RULE_MESSAGES, passwordRuleMessage, secretRuleMessage } from '@wb/contracts/field-rules';

/** The field rules' messages (contracts/field-rules.ts) in one language, under their rule's name; `{{label}}` is the field's. */
const ruleTexts = (lng: 'zh' | 'en') => ({
  ...Object.fromEntries(Object.entries(FIELD_RULE_MESSAGES).map(([rule, text]) => [rule, text[lng]])),
  password: passwordRuleMessage({ zh: '{{label}}', en: '{{label}}' })[lng],
  secret: secretRuleMessage({ zh: '{{label}}', en: '{{label}}' })[lng],
  tooLong: lng === 'zh' ? '{{label}}不能超过 {{max}} 个字符' : '{{label}} takes at most {{max}} characters',
});

/**
 * A resource definition carries its texts in both languages; they go into the
 * host's i18next under `res.<name>`, so pages translate them like any other
 * text. The UI's own texts live under `crud.*` / `common.*`: registered here as
 * defaults, a host bundle that already has a key keeps its own text.
 */

/** The keys of a set of fields (a def's, or an action dialog's) under `base`. */
export interface FieldKeys {
  label(field: string): string;
  required(field: string): string;
  option(field: string, value: string | number): string;
}

const fieldKeysAt = (base: string): FieldKeys => ({
  label: (field) => `${base}.${field}.label`,
  required: (field) => `${base}.${field}.required`,
  option: (field, value) => `${base}.${field}.options.${value}`,
});

export function resourceKeys(def: Pick<AnyResourceDef, 'name'>) {
  const base = `res.${def.name}`;
  return {
    title: `${base}.title`,
    /** what one record is called (dialog titles) */
    entity: `${base}.entity`,
    ...fieldKeysAt(`${base}.fields`),
    action: (action: string) => ({
      label: `${base}.actions.${action}.label`,
      confirm: `${base}.actions.${action}.confirm`,
      done: `${base}.actions.${action}.done`,
      fields: fieldKeysAt(`${base}.actions.${action}.fields`),
    }),
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

export const UI_TEXTS = {
  zh: {
    common: { confirmTitle: '提示', ok: '确定', cancel: '取消' },
    crud: {
      add: '新增',
      addChild: '新增下级',
      edit: '编辑',
      view: '查看',
      delete: '删除',
      actions: '操作',
      addTitle: '新增{{title}}',
      editTitle: '编辑{{title}}',
      viewTitle: '查看{{title}}',
      added: CRUD_MESSAGES.added.zh,
      updated: CRUD_MESSAGES.updated.zh,
      deleted: CRUD_MESSAGES.deleted.zh,
      done: CRUD_MESSAGES.done.zh,
      selectOne: CRUD_MESSAGES.selectOne.zh,
      confirmDelete: CRUD_MESSAGES.confirmDelete.zh,
      notFound: CRUD_MESSAGES.notFound.zh,
      yes: '是',
      no: '否',
      export: '导出',
      exportSelected: '导出选中 ({{count}})',
      selectAll: '全选',
      selectRow: '选择{{name}}',
      selectThisRow: '选择此行',
      rule: ruleTexts('zh'),
      exportQueued: '已加入下载中心, 完成后在下载中心下载',
      upload: '上传图片',
      imageType: '图片只能是 JPG 或 PNG 格式',
      imageSize: '图片大小不能超过 500KB',
      uploadFailed: '上传失败, 请稍后重试',
      unknownError: '未知错误',
      passwordConfirm: '确认密码',
      passwordConfirmRequired: '请再次输入密码',
      passwordMismatch: '两次密码输入不一致',
      rangeStart: '开始时间',
      rangeEnd: '结束时间',
      rich: { heading: '标题', bold: '加粗', italic: '斜体', bulletList: '无序列表', orderedList: '有序列表', undo: '撤销', redo: '重做' },
      chooseParent: '请先选择一条{{title}}',
      uploadFile: '点击或拖拽文件到此处',
      uploadAccept: '支持的格式: {{accept}}',
      chooseFile: '请选择文件',
      import: '导入',
      importTitle: '导入{{title}}',
      importTemplate: '下载导入模板',
      importHint: '按模板填写后上传 .xlsx: 每次最多 50000 行, 文件不超过 10 MB。未通过校验的行会写入错误文件, 可在上传中心下载, 改正后再次导入。',
      importQueued: '已加入上传中心, 导入完成后列表自动刷新',
      importDone: '导入完成: 成功 {{success}} 条, 失败 {{failed}} 条',
      importFailed: '导入失败',
      saveReport: '保存为报表',
      reportSaved: '已保存为报表, 可在报表管理中打开',
      reportName: '报表名称',
      reportNameRequired: '请输入报表名称',
      reportChart: '图表',
      reportNoChart: '不画图表',
      reportGroupBy: '按字段分组',
      reportGroupByRequired: '请选择分组字段',
      reportSum: '求和字段',
      reportCount: '计数 (不求和)',
      chart: { bar: '柱状图', line: '折线图', pie: '饼图' },
    },
  },
  en: {
    common: { confirmTitle: 'Notice', ok: 'OK', cancel: 'Cancel' },
    crud: {
      add: 'Add',
      addChild: 'Add child',
      edit: 'Edit',
      view: 'View',
      delete: 'Delete',
      actions: 'Actions',
      // titles are plural names ('Posts'): 'Add Posts' would not read
      addTitle: '{{title}}: add',
      editTitle: '{{title}}: edit',
      viewTitle: '{{title}}: details',
      added: CRUD_MESSAGES.added.en,
      updated: CRUD_MESSAGES.updated.en,
      deleted: CRUD_MESSAGES.deleted.en,
      done: CRUD_MESSAGES.done.en,
      selectOne: CRUD_MESSAGES.selectOne.en,
      confirmDelete: CRUD_MESSAGES.confirmDelete.en,
      notFound: CRUD_MESSAGES.notFound.en,
      yes: 'Yes',
      no: 'No',
      export: 'Export',
      exportSelected: 'Export selected ({{count}})',
      selectAll: 'Select all',
      selectRow: 'Select {{name}}',
      selectThisRow: 'Select this row',
      rule: ruleTexts('en'),
      exportQueued: 'Added to the download centre: download the file there once it is ready',
      upload: 'Upload',
      imageType: 'The picture must be a JPG or PNG',
      imageSize: 'The picture must be at most 500 KB',
      uploadFailed: 'The upload failed, please try again',
      unknownError: 'Unknown error',
      passwordConfirm: 'Confirm password',
      passwordConfirmRequired: 'Please enter the password again',
      passwordMismatch: 'The passwords differ',
      rangeStart: 'From',
      rangeEnd: 'To',
      rich: { heading: 'Heading', bold: 'Bold', italic: 'Italic', bulletList: 'Bulleted list', orderedList: 'Numbered list', undo: 'Undo', redo: 'Redo' },
      chooseParent: 'Choose a row of {{title}} first',
      uploadFile: 'Click or drop a file here',
      uploadAccept: 'Accepted: {{accept}}',
      chooseFile: 'Please choose a file',
      import: 'Import',
      importTitle: 'Import {{title}}',
      importTemplate: 'Download the template',
      importHint:
        'Fill in the template and upload the .xlsx: at most 50,000 rows and 10 MB. Rows that fail the checks go to an error file in the upload centre: correct it and import it again.',
      importQueued: 'Added to the upload centre: the list refreshes when the import is done',
      importDone: 'Import done: {{success}} rows added or updated, {{failed}} refused',
      importFailed: 'Import failed',
      saveReport: 'Save as report',
      reportSaved: 'Saved: open it under Reports',
      reportName: 'Report name',
      reportNameRequired: 'Please enter the report name',
      reportChart: 'Chart',
      reportNoChart: 'No chart',
      reportGroupBy: 'Group by',
      reportGroupByRequired: 'Please choose the field to group by',
      reportSum: 'Sum of',
      reportCount: 'Count (no sum)',
      chart: { bar: 'Bar', line: 'Line', pie: 'Pie' },
    },
  },
} as const;

type Lng = 'zh' | 'en';

function fieldTexts(fields: Record<string, FieldDef>, lng: Lng) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      {
        label: field.label[lng],
        ...(field.required ? { required: field.required[lng] } : {}),
        options: Object.fromEntries((field.options ?? []).map((o) => [String(o.value), o.label[lng]])),
      },
    ]),
  );
}

function actionTexts(action: ActionDef, lng: Lng) {
  return {
    label: action.label[lng],
    ...(action.confirm ? { confirm: action.confirm[lng] } : {}),
    ...(action.done ? { done: action.done[lng] } : {}),
    fields: fieldTexts(action.fields ?? {}, lng),
  };
}

/** Per i18next instance (the shell and each sub-app have their own). */
const registered = new WeakMap<I18n, Set<string>>();

/** The UI's own texts (`crud.*`, `common.*`) as defaults of a host's i18next, for a list that is not a ResourcePage. */
export function registerUiTexts(i18n: I18n): void {
  registeredIn(i18n);
}

function registeredIn(i18n: I18n): Set<string> {
  let names = registered.get(i18n);
  if (!names) {
    names = new Set();
    registered.set(i18n, names);
    for (const lng of ['zh', 'en'] as const) i18n.addResourceBundle(lng, 'translation', UI_TEXTS[lng], true, false);
  }
  return names;
}

export function registerResourceI18n(i18n: I18n, def: Pick<AnyResourceDef, 'name' | 'title' | 'entity' | 'fields' | 'actions'>): void {
  const names = registeredIn(i18n);
  if (names.has(def.name)) return;
  names.add(def.name);
  for (const lng of ['zh', 'en'] as const) {
    const actions = Object.fromEntries((def.actions ?? []).map((a) => [a.name, actionTexts(a, lng)]));
    i18n.addResourceBundle(lng, 'translation', { res: { [def.name]: { title: def.title[lng], entity: entityOf(def)[lng], fields: fieldTexts(def.fields, lng), actions } } }, true, true);
  }
}
