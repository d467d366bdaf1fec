/**
 * One definition per CRUD entity (docs/architecture.md, 'The resource framework').
 * The server derives its routes, request schemas, filters and permission guards
 * from it; the shell derives its list columns, search form and edit form from the
 * same object. What only one side can hold (server hooks, custom renders) is
 * given where that side registers the definition.
 */
export interface Text {
  zh: string;
  en: string;
}

/** A text in both languages. */
export const zhEn = (zh: string, en: string): Text => ({ zh, en });

/**
 * string/text: free text; number: an integer; select: one of `options`; switch: 0 or 1;
 * dict: a key of the dictionary `dict.code` (options read from `dictionary?code=`);
 * ref: the id of a record of another resource (options from its `select` call);
 * multiRef: several such ids, comma-joined on the wire ('1,2'); treeRef: an id picked
 * from the other resource's tree (its `tree` call); date: 'yyyy-MM-dd HH:mm:ss';
 * password: written, never answered; image: the address of an uploaded picture;
 * icon: the name of an icon (picked from the shell's icon set); richText: HTML written in a
 * rich-text editor, sanitised by the server when written and by the page when shown.
 */
export type FieldKind = 'string' | 'text' | 'number' | 'select' | 'switch' | 'dict' | 'ref' | 'multiRef' | 'treeRef' | 'date' | 'password' | 'image' | 'icon' | 'richText';

export interface FieldDef {
  label: Text;
  kind: FieldKind;
  /** message shown when the field is empty; absent means optional */
  required?: Text;
  maxLength?: number;
  /**
   * a format the value must have (field-rules.ts): checked by the form as it is typed and by the server;
   * 'secret': a password given to another system (a client secret), long instead of mixed
   */
  format?: 'phone' | 'email' | 'secret';
  /** bounds of a number (default 0 … 2^31-1) */
  min?: number;
  max?: number;
  /**
   * offered in the search form and accepted by the list call: 'like' matches a
   * substring, 'eq' the whole value, 'in' any of a comma-joined list, 'range' a date
   * between `<field>_dategt` and `<field>_datelt`. A filter not declared is refused.
   */
  search?: 'like' | 'eq' | 'in' | 'range';
  /** shown as a list column (default true; passwords never) */
  column?: boolean;
  /** shown in the edit form (default true) */
  form?: boolean;
  /** list column width in pixels */
  width?: number;
  /**
   * the list may be sorted by it (`ascs` / `descs`); by default a listed value of its own that sorts
   * meaningfully (text, numbers, dates, choices): not refs (ids), long texts or pictures
   */
  sortable?: boolean;
  /** options of a select, value → label */
  options?: { value: string | number; label: Text }[];
  /** the dictionary whose items a 'dict' field takes: system (`dict`) or business (`dict-biz`) */
  dict?: { code: string; biz?: boolean };
  /**
   * the resource a ref / multiRef / treeRef field points to: its name and service path;
   * `tree`: the other resource is a tree, its records are picked from its `tree` call;
   * `owned`: the records holding it belong to the one it points to (a user's reminders): they go
   * when it is removed, instead of keeping it from being removed;
   * `within`: a field of this record that the picked record must share (a job location's grid lies
   * in its project: `within: 'projectId'`): the form offers only those, the server refuses others
   */
  ref?: { resource: string; basePath: string; tree?: boolean; owned?: true; within?: string };
  /**
   * a date without a time of day (a package's start and end, a birthday): picked with a date
   * picker and shown as 'yyyy-MM-dd'; on the wire still 'yyyy-MM-dd 00:00:00', as every date
   */
  dateOnly?: true;
  /** value a new record starts with */
  default?: string | number;
  /** answered but never written by a submit (kept by the server) */
  readonly?: boolean;
  /** written when the record is added, read-only afterwards (an account, a code) */
  addOnly?: boolean;
  /** computed by the server when it answers (no column of its own); implies readonly */
  virtual?: true;
  /**
   * a password the server must read back (to connect with it): stored encrypted, not hashed; never
   * answered; an update without one keeps the stored value
   */
  sealed?: true;
}

/** The free remark most records carry: in the form, not a list column. */
export const REMARK_FIELD: FieldDef = { label: zhEn('备注', 'Remark'), kind: 'text', maxLength: 255, column: false };

/**
 * A button beyond add / edit / view / delete: a server route plus its button and,
 * when it has `fields`, a dialog. `on` says where the button is: on each row, or
 * in the toolbar acting on the selected rows ('selection') or on nothing ('toolbar').
 */
