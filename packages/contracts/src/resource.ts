/**
 * One definition per CRUD entity (DESIGN §4). The server derives its routes,
 * request schemas, filters and permission guards from it; the shell derives its
 * list columns, search form and edit form from the same object.
 */
export interface Text {
  zh: string;
  en: string;
}

/**
 * string/text: free text; number; select: one of `options`; switch: 0 or 1 (否/是);
 * ref: the id of a record of another resource of the same tenant (options from its
 * `select` call); image: the address of an uploaded picture (put-file).
 */
export type FieldKind = 'string' | 'text' | 'number' | 'select' | 'switch' | 'ref' | 'image';

export interface FieldDef {
  label: Text;
  kind: FieldKind;
  /** message shown when the field is empty; absent means optional */
  required?: Text;
  maxLength?: number;
  /**
   * offered in the search form; 'like' matches a substring, 'eq' the whole value,
   * 'in' any of a comma-joined list (a ref field filtered by the selected projects)
   */
  search?: 'like' | 'eq' | 'in';
  /** shown as a list column (default true) */
  column?: boolean;
  /** options of a select, value → label */
  options?: { value: string | number; label: Text }[];
  /** the resource a ref field points to: its name and service path */
  ref?: { resource: string; basePath: string };
  /** value a new record starts with */
  default?: string | number;
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
  /** the field that names a record in selects and refs (default: the first field) */
  labelField?: keyof F & string;
}

/** An option of `GET {basePath}/select`: every live record of the tenant, for refs and filters. */
export interface SelectOption {
  id: string;
  label: string;
}

/** Any resource definition, as generic code (the server module, a list page) takes it. */
export interface AnyResourceDef extends Omit<ResourceDef, 'unique' | 'labelField'> {
  unique?: { field: string; message: Text }[];
  labelField?: string;
}

export function labelFieldOf(def: AnyResourceDef): string {
  return def.labelField ?? Object.keys(def.fields)[0];
}

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  return def;
}

/** The record as the wire carries it: id as a string, audit columns included. */
export type ResourceRecord<F extends Record<string, FieldDef>> = {
  [K in keyof F]: F[K]['kind'] extends 'number' | 'switch' ? number : string;
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
