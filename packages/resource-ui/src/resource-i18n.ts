import type { i18n as I18n } from 'i18next';
import { CRUD_MESSAGES, type FieldDef, type ResourceDef } from '@wb/contracts/resource';

/**
 * A resource definition carries its texts in both languages; they go into the
 * host's i18next under `res.<name>`, so pages translate them like any other
 * text. The UI's own texts live under `crud.*` / `common.*`: registered here as
 * defaults, a host bundle that already has a key keeps its own text.
 */
export function resourceKeys(def: Pick<ResourceDef, 'name'>) {
  const base = `res.${def.name}`;
  return {
    title: `${base}.title`,
    label: (field: string) => `${base}.fields.${field}.label`,
    required: (field: string) => `${base}.fields.${field}.required`,
    option: (field: string, value: string | number) => `${base}.fields.${field}.options.${value}`,
  };
}

export const UI_TEXTS = {
  zh: {
    common: { confirmTitle: '提示', ok: '确定', cancel: '取消' },
    crud: {
      add: '新增',
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
      selectOne: CRUD_MESSAGES.selectOne.zh,
      confirmDelete: CRUD_MESSAGES.confirmDelete.zh,
      notFound: CRUD_MESSAGES.notFound.zh,
      yes: '是',
      no: '否',
      export: '导出',
      exported: '导出成功',
      exportFailed: '导出失败',
      upload: '上传图片',
      imageType: '图片只能是 JPG 或 PNG 格式',
      imageSize: '图片大小不能超过 500KB',
      unknownError: '未知错误',
    },
  },
  en: {
    common: { confirmTitle: 'Notice', ok: 'OK', cancel: 'Cancel' },
    crud: {
      add: 'Add',
      edit: 'Edit',
      view: 'View',
      delete: 'Delete',
      actions: 'Actions',
      addTitle: 'Add {{title}}',
      editTitle: 'Edit {{title}}',
      viewTitle: 'View {{title}}',
      added: CRUD_MESSAGES.added.en,
      updated: CRUD_MESSAGES.updated.en,
      deleted: CRUD_MESSAGES.deleted.en,
      selectOne: CRUD_MESSAGES.selectOne.en,
      confirmDelete: CRUD_MESSAGES.confirmDelete.en,
      notFound: CRUD_MESSAGES.notFound.en,
      yes: 'Yes',
      no: 'No',
      export: 'Export',
      exported: 'Exported',
      exportFailed: 'Export failed',
      upload: 'Upload',
      imageType: 'The picture must be a JPG or PNG',
      imageSize: 'The picture must be at most 500 KB',
      unknownError: 'Unknown error',
    },
  },
} as const;

function fieldTexts(field: FieldDef, lng: 'zh' | 'en') {
  return {
    label: field.label[lng],
    ...(field.required ? { required: field.required[lng] } : {}),
    options: Object.fromEntries((field.options ?? []).map((o) => [String(o.value), o.label[lng]])),
  };
}

/** Per i18next instance (the shell and each sub-app have their own). */
const registered = new WeakMap<I18n, Set<string>>();

function registeredIn(i18n: I18n): Set<string> {
  let names = registered.get(i18n);
  if (!names) {
    names = new Set();
    registered.set(i18n, names);
    for (const lng of ['zh', 'en'] as const) i18n.addResourceBundle(lng, 'translation', UI_TEXTS[lng], true, false);
  }
  return names;
}

export function registerResourceI18n(i18n: I18n, def: Pick<ResourceDef, 'name' | 'title' | 'fields'>): void {
  const names = registeredIn(i18n);
  if (names.has(def.name)) return;
  names.add(def.name);
  for (const lng of ['zh', 'en'] as const) {
    const fields = Object.fromEntries(Object.entries(def.fields).map(([key, field]) => [key, fieldTexts(field, lng)]));
    i18n.addResourceBundle(lng, 'translation', { res: { [def.name]: { title: def.title[lng], fields } } }, true, true);
  }
}