export interface ActionDef {
  name: string;
  label: Text;
  /** the button code that shows the button and guards the route */
  permission: string;
  /** POST path: relative to the basePath ('reset-password') or absolute ('/us-user/unlock') */
  path: string;
  on: 'row' | 'selection' | 'toolbar';
  /** the query parameter that carries the chosen ids, comma-joined (default 'ids') */
  idsParam?: string;
  /** asked before the call; absent: no confirmation */
  confirm?: Text;
  /** fields of the dialog the button opens; their values are the request body */
  fields?: Record<string, FieldDef>;
  /** the message after success (default '操作成功!') */
  done?: Text;
  /** the answer's data carries the resource's `revealOnce` field in clear: the page shows it once */
  reveal?: true;
  /** the answer's data is an ActionReport: the page shows it in a dialog (a check's findings) */
  report?: true;
  /** it writes the platform's shared rows (menus): the default tenant only */
  platform?: true;
}

/** What a checking action found, line by line (ActionDef.report). */
export interface ActionReport {
  /** everything needed was found */
  ok: boolean;
  /** one sentence: what was checked and the outcome */
  summary: string;
  items: { label: string; value: string; ok?: boolean }[];
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** short name, also the menu code that guards list and detail ('param') */
  name: string;
  title: Text;
  /**
   * what one record is called, in dialog titles ('新增岗位', not '新增岗位管理'); default: the title
   * without a trailing '管理'
   */
  entity?: Text;
  /** service path without the verb ('/us-system/param') */
  basePath: string;
  /** button codes that guard add / edit / delete on the server and show the buttons */
  permissions: { add: string; edit: string; delete: string; view: string };
  fields: F;
  /** 'tenant' (default): every row belongs to a tenant and is seen only there; 'global': shared by all */
  tenancy?: 'tenant' | 'global';
  /** the field that identifies a record on the wire (default 'id'; a region is keyed by its code) */
  key?: 'id' | (keyof F & string);
  /**
   * A tree: `parentField` holds the parent's key (`root` at the top level). Besides
   * the paged `list`, `lazy-list` answers one level of records with `hasChildren`,
   * `tree` the whole tree and `lazy-tree` one level of it as TreeNodes; a node with
   * children cannot be removed; `ancestors` is kept when the table has that column.
   */
  tree?: { parentField: keyof F & string; root: string };
  /**
   * A tree whose `list` answers the family's forest (BladeX's dept, menu, role and dict lists): every
   * record the filters match, unpaged, nested under its parent (`children`, `hasChildren`,
   * `parentName`). The paged list, which our pages search, is then at `page`.
   */
  forestList?: true;
  /**
   * A child of another resource: its list is filtered by `field` = the chosen parent's
   * key, and `inherit` fields are copied from the parent and read-only in the form.
   */
  parent?: { resource: string; field: keyof F & string; inherit?: (keyof F & string)[] };
  /** call paths that differ from the usual verbs, relative to basePath ('page' for the user list) */
  paths?: { list?: string; detail?: string; add?: string; update?: string; remove?: string; select?: string };
  /** fields whose value must be unique (within a tenant), with the message when it is not */
  unique?: { field: keyof F & string; message: Text }[];
  /** the field that names a record in selects, refs and trees (default: the first field) */
  labelField?: keyof F & string;
  /**
   * fields `select` answers besides the key and the label field, under their own names, for the
   * family's clients (a tenant is picked by its code, `tenantId`); options are read by every page
   * whose form picks from the resource, so only what identifies a record belongs here
   */
  selectFields?: (keyof F & string)[];
  actions?: ActionDef[];
  /** button codes of the page's own calls, not actions of the framework (the role grant dialog): seeded with the page */
  buttons?: { code: string; label: Text }[];
  /** width of the edit dialog (default 640) */
  formWidth?: number;
  /** records are only read here (a log, an outbox): no add, edit or remove */
  readOnly?: true;
  /** records are made elsewhere (attachments, by uploads): no add; a submit only edits */
  noAdd?: true;
  /** the menu code that guards reading, when it is not `name` */
  menu?: string;
  /** the admin page that shows it: its menu path and icon; the menu seed and the shell's pages follow it */
  page?: { path: string; icon?: string };
  /**
   * A value the server makes and answers in clear exactly once (a client secret): in the data of
   * the add's answer and of actions marked `reveal`, never in a list or a detail. The page shows
   * it in a dialog with `message` until the user closes it.
   */
  revealOnce?: { field: string; label: Text; message: Text };
  /**
   * Records can be imported from an .xlsx through the upload centre (`import-job`), each row
   * checked as the form's submit checks it; `import-template` is the file to fill in. The button
   * code guards both and shows 导入.
   */
  importable?: { permission: string };
}

