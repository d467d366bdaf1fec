/**
 * One definition per CRUD entity (DESIGN §4). The server derives its routes,
 * request schemas, filters and permission guards from it; the shell derives its
 * list columns, search form and edit form from the same object.
 */
export interface Text {
  zh: string;
  en: string;
}

export type FieldKind = 'string' | 'text' | 'number' | 'select';

export interface FieldDef {
  label: Text;
  kind: FieldKind;
  /** message shown when the field is empty; absent means optional */
  required?: Text;
  maxLength?: number;
  /** offered in the search form; 'like' matches a substring, 'eq' the whole value */
  search?: 'like' | 'eq';
  /** shown as a list column (default true) */
  column?: boolean;
  /** options of a select, value → label */
  options?: { value: string | number; label: Text }[];
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** short name, also the menu code that guards list access ('param') */
  name: string;
  title: Text;
  /** service path without the verb ('/us-system/param') */
  basePath: string;
  /** button codes that guard add / edit / delete on the server */
  permissions: { add: string; edit: string; delete: string; view: string };
  fields: F;
  /** fields whose value must be unique within a tenant, with the message when it is not */
  unique?: { field: keyof F & string; message: Text }[];
}

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  return def;
}

/** The record as the wire carries it: id as a string, audit columns included. */
export type ResourceRecord<F extends Record<string, FieldDef>> = {
  [K in keyof F]: F[K]['kind'] extends 'number' ? number : string;
} & {
  id: string;
  tenantId: string;
  createUser: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  status: number;
};

export const CRUD_MESSAGES = {
  added: { zh: '新增成功', en: 'Added' },
  updated: { zh: '更新成功', en: 'Updated' },
  deleted: { zh: '删除成功', en: 'Deleted' },
  done: { zh: '操作成功!', en: 'Done!' },
  selectOne: { zh: '请选择至少一条数据', en: 'Select at least one row' },
  confirmDelete: { zh: '确定将选择数据删除?', en: 'Delete the selected rows?' },
  notFound: { zh: '数据不存在', en: 'Record not found' },
} as const;