/**
 * An option of `GET {basePath}/select`: every live record of the tenant, for refs and filters. Our
 * pages read `id` and `label`; the same values come under the record's own field names too (its
 * key, its labelField, its `selectFields`), which is what the family's clients read.
 */
export interface SelectOption {
  id: string;
  label: string;
  [field: string]: string;
}

/** A node of a resource's `tree` / `lazy-tree` call. A leaf carries no `children` key. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/** Any resource definition, as generic code (the server module, a list page) takes it. */
export interface AnyResourceDef extends Omit<ResourceDef, 'unique' | 'labelField' | 'key' | 'tree' | 'parent'> {
  unique?: { field: string; message: Text }[];
  labelField?: string;
  key?: string;
  tree?: { parentField: string; root: string };
  parent?: { resource: string; field: string; inherit?: string[] };
}

export function labelFieldOf(def: AnyResourceDef): string {
  return def.labelField ?? Object.keys(def.fields)[0];
}

export const keyOf = (def: AnyResourceDef): string => def.key ?? 'id';

/** The English titles are plurals of regular nouns ('Data scopes', 'Facilities'): one of them. */
const singular = (en: string): string => en.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/** What one record of a resource is called (ResourceDef.entity): 数据权限 › 'Add data scope', not 'Add Data scopes'. */
export const entityOf = (def: Pick<AnyResourceDef, 'title' | 'entity'>): Text => def.entity ?? { zh: def.title.zh.replace(/管理$/, '') || def.title.zh, en: singular(def.title.en) };

const SORTED_KINDS = new Set<FieldKind>(['string', 'number', 'date', 'select', 'switch', 'dict']);

/**
 * The fields a list may be sorted by (FieldDef.sortable): the shell's column sorters and the
 * server's check of `ascs` / `descs` read this one list.
 */
export function sortableFields(def: Pick<AnyResourceDef, 'fields'>): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.virtual && (f.sortable ?? (SORTED_KINDS.has(f.kind) && f.column !== false)))
    .map(([name]) => name);
}

/** The list call's sort parameters, as the BladeX family sends them: comma-joined column names. */
export const SORT_PARAMS = { asc: 'ascs', desc: 'descs' } as const;

/** A list call's own parameters (paging and order): never a filter, never a field's name. */
export const LIST_PARAMS: ReadonlySet<string> = new Set(['current', 'size', SORT_PARAMS.asc, SORT_PARAMS.desc]);

/** The menu code that guards reading a resource. */
export const menuOf = (def: AnyResourceDef): string => def.menu ?? def.name;

/** The full path of one of a resource's calls. */
export function pathOf(def: AnyResourceDef, verb: 'list' | 'detail' | 'add' | 'update' | 'remove' | 'select' | 'export' | 'export-job' | 'import-job' | 'import-template'): string {
  const own =
    verb === 'list' || verb === 'detail' || verb === 'add' || verb === 'update' || verb === 'remove' || verb === 'select'
      ? (def.paths?.[verb] ?? (verb === 'list' && def.forestList ? 'page' : undefined))
      : undefined;
  const defaultVerb = verb === 'add' || verb === 'update' ? 'submit' : verb;
  const path = own ?? defaultVerb;
  return path ? `${def.basePath}/${path}` : def.basePath;
}

export function actionPath(def: AnyResourceDef, action: ActionDef): string {
  return action.path.startsWith('/') ? action.path : `${def.basePath}/${action.path}`;
}

export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  return def;
}

/**
 * A second view of a resource for the UI: the same calls, another list path,
 * some fields left out (the parent table of the dictionaries shows no key).
 */
export function viewOf(def: AnyResourceDef, view: { name: string; omit?: string[]; list?: string; parent?: AnyResourceDef['parent'] }): AnyResourceDef {
  const fields = Object.fromEntries(Object.entries(def.fields).filter(([k]) => !view.omit?.includes(k)));
  return { ...def, name: view.name, fields, paths: { ...def.paths, list: view.list ?? def.paths?.list }, parent: view.parent ?? def.parent };
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
  noAdd: { zh: '此类数据不能在这里新增', en: 'Records of this kind are not added here' },
  hasChildren: { zh: '请先删除子节点', en: 'Remove its children first' },
  parentSelf: { zh: '父节点不能是自己或下级', en: 'A node cannot be its own parent or descendant' },
  parentMissing: { zh: '上级不存在', en: 'The parent does not exist' },
  unknownFilter: { zh: '不支持的查询条件', en: 'Unsupported filter' },
  unknownSort: { zh: '不支持的排序字段', en: 'The list cannot be sorted by' },
} as const;
